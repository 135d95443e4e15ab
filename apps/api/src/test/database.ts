import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrl } from '../config.ts';
import { migrate, openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema
 * on the PostgreSQL at TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schemaName}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: url, searchPath: schemaName });
  await migrate(database, schemaName);
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
