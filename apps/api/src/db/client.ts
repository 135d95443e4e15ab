import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.ts';
import { listenForNotifications, ownNotifications, type NotificationHandlers, type NotificationListener } from './notifications.ts';

export type Schema = typeof schema;
/** PGlite and node-postgres both give a PgDatabase; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** LISTEN on a channel over a connection of its own (db/notifications.ts). */
export type Listen = (channel: string, handlers: NotificationHandlers) => NotificationListener;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the embedded PGlite serves one process, which has nobody to hear from. */
  listen?: Listen;
  /**
   * PostgreSQL only: runs `work` on a connection of its own without the statement bound (`timeoutMs`), for the
   * migrations: a long index build is work, not a stall.
   */
  unbounded?: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; undefined means in memory. */
  dataDir?: string | undefined;
  /** PGlite only: start from this dump of a data directory (the tests' migrated snapshot) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  /** A PostgreSQL schema to live in (tests get a fresh one each). */
  searchPath?: string | undefined;
  /**
   * PostgreSQL: how long a connection attempt and a statement may take (unset: no bound, as for tools). The server
   * passes DATABASE_TIMEOUT_MS, so a database gone silent costs a request seconds (a 503), not the minutes TCP takes.
   */
  timeoutMs?: number | undefined;
}

/** How long after the server's own statement bound the driver stops waiting: only a silent connection gets there. */
const SILENCE_GRACE_MS = 1000;
/** Without a bound of its own, a connection attempt still gives up in seconds during an outage (a 503). */
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const searchPath = options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {};
    const timeoutMs = options.timeoutMs;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // During an outage a request fails in seconds (a 503) instead of waiting forever for a connection.
      connectionTimeoutMillis: timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // A statement that runs too long is cancelled by the server (the connection stays good); one whose answer never
      // comes, because the database or the path to it went silent without closing, is given up by the driver.
      ...(timeoutMs ? { statement_timeout: timeoutMs, query_timeout: timeoutMs + SILENCE_GRACE_MS } : {}),
      // A peer that vanished (a crashed host, a NAT that forgot us) is found dead instead of waited on for ever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...searchPath,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    // The driver gives up on a silent statement but leaves it active on its connection; a transaction's client comes
    // back so (drizzle releases it without the error), and would hand its next user the same silence: close it.
    pool.on('release', (error, client) => {
      const connection = client as pg.PoolClient & { readyForQuery: boolean; connection: { stream: { destroy(): void } } };
      if (!error && !connection.readyForQuery) connection.connection.stream.destroy();
    });
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const own = ownNotifications(pool);
    // Both: this instance's own changes as its statements return, every instance's (its own too) moments later.
    const listen: Listen = (channel, handlers) => {
      const stopHearing = own.hear(channel, handlers.message);
      const listener = listenForNotifications(
        { connectionString: options.databaseUrl!, searchPath: options.searchPath, channel },
        handlers,
      );
      return {
        async close() {
          stopHearing();
          await listener.close();
        },
      };
    };
    const unbounded = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: options.databaseUrl, ...searchPath });
      // A connection lost between statements must not crash the process: the statement in flight fails on its own.
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await work(drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db);
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    return { db, kind: 'postgres', listen, unbounded, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // One options object: PGlite ignores its second argument when the first (the directory) is undefined.
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrate(database: Database, migrationsSchema = 'drizzle'): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    if (database.unbounded) await database.unbounded((db) => run(db as never, { migrationsFolder, migrationsSchema }));
    else await run(database.db as never, { migrationsFolder, migrationsSchema });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder, migrationsSchema });
  }
}
