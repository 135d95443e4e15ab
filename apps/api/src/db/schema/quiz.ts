import { sql } from 'drizzle-orm';
import { CONTENT_STATUSES } from '@galeno/domain/lifecycles';
import type { SessionConfiguration } from '@galeno/domain/session-kinds';

/** A question's figure: which drawing, its alt text and caption, and its size (the page reserves its space). */
export interface StoredFigure {
  id: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
}
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { users } from './users.ts';

export interface StoredOption {
  text: string;
  imageUrl?: string;
}

/**
 * Where an item stands in its life (docs/decisions/011): content is never deleted,
 * because students' answers and schedules point at it. An item that leaves content/ is retired; a held
 * item waits for review. Only published items are drawn, counted or graded.
 */
export { CONTENT_STATUSES };
export type { ContentStatus } from '@galeno/domain/lifecycles';

/** Bank, status, near-duplicate fingerprint and the hash that lets an unchanged item be skipped at start. */
export const lifecycle = () => ({
  /** 'own' for content/, or the external bank it was imported from ('head-qa', 'casimedicos'). */
  bank: text('bank').notNull().default('own'),
  status: text('status', { enum: CONTENT_STATUSES }).notNull().default('published'),
  /** A hash of the normalised text: equal fingerprints are the same item written twice. */
  fingerprint: text('fingerprint'),
  /** A hash of every stored field: the loader rewrites a row only when it changes. */
  contentHash: text('content_hash'),
  /** Why an importer held the item for review (shown in the staff queue); null when nothing is in doubt. */
  holdReason: text('hold_reason'),
});

/** Tags, GPC and source shared by clinical cases and questions. */
const classification = {
  especialidad: text('especialidad').notNull(),
  subEspecialidad: text('sub_especialidad').notNull(),
  tema: text('tema').notNull(),
  dificultad: text('dificultad').notNull(),
  gpcName: text('gpc_name'),
  gpcCode: text('gpc_code'),
  gpcYear: integer('gpc_year'),
  /** When the cited registry entry was last checked against its source (YYYY-MM), or null. */
  gpcCheckedAt: text('gpc_checked_at'),
  /** What it was checked against: the document's link or its own identifier. */
  gpcCheckedAgainst: text('gpc_checked_against'),
  /** Imported banks cite their source wherever their questions are shown. */
  sourceCitation: text('source_citation'),
  sourceUrl: text('source_url'),
  /** 'en' for an item written in English (about a tenth, as the ENARM once had); a student may leave them out. */
  language: text('language', { enum: ['es', 'en'] })
    .notNull()
    .default('es'),
};

export const clinicalCases = pgTable(
  'clinical_cases',
  {
    /** Stable ids from the content files or the importer (source + question id), so loading is idempotent. */
    id: text('id').primaryKey(),
    caseText: text('case_text').notNull(),
    ...classification,
    ...lifecycle(),
    /** A fixed random number per row: an index on it gives a uniform random pick without scanning. */
    randomKey: real('random_key')
      .notNull()
      .default(sql`random()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Partial: only published cases are ever drawn.
    index('clinical_cases_random_idx')
      .on(table.randomKey)
      .where(sql`${table.status} = 'published'`),
    index('clinical_cases_sub_random_idx')
      .on(table.subEspecialidad, table.randomKey)
      .where(sql`${table.status} = 'published'`),
    index('clinical_cases_area_random_idx')
      .on(table.especialidad, table.randomKey)
      .where(sql`${table.status} = 'published'`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    /** Null for a single question. */
    clinicalCaseId: text('clinical_case_id').references(() => clinicalCases.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    question: text('question').notNull(),
    options: jsonb('options').$type<StoredOption[]>().notNull(),
    correctIndex: smallint('correct_index').notNull(),
    explanation: text('explanation').notNull(),
    /** An English item's explanation in es-MX (content/ requires it on English items); null for every other item. */
    explanationEs: text('explanation_es'),
    /** The latest change students are told about on the item («Corregida el …: …», issue 39); kept through reloads. */
    lastChange: jsonb('last_change').$type<{ at: string; reason: string }>(),
    /** The figure the stem shows (an ECG, a chart), stored in `figures`; null for a question without one. */
    figure: jsonb('figure').$type<StoredFigure>(),
    ...classification,
    ...lifecycle(),
    randomKey: real('random_key')
      .notNull()
      .default(sql`random()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('questions_case_idx').on(table.clinicalCaseId, table.position),
    index('questions_single_random_idx')
      .on(table.randomKey)
      .where(sql`${table.clinicalCaseId} is null and ${table.status} = 'published'`),
  ],
);

/**
 * An imported record that is the same question as an item we already serve (within a bank or across
 * banks): it is not served, and the alias records which item stands for it and why.
 */
export const contentAliases = pgTable('content_aliases', {
  aliasId: text('alias_id').primaryKey(),
  bank: text('bank').notNull(),
  /** The question served in its place (never cascades: aliases are a record of the import). */
  questionId: text('question_id').notNull(),
  reason: text('reason').notNull(),
});

/**
 * A quiz session the server opened (quick, timed, by speciality, single questions): answers reference it,
 * and saving it ("Guardar y salir") marks it saved. Trials get sessions too (no user), whose answers are
 * never recorded.
 */
export const quizSessions = pgTable(
  'quiz_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['quick', 'timed', 'speciality', 'single', 'review', 'exam', 'simulacro', 'pack'] }).notNull(),
    // Its kind's shape (SessionConfigurations); read back through typedSession (contracts/session-configuration.ts).
    configuration: jsonb('configuration').$type<SessionConfiguration>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (table) => [index('quiz_sessions_user_started_idx').on(table.userId, table.startedAt)],
);

/**
 * The questions of a student's open sitting (a simulacro, or a custom exam in exam mode): until the sitting is
 * finished they are graded, reviewed, drawn and pooled nowhere else (sessions/sealed.ts), so no key leaks before the
 * sitting is graded. Rows are written when the sitting starts and removed by a trigger when its session is saved or
 * finished (migration 0034).
 */
export const sealedQuestions = pgTable(
  'sealed_questions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizSessionId: uuid('quiz_session_id')
      .notNull()
      .references(() => quizSessions.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    /** The question's case, so a case is left out of draws while any of its questions is sealed. */
    clinicalCaseId: text('clinical_case_id'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId, table.quizSessionId] }),
    index('sealed_questions_user_case_idx')
      .on(table.userId, table.clinicalCaseId)
      .where(sql`${table.clinicalCaseId} is not null`),
    index('sealed_questions_session_idx').on(table.quizSessionId),
  ],
);

