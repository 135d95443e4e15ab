import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../config.ts';
import { makePgliteSnapshot, makePostgresSnapshot, migrationsDigest, type MigratedSnapshot } from './snapshot.ts';

/**
 * Once per run of the API project: runs every migration from scratch into one database and keeps a snapshot of it,
 * from which each test database starts (test/database.ts). A failing migration fails the run here.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const url = testDatabaseUrl();
  const digest = migrationsDigest();
  // To measure against (docs/testing.md): every test database runs the migrations itself.
  if (process.env.API_TEST_SNAPSHOT === 'off') {
    project.provide('apiMigratedSnapshot', null);
    return () => undefined;
  }
  if (!url) {
    const snapshot = await makePgliteSnapshot();
    project.provide('apiMigratedSnapshot', { digest, pgliteDump: snapshot.file } satisfies MigratedSnapshot);
    return () => snapshot.remove();
  }
  const snapshot = await makePostgresSnapshot(url);
  project.provide(
    'apiMigratedSnapshot',
    snapshot ? ({ digest, postgresSql: snapshot.sql, schemaPlaceholder: snapshot.placeholder } satisfies MigratedSnapshot) : null,
  );
  return () => undefined;
}
