import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sessions are revocable rows; the cookie holds an opaque token whose hash is stored here.
 * A trial session has no user and ends at expiresAt whatever the browser keeps.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    /** The token before the last rotation, accepted briefly so two tabs refreshing at once both stay signed in. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isTrial: boolean('is_trial').notNull().default(false),
    ipHash: text('ip_hash').notNull(),
    /** A trial's device (plugins/device.ts): trials are counted per device, and its answers follow it into a new account. */
    deviceKey: text('device_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end: 30 days for accounts, TRIAL_SECONDS for trials. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was ended, when the student should be told: 'device_limit' (a third device signed in, issue 20). */
    revokedReason: text('revoked_reason', { enum: ['device_limit'] }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_previous_token_hash_idx').on(table.previousTokenHash),
    index('sessions_user_idx').on(table.userId),
    index('sessions_trial_ip_idx').on(table.ipHash, table.createdAt),
    index('sessions_trial_device_idx').on(table.deviceKey, table.createdAt),
  ],
);

/** One-time login codes: stored hashed, single use, 5 wrong tries at most, replaced by a newer request. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The keyed hash of the network that asked for it (rate-limit-key.ts): requests are counted per network as well as per account. */
    networkHash: text('network_hash'),
  },
  (table) => [index('otp_codes_user_created_idx').on(table.userId, table.createdAt)],
);

/** Failed logins of every kind; the knowledge-based logins share one hourly budget per account. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['otp', 'birthdate', 'phone'] }).notNull(),
    /** The keyed hash of the failing client's network: a stranger's failures spend that network's budget, not the owner's. */
    networkHash: text('network_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_user_created_idx').on(table.userId, table.createdAt)],
);

export type Session = typeof sessions.$inferSelect;
