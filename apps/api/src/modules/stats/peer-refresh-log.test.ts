import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { startJobs } from '../../jobs/runner.ts';
import { serverJobs } from '../../jobs/registry.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

const idleOutbox: OutboxWorker = { kick() {}, deliver: async () => undefined, settled: async () => undefined, stop: async () => undefined };

describe('a failed hourly peer snapshot refresh', () => {
  it('runs a minute after start and logs the statement, never its parameters', async () => {
    const lines: string[] = [];
    const log = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } }).log;
    await database.db.execute(sql`alter table answers rename to answers_away`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const jobs = startJobs(
      serverJobs({ db: database.db, outbox: idleOutbox, digest: { appName: 'Galeno', appOrigin: 'http://localhost', secret: 'test' } }).filter((job) => job.name === 'peer-snapshots'),
      log,
    );
    try {
      vi.advanceTimersByTime(59_000);
      expect(lines).toEqual([]);
      // The first run comes a minute after start.
      vi.advanceTimersByTime(1_000);
      vi.useRealTimers();
      await expect.poll(() => lines.join(''), { timeout: 5000 }).toContain('job peer-snapshots failed');
    } finally {
      await jobs.stop();
      await database.db.execute(sql`alter table answers_away rename to answers`);
    }
    const text = lines.join('');
    expect(text).toContain('"query":"select');
    expect(text).not.toContain('params');
  });
});
