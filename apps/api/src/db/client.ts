import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; undefined means in memory. */
  dataDir?: string | undefined;
  /** A PostgreSQL schema to live in (tests get a fresh one each). */
  searchPath?: string | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // During an outage a request fails in seconds (a 503) instead of waiting forever for a connection.
      connectionTimeoutMillis: 5000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
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
    return { db, kind: 'postgres', listen, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrate(database: Database, migrationsSchema = 'drizzle'): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder, migrationsSchema });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder, migrationsSchema });
  }
}
