import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { startPeerSnapshots } from './peers.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

describe('a failed hourly peer snapshot refresh', () => {
  it('logs the statement, never its parameters', async () => {
    const lines: string[] = [];
    const log = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } }).log;
    await database.db.execute(sql`alter table answers rename to answers_away`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const snapshots = startPeerSnapshots({ db: database.db, log });
    try {
      // The first run comes a minute after start.
      vi.advanceTimersByTime(60_000);
      vi.useRealTimers();
      await expect.poll(() => lines.join(''), { timeout: 5000 }).toContain('peer snapshot refresh failed');
    } finally {
      snapshots.stop();
      await database.db.execute(sql`alter table answers_away rename to answers`);
    }
    const text = lines.join('');
    expect(text).toContain('"query":"select');
    expect(text).not.toContain('params');
  });
});