/**
 * A trial's graded answers, kept on its session (which has no account) until an account created from the
 * trial's end sheet on the same device takes them into `answers` (issue 19); dropped with the session.
 */
export const trialAnswers = pgTable(
  'trial_answers',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    clinicalCaseId: text('clinical_case_id'),
    selectedIndex: smallint('selected_index').notNull(),
    correct: boolean('correct').notNull(),
    especialidad: text('especialidad').notNull(),
    subEspecialidad: text('sub_especialidad').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    timeMs: integer('time_ms'),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.questionId] })],
);

/** Every answer, recorded by the server when it grades: statistics never depend on what the browser sends. */
export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Never cascades: content is retired, not deleted, and a student's history outlives any edit.
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    clinicalCaseId: text('clinical_case_id'),
    /** The server's quiz session the answer belongs to, so a saved evaluation is computed from them. */
    quizSessionId: uuid('quiz_session_id').references(() => quizSessions.id),
    selectedIndex: smallint('selected_index').notNull(),
    correct: boolean('correct').notNull(),
    especialidad: text('especialidad').notNull(),
    subEspecialidad: text('sub_especialidad').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time spent on the question in a timed quiz (a case's time shared among its questions); null elsewhere. */
    timeMs: integer('time_ms'),
  },
  (table) => [
    index('answers_user_time_idx').on(table.userId, table.answeredAt),
    index('answers_user_case_idx').on(table.userId, table.clinicalCaseId),
    index('answers_user_question_idx').on(table.userId, table.questionId),
    // A question counts once per session: grading it again replaces the answer (sessions/answers.ts, recordAnswers).
    uniqueIndex('answers_session_question_key')
      .on(table.userId, table.quizSessionId, table.questionId)
      .where(sql`${table.quizSessionId} is not null`),
  ],
);

export interface StoredSpecialityEvaluation {
  speciality: string;
  correctAnswers: number;
  totalSpecialityQuestionsAnswered: number;
  subSpecialities: { subSpeciality: string; correctAnswers: number; totalSubSpecialityQuestionsAnswered: number }[];
}

/** A saved quiz session ("Guardar y salir"), computed by the server from the session's answers. */
export const quizEvaluations = pgTable(
  'quiz_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizSessionId: uuid('quiz_session_id').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    totalCorrect: integer('total_correct').notNull(),
    averageScore: real('average_score').notNull(),
    specialityEvaluations: jsonb('speciality_evaluations').$type<StoredSpecialityEvaluation[]>().notNull(),
    /** The session's timed answers, summed; null when none was timed. */
    totalTimeMs: integer('total_time_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_evaluations_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('quiz_evaluations_user_session_key').on(table.userId, table.quizSessionId),
  ],
);

/**
 * "Marcar para repasar": the questions a student flagged, across sessions. Never cascades from content (a retired
 * question keeps its flag and is simply not served).
 */
export const questionFlags = pgTable(
  'question_flags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index('question_flags_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Peer comparison (decision 016): how many students chose each option of a question on their first answer to it,
 * kept as counts (never who), incremented when an answer is recorded; the shares are shown once enough students
 * answered.
 */
export const questionOptionCounts = pgTable(
  'question_option_counts',
  {
    questionId: text('question_id').notNull(),
    optionIndex: smallint('option_index').notNull(),
    students: integer('students').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.optionIndex] })],
);

/**
 * Per area, the sorted accuracies (percent) of active students (enough answers in saved sessions), refreshed by one
 * instance at a time: a student's percentile is read from it without touching anyone else's answers.
 */
export const areaPeerSnapshots = pgTable('area_peer_snapshots', {
  especialidad: text('especialidad').primaryKey(),
  accuracies: real('accuracies').array().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
