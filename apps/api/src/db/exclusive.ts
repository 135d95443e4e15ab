import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs `job` at most once at a time across every instance on the database: the job holds a transaction-scoped
 * PostgreSQL advisory lock named after it, and an instance that finds it taken skips the run instead of waiting
 * (the holder is doing the work). The lock ends with the transaction, even if the instance dies mid-job.
 * PGlite is one process with one connection, where the lock is always free.
 */
export async function runExclusive<T>(
  db: Db,
  name: string,
  job: (tx: Db) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`galeno:${name}`}, 0)) as "locked"`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return { ran: false } as const;
    return { ran: true, result: await job(tx) } as const;
  });
}
