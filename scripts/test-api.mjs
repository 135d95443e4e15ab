// Runs the API suite on in-memory PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const { TEST_DATABASE_URL: postgresUrl, ...baseEnv } = process.env;
const runs = [{ label: 'PGlite', env: baseEnv }];
if (postgresUrl) runs.push({ label: 'PostgreSQL', env: { ...baseEnv, TEST_DATABASE_URL: postgresUrl } });

for (const run of runs) {
  console.log(`\n▶ API suite on ${run.label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], { stdio: 'inherit', env: run.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
