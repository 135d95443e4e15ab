import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './client.ts';
import type { NotificationListener } from './notifications.ts';

type Inspectable = pg.Client & { _getActiveQuery(): unknown; _queryQueue: unknown[] };

/**
 * A pooled connection learns to hear its own statements' notifications (a LISTEN) before it is handed out, never by a
 * statement queued ahead of the caller's on a busy client: node-postgres deprecates such queueing (it printed «Calling
 * client.query() when the client is already executing a query» under load) and pg@9 refuses it (issue 36).
 */
describe.runIf(testDatabaseUrl())('own notifications on pooled connections', () => {
  let database: Database;
  let listener: NotificationListener;
  const heard: string[][] = [];
  const queuedBehindAnother: string[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: Inspectable, ...args: unknown[]) {
      if (this._getActiveQuery() || this._queryQueue.length > 0) {
        const statement = args[0] as string | { text?: string };
        queuedBehindAnother.push(typeof statement === 'string' ? statement : String(statement.text));
      }
      return (query as (...all: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    database = await createTestDatabase();
    listener = database.listen!('galeno_test_channel', {
      message: (keys) => heard.push(keys),
      live: () => undefined,
      warn: () => undefined,
    });
  });

  afterAll(async () => {
    pg.Client.prototype.query = query;
    await listener?.close();
    await database?.close();
  });

  it('listens before handing a connection out, and never queues a statement on a busy client', async () => {
    // Ten at once: every connection of the pool is made and handed out while the channel is registered.
    const pids = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`).then((result) => {
          return (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        }),
      ),
    );
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(new Set(pids).size).toBeGreaterThan(1);
    expect(queuedBehindAnother).toEqual([]);

    // Each connection hears what its own statement sends by the time the statement returns.
    const before = heard.length;
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db.execute(
          sql`select pg_notify('galeno_test_channel_' || pg_backend_pid(), current_schema() || ' key-' || ${String(index)})`,
        ),
      ),
    );
    expect(heard.slice(before).map((keys) => keys[0]).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `key-${index}`).sort(),
    );
    expect(queuedBehindAnother).toEqual([]);
  });
});
