import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrate, migrationsFolder, openDatabase } from '../db/client.ts';

/**
 * A migrated database made once per run of the API suite (test/global-setup.ts), from which each test database starts
 * instead of running every migration again (docs/testing.md).
 */
export interface MigratedSnapshot {
  /** migrationsDigest() when it was made: a snapshot of other migrations is never used. */
  digest: string;
  /** PGlite: a file holding the dump of a migrated data directory. */
  pgliteDump?: string;
  /** PostgreSQL: the SQL that recreates the migrated schema (pg_dump), with `schemaPlaceholder` for its name. */
  postgresSql?: string;
  schemaPlaceholder?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiMigratedSnapshot: MigratedSnapshot | null;
  }
}

/** What the migrator reads: the SQL files and the journal that orders them. */
export function migrationsDigest(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .concat('meta/_journal.json');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsFolder, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Migrates an in-memory PGlite from scratch and writes its data directory to a file; returns it and a cleanup. */
export async function makePgliteSnapshot(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'galeno-test-snapshot-'));
  const database = await openDatabase({});
  try {
    await migrate(database);
    // Uncompressed: loading it is what every test database pays, writing it happens once.
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    const file = path.join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

/**
 * Migrates a new schema on the PostgreSQL at `url` from scratch, as each test file's schema used to be, and returns
 * pg_dump's SQL for it (schema, functions, triggers and rows, the migrator's journal included) with its name as a
 * placeholder; the schema itself is dropped again. Null when pg_dump cannot dump it.
 */
export async function makePostgresSnapshot(url: string): Promise<{ sql: string; placeholder: string } | null> {
  const placeholder = `galeno_snapshot_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${placeholder}`);
    const database = await openDatabase({ databaseUrl: url, searchPath: placeholder });
    try {
      await migrate(database, placeholder);
    } finally {
      await database.close();
    }
    let dumped: string;
    try {
      ({ stdout: dumped } = await promisify(execFile)(
        'pg_dump',
        ['--schema', placeholder, '--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=1000', url],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      ));
    } catch (error) {
      // Without pg_dump (or with one older than the server) each test schema is migrated as before: slower, same result.
      console.warn(`API tests: no snapshot (pg_dump: ${(error as Error).message.split('\n')[0]}); each test schema runs the migrations`);
      return null;
    }
    // psql's meta-commands (\restrict in recent pg_dump) are not SQL; the server would refuse them.
    return { sql: dumped.replace(/^\\.*$/gm, ''), placeholder };
  } finally {
    await admin.query(`drop schema if exists ${placeholder} cascade`).catch(() => undefined);
    await admin.end();
  }
}
