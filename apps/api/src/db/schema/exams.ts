import { sql } from 'drizzle-orm';
import { SITTING_STATUSES } from '@galeno/domain/lifecycles';
import { boolean, index, integer, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { quizSessions } from './quiz.ts';
import { users } from './users.ts';

/**
 * "Simulacro ENARM" forms (decision 017): drawn once from our own bank and then fixed, so every student who takes
 * "Simulacro 1" answers the same questions. Forms of one kind never share a question; new ones are drawn when the
 * bank grows. Question ids, not foreign keys: a retired question is skipped, the form stays.
 */
export const simulacroForms = pgTable(
  'simulacro_forms',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['completo', 'mini'] }).notNull(),
    number: integer('number').notNull(),
    questionIds: jsonb('question_ids').$type<string[]>().notNull(),
    /** The form for a student who leaves English out: each English case swapped for a Spanish one of its area. */
    spanishQuestionIds: jsonb('spanish_question_ids').$type<string[]>().notNull(),
    /** Every case and single question the form uses in either version. */
    unitIds: jsonb('unit_ids').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('simulacro_forms_kind_number_key').on(table.kind, table.number)],
);

/**
 * A student's sitting of a form: one quiz session (kind 'simulacro') whose answers are autosaved without their key.
 * The clock is the server's: a part ends at `partStartedAt` plus its minutes, paused time between parts is not
 * counted, and a sitting whose time ran out is closed by the next request that reads it.
 */
export const simulacroAttempts = pgTable(
  'simulacro_attempts',
  {
    quizSessionId: uuid('quiz_session_id')
      .primaryKey()
      .references(() => quizSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => simulacroForms.id),
    includeEnglish: boolean('include_english').notNull(),
    parts: smallint('parts').notNull(),
    /** The part being answered (0 or 1), or the one just finished while paused. */
    part: smallint('part').notNull().default(0),
    status: text('status', { enum: SITTING_STATUSES }).notNull().default('en-curso'),
    partStartedAt: timestamp('part_started_at', { withTimezone: true }).notNull(),
    /** The question the student was on at the last save (an index into the sitting's list): where it reopens. */
    position: smallint('position').notNull().default(0),
    /** Time used in the parts already closed. */
    usedMs: integer('used_ms').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    correct: integer('correct'),
    /** Questions answered when the sitting was finished: a sitting counts among peers only with half the form answered. */
    answered: integer('answered'),
    total: integer('total'),
    score: real('score'),
    /** The student's first finished sitting of the form: the one ranked among peers (a retake knows the answers). */
    ranked: boolean('ranked').notNull().default(false),
  },
  (table) => [
    index('simulacro_attempts_user_idx').on(table.userId, table.startedAt),
    uniqueIndex('simulacro_attempts_open_key')
      .on(table.userId, table.formId)
      .where(sql`${table.finishedAt} is null`),
    index('simulacro_attempts_rank_idx')
      .on(table.formId, table.includeEnglish, table.score)
      .where(sql`${table.ranked}`),
  ],
);
