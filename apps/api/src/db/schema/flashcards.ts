import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { lifecycle } from './quiz.ts';

export const clinicGuides = pgTable('clinic_guides', {
  id: text('id').primaryKey(),
  guideName: text('guide_name').notNull(),
  category: text('category').notNull(),
  yearOfUpdate: integer('year_of_update').notNull(),
  gpcCode: text('gpc_code'),
  /** When the registry entry the guide follows was last checked against its source (YYYY-MM), or null. */
  guidelineCheckedAt: text('guideline_checked_at'),
  /** Published cards, kept by the content loader, so the guide list never counts every card. */
  flashcardsCount: integer('flashcards_count').notNull().default(0),
  contentHash: text('content_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const flashcards = pgTable(
  'flashcards',
  {
    id: text('id').primaryKey(),
    guideId: text('guide_id')
      .notNull()
      .references(() => clinicGuides.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    explanation: text('explanation').notNull(),
    ...lifecycle(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('flashcards_guide_idx').on(table.guideId, table.position)],
);

export const flashcardEvaluations = pgTable(
  'flashcard_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Never cascades: a card leaving its guide is retired, and the student's history and schedule stay.
    flashcardId: text('flashcard_id')
      .notNull()
      .references(() => flashcards.id),
    guideId: text('guide_id').notNull(),
    correct: boolean('correct').notNull(),
    /** The four-grade review ('again', 'hard', 'good', 'easy'); `correct` keeps the spec's binary view of it. */
    grade: text('grade', { enum: ['again', 'hard', 'good', 'easy'] }),
    /** The card's schedule before this evaluation, so "Deshacer" can put it back (null inside: the card was new). */
    undo: jsonb('undo').$type<{ previous: { card: StoredFsrsCard; due: string; introducedAt: string | null } | null }>(),
    timeTakenInSeconds: integer('time_taken_seconds').notNull(),
    /** The device's key for a grade (issue 41): a grade sent again after a lost answer is recorded once. */
    clientKey: uuid('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flashcard_evaluations_user_guide_idx').on(table.userId, table.guideId, table.createdAt),
    index('flashcard_evaluations_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('flashcard_evaluations_user_client_key_idx').on(table.userId, table.clientKey).where(sql`client_key is not null`),
  ],
);

/** The FSRS card of ts-fsrs, as JSON; due is a column too so "due today" is an indexed query. */
export interface StoredFsrsCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review?: string | null;
}

/** Each user's spaced-repetition state per card, updated by the server on every evaluation. */
export const flashcardStates = pgTable(
  'flashcard_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Never cascades: a card leaving its guide is retired, and the student's history and schedule stay.
    flashcardId: text('flashcard_id')
      .notNull()
      .references(() => flashcards.id),
    guideId: text('guide_id').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull(),
    card: jsonb('card').$type<StoredFsrsCard>().notNull(),
    /** When the student first studied the card: the daily new-card limit counts the cards introduced today. */
    introducedAt: timestamp('introduced_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.flashcardId] }),
    index('flashcard_states_user_due_idx').on(table.userId, table.due),
    index('flashcard_states_user_guide_idx').on(table.userId, table.guideId),
  ],
);
