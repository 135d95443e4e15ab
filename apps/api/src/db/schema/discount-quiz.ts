import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export interface DiscountQuizOption {
  type: 'text' | 'image';
  text: string;
  imageURL?: string;
}

export const discountQuizQuestions = pgTable(
  'discount_quiz_questions',
  {
    id: text('id').primaryKey(),
    question: text('question').notNull(),
    options: jsonb('options').$type<DiscountQuizOption[]>().notNull(),
    correctIndex: smallint('correct_index').notNull(),
    explanation: text('explanation').notNull(),
    especialidad: text('especialidad').notNull(),
    tema: text('tema').notNull(),
    dificultad: text('dificultad').notNull(),
    contentHash: text('content_hash'),
    randomKey: real('random_key')
      .notNull()
      .default(sql`random()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('discount_quiz_questions_random_idx').on(table.randomKey)],
);

/**
 * One attempt. The participant is the account (signed-in variant) or, in the public and trial variants,
 * the visitor's device (a first-party cookie, decision 019): the limits hold for both. The network's hashed
 * address is kept with anonymous attempts for the looser per-network ceiling.
 */
export const discountQuizAttempts = pgTable(
  'discount_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participantKey: text('participant_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    difficulty: text('difficulty').notNull(),
    answerIndexSelected: smallint('answer_index_selected').notNull(),
    wasCorrect: boolean('was_correct').notNull(),
    /** The participation day in Mexico City: one a day. */
    day: date('day', { mode: 'string' }).notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('discount_quiz_attempts_participant_idx').on(table.participantKey, table.createdAt),
    index('discount_quiz_attempts_network_idx').on(table.ipHash, table.day),
    uniqueIndex('discount_quiz_attempts_participant_day_key').on(table.participantKey, table.day),
  ],
);

/**
 * The question last served to each participant: an answer is only graded for the question this
 * participant was shown, so nobody can pick a question whose answer they already know.
 */
export const discountQuizServed = pgTable('discount_quiz_served', {
  participantKey: text('participant_key').primaryKey(),
  questionId: text('question_id').notNull(),
  servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A prize the server drew. Only these can ever be accepted, claimed or paid with. */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participantKey: text('participant_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => discountQuizAttempts.id, { onDelete: 'cascade' }),
    percent: smallint('percent').notNull(),
    userAccepted: boolean('user_accepted'),
    /** Set when a payment used it: a discount is used once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('discounts_participant_idx').on(table.participantKey, table.createdAt), index('discounts_user_idx').on(table.userId)],
);

/** A public claim: the discount is e-mailed and attached to the account that signs up with that address. */
export const publicDiscountClaims = pgTable(
  'public_discount_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('public_discount_claims_email_key').on(table.email),
    uniqueIndex('public_discount_claims_discount_key').on(table.discountId),
  ],
);
