// The API suite. With TEST_DATABASE_URL (as `.ci/run` sets it): every file on PostgreSQL, then the files that depend
// on the embedded database's dialect or on PGlite itself again on PGlite (what `npm start` runs without a database).
// Without it: every file on PGlite. `npm run test:pglite` runs every file on PGlite whatever the environment says.
import { spawnSync } from 'node:child_process';

/** The PGlite pass of a full run: boot and migrations, content loading, triggers, prepared statements, transactions. */
export const PGLITE_FILES = [
  'apps/api/src/app.test.ts', // boot: migrations from scratch, the content load
  'apps/api/src/modules/health/ready.test.ts',
  'apps/api/src/modules/content/lifecycle.test.ts', // content upserts, retirements, the MIR banks' decisions
  'apps/api/src/modules/stats/totals.test.ts', // the statistics triggers
  'apps/api/src/modules/quiz/sealed.test.ts', // the sealing triggers
  'apps/api/src/modules/quiz/routes.test.ts', // grading's prepared statements and data-modifying CTEs
  'apps/api/src/modules/flashcards/routes.test.ts', // the schedule written only if unchanged (xmin)
];

const args = process.argv.slice(2);
const everyFileOnPglite = args[0] === '--pglite';
const extra = everyFileOnPglite ? args.slice(1) : args;
const { TEST_DATABASE_URL: postgresUrl, ...baseEnv } = process.env;

const runs = [];
if (postgresUrl && !everyFileOnPglite) {
  runs.push({ label: 'PostgreSQL (every file)', env: { ...baseEnv, TEST_DATABASE_URL: postgresUrl }, files: [] });
  // Files named on the command line run on both; otherwise PGlite runs its own list.
  runs.push({ label: 'PGlite (dialect and embedded-database files)', env: baseEnv, files: extra.length ? [] : PGLITE_FILES });
} else {
  runs.push({ label: 'PGlite (every file)', env: baseEnv, files: [] });
}

for (const run of runs) {
  console.log(`\n▶ API suite on ${run.label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--project', 'api-isolated', ...run.files, ...extra], {
    stdio: 'inherit',
    env: run.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
