import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { migrate, openDatabase, type Database } from '../db/client.ts';
import { migrationsDigest, type MigratedSnapshot } from './snapshot.ts';

let pgliteDump: Promise<Blob> | undefined;

/** The run's migrated snapshot (test/global-setup.ts), unless there is none or the migrations changed since. */
function currentSnapshot(): MigratedSnapshot | undefined {
  const snapshot = inject('apiMigratedSnapshot');
  return snapshot && snapshot.digest === migrationsDigest() ? snapshot : undefined;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema
 * on the PostgreSQL at TEST_DATABASE_URL (dropped again on close). Each starts from the run's migrated snapshot
 * when there is one, and runs the migrations itself otherwise.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  const snapshot = currentSnapshot();
  if (!url) {
    if (!snapshot?.pgliteDump) {
      const database = await openDatabase({});
      await migrate(database);
      return database;
    }
    pgliteDump ??= readFile(snapshot.pgliteDump).then((bytes) => new Blob([bytes]));
    return openDatabase({ loadDataDir: await pgliteDump });
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (snapshot?.postgresSql && snapshot.schemaPlaceholder) {
      await admin.query(snapshot.postgresSql.replaceAll(snapshot.schemaPlaceholder, schemaName));
    } else {
      await admin.query(`create schema ${schemaName}`);
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: url, searchPath: schemaName });
  if (!snapshot?.postgresSql) await migrate(database, schemaName);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schemaName} cascade`);
      await cleanup.end();
    },
  };
}
