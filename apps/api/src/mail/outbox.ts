import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { runExclusive } from '../db/exclusive.ts';
import { loggable } from '../plugins/error-handler.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/*
 * The mail outbox (decision 015). An e-mail that announces something the database records (an account, a refund,
 * a login) is written in the same transaction as that record and sent afterwards by a drain: it leaves only if the
 * record was committed, and a failed send is retried instead of lost. Drains on several instances claim rows with
 * FOR UPDATE SKIP LOCKED, so each e-mail is sent by one of them.
 *
 * E-mails whose failure the person must hear about at once (a login code, a discount claim, a group invitation)
 * are still sent in the request, which undoes its own work when the send fails.
 */

export type OutboxKind = 'signup-confirmation' | 'login-notice' | 'payment-refunded' | 'payment-receipt' | 'invoice-request' | 'plan-digest';

/** How many attempts before an e-mail is given up (failed_at set, logged); then backoff between them. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
const CLAIM_MS = 2 * 60_000;
const SENT_KEPT_MS = 30 * 86_400_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 15_000 * 2 ** (attempts - 1));

/** Writes the e-mail into the outbox, in the caller's transaction when `db` is one; returns its id. */
export async function enqueueMail(db: Db, kind: OutboxKind, message: MailMessage, now = new Date()): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind,
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Sends what is due, once: claims a batch (skipping rows another drain holds), sends each and records the result.
 * `only` limits the drain to given e-mails (a request delivering what it just committed). Returns how many were sent.
 */
export async function drainOutbox(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  now = new Date(),
  only?: readonly string[],
): Promise<number> {
  if (only?.length === 0) return 0;
  const chosen = only
    ? sql`and ${mailOutbox.id} in (${sql.join(
        only.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      sql`${mailOutbox.id} in (select ${mailOutbox.id} from ${mailOutbox}
        where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null and ${mailOutbox.nextAttemptAt} <= ${now}
          and (${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} < ${now}) ${chosen}
        order by ${mailOutbox.nextAttemptAt} limit ${BATCH} for update skip locked)`,
    )
    .returning();
  let sent = 0;
  for (const row of claimed) {
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, html: row.html, text: row.text });
      await db.update(mailOutbox).set({ sentAt: new Date(), claimedUntil: null, lastError: null }).where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      // Never the subject in a log line: it can carry a code.
      log.error({ ...loggable(error), outboxId: row.id, kind: row.kind, attempts: row.attempts, giveUp }, 'outbox e-mail failed');
      await db
        .update(mailOutbox)
        .set({
          claimedUntil: null,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          ...(giveUp ? { failedAt: now } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return sent;
}

/** Sent e-mails are kept a month (for support questions), then deleted by one instance. */
export async function pruneOutbox(db: Db, now = new Date()): Promise<number> {
  const outcome = await runExclusive(
    db,
    'mail-outbox-prune',
    async (tx) =>
      (
        await tx
          .delete(mailOutbox)
          .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(now.getTime() - SENT_KEPT_MS))))
          .returning({ id: mailOutbox.id })
      ).length,
  );
  return outcome.ran ? outcome.result : 0;
}

export interface OutboxWorker {
  /** Drains now (after a commit that enqueued an e-mail); drains never overlap within an instance. */
  kick(): void;
  /**
   * Sends these just-committed e-mails now and resolves when done, as a request that used to send them itself did;
   * one that fails stays in the outbox for the next drain (never an error for the request).
   */
  deliver(ids: readonly string[]): Promise<void>;
  /** Resolves once the drains asked for so far have run (tests, shutdown). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The drain loop: a drain on every kick, one at a time; the «mail-outbox» job (jobs/registry.ts) kicks it every few
 * seconds, and the hourly prune runs on one instance at a time.
 */
export function startOutboxWorker(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }): OutboxWorker {
  const { db, mailer, log } = deps;
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let lastPrune = 0;

  const drain = async () => {
    try {
      while ((await drainOutbox(db, mailer, log)) === BATCH && !stopped);
      if (Date.now() - lastPrune > 60 * 60_000) {
        lastPrune = Date.now();
        await pruneOutbox(db);
      }
    } catch (error) {
      log.error(loggable(error), 'outbox drain failed');
    }
  };
  const kick = () => {
    if (stopped || queued) return;
    queued = true;
    running = running.then(() => {
      queued = false;
      return stopped ? undefined : drain();
    });
  };
  return {
    kick,
    deliver(ids) {
      const delivery = running.then(async () => {
        if (stopped) return;
        await drainOutbox(db, mailer, log, new Date(), ids).catch((error: unknown) => log.error(loggable(error), 'outbox delivery failed'));
      });
      running = delivery;
      return delivery;
    },
    settled: () => running,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
