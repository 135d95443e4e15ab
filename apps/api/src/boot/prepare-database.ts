import pg from 'pg';
import { seedContent, type SeedReport } from './seed.ts';
import { migrate, type Database } from '../db/client.ts';

/** The key of the advisory lock every instance takes around its migrations and content load. */
export const BOOT_LOCK_KEY = 72_210_001;

export interface BootOptions {
  /** The PostgreSQL the database lives on; unset for PGlite, which one process owns alone. */
  databaseUrl?: string | undefined;
  contentRoot?: string | undefined;
  migrationsSchema?: string | undefined;
  /** Told which step is running, so a failed start can say what failed. */
  onStep?: (step: 'migrations' | 'content') => void;
}

/**
 * Migrations and the content load, once per database however many instances start together: each
 * instance waits for a PostgreSQL advisory lock held on a dedicated connection (not a pooled one), so the
 * second finds the migrations applied and the content loaded.
 */
export async function prepareDatabase(database: Database, options: BootOptions = {}): Promise<SeedReport> {
  const run = async () => {
    options.onStep?.('migrations');
    await migrate(database, options.migrationsSchema);
    options.onStep?.('content');
    // A large bank's load is work, not a stall: not held to the statement bound that protects requests.
    if (database.unbounded) return database.unbounded((db) => seedContent(db, options.contentRoot));
    return seedContent(database.db, options.contentRoot);
  };
  if (database.kind !== 'postgres' || !options.databaseUrl) return run();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
    return await run();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
