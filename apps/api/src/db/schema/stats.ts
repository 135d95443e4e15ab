import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * Per-student totals of the answers the statistics count (issue 22): every graded answer except those of a sitting
 * still open (stats/counted.ts, issue 35 N2). The statistics page read every such answer on each visit; these tables
 * hold the same sums, kept by triggers in the database (migrations 0032 and 0036) in the same transaction as whatever
 * changes them: an answer recorded, graded again or deleted, a sitting sealed or finished, a question's topic or bank
 * edited. A trigger, not the services, so that no path that writes answers or sittings (grading, a sitting's end, a
 * trial's answers carried into a new account, an account deleted) can leave them behind.
 * `rebuild_answer_totals(users)` recomputes them from the answers (the migrations' backfill, and a repair tool).
 */

/** All time, per question bank, area, sub-speciality and topic (the question's own `tema`). */
export const answerTopicTotals = pgTable(
  'answer_topic_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    especialidad: text('especialidad').notNull(),
    subEspecialidad: text('sub_especialidad').notNull(),
    tema: text('tema').notNull(),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
    /** The timed answers' time, summed, and how many they are (the average time per question). */
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
    timed: integer('timed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bank, table.especialidad, table.subEspecialidad, table.tema] })],
);

/** Per calendar day in Mexico City, question bank, area and sub-speciality (the page's last 30 days). */
export const answerDayTotals = pgTable(
  'answer_day_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bank: text('bank').notNull(),
    especialidad: text('especialidad').notNull(),
    subEspecialidad: text('sub_especialidad').notNull(),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.bank, table.especialidad, table.subEspecialidad] })],
);

/** The counted answers per session and question bank: «Sesiones» on the statistics page counts the distinct sessions. */
export const answerSessionTotals = pgTable(
  'answer_session_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    quizSessionId: uuid('quiz_session_id').notNull(),
    answered: integer('answered').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bank, table.quizSessionId] })],
);
