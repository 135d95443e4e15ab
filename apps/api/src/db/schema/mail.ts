import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * E-mails waiting to leave (mail/outbox.ts): written in the same transaction as what they announce, sent by a
 * drain loop that claims rows with FOR UPDATE SKIP LOCKED (so two instances never send one twice), retried with
 * backoff until `failed_at`. The row keeps the rendered message, so a retry sends exactly what was committed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the e-mail is ('signup-confirmation', 'login-notice', 'payment-refunded'), for logs and tests. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A drain that claimed the row holds it until then; a crashed drain's claim simply runs out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_sent_idx')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null`),
  ],
);
