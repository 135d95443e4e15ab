import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  fixedQuestionIds,
  kindsWhere,
  rulesOf,
  unansweredCountAsWrong,
  type SessionModule,
  type TypedSession,
} from '@galeno/domain/session-kinds';
import type { QuickQuizEvaluation, SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import { formatDate } from '@galeno/domain/format';
import { QUIZ_SESSION_LIFECYCLE } from '@galeno/domain/lifecycles';
import { summarizeQuiz } from '@galeno/domain/quiz-evaluation';
import type { Db } from '../../db/client.ts';
import { answers, questions, quizEvaluations, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, forbidden } from '../../errors.ts';
import { EXAM_MESSAGES, QUIZ_MESSAGES } from './messages.ts';
import { ownSession, requireOwnSession, sessionStatusIn } from './sessions.ts';
import { prepared, preparedSql } from '../../db/prepared.ts';

/* Evaluations: a saved session's summary, computed from the answers the server recorded. */

export function assertOwnUserId(user: User, userId: string) {
  if (user.id !== userId) throw forbidden(QUIZ_MESSAGES.notYourData, 'NOT_YOUR_DATA');
}

/** Computed from the answers the server recorded for this session; whatever summary the page sent is ignored. */
export async function saveQuizEvaluation(
  db: Db,
  user: Pick<User, 'id'>,
  quizSessionId: string,
  now = new Date(),
  /** The module saving it, which must be the one the session's kind names: a simulacro is saved when it is finished, by its own module, never by the page's "Guardar". */
  { by, skippedTimeMs }: { by: SessionModule; skippedTimeMs?: number | undefined },
): Promise<SavedQuickQuizEvaluation> {
  // The session and its answers in one prepared round trip, and the evaluation saved with the session marked in one
  // statement (issue 22: saving took five).
  const found = await prepared(db, 'session-answers-to-save', (pdb) =>
    pdb
      .select({
        session: quizSessions,
        answer: {
          questionId: answers.questionId,
          especialidad: answers.especialidad,
          subEspecialidad: answers.subEspecialidad,
          correct: answers.correct,
          timeMs: answers.timeMs,
        },
      })
      .from(quizSessions)
      .leftJoin(answers, and(eq(answers.userId, quizSessions.userId), eq(answers.quizSessionId, quizSessions.id)))
      .where(and(eq(quizSessions.id, sql.placeholder('quizSessionId')), eq(quizSessions.userId, sql.placeholder('userId'))))
      .orderBy(asc(answers.answeredAt))
      .prepare('session_answers_to_save'),
  ).execute({ quizSessionId, userId: user.id });
  const session = ownSession(found[0]?.session);
  if (rulesOf(session.kind).module !== by) throw new AppError('SIMULACRO_SESSION', 409, EXAM_MESSAGES.simulacroOnly);
  const answered = found.flatMap((row) => (row.answer ? [row.answer] : []));
  const skipped = await skippedInExam(db, session, answered);
  const rows = [...answered, ...skipped];
  if (rows.length === 0) throw new AppError('EMPTY_QUIZ_SESSION', 400, QUIZ_MESSAGES.emptySession);
  const timed = rows.filter((row) => row.timeMs !== null);
  // The time on skipped questions is the page's measure too (decision 016): nothing is paid or ranked on it.
  const skippedTime = skipped.length > 0 && skippedTimeMs ? skippedTimeMs : 0;
  const totalTimeMs = timed.length || skippedTime ? timed.reduce((sum, row) => sum + row.timeMs!, 0) + skippedTime : null;
  const summary = { ...summarizeQuiz(rows, now), ...(totalTimeMs !== null ? { totalTimeMs } : {}) };
  const [saved] = await preparedSql<{ id: string }>(db, 'save-quiz-evaluation', () => {
    const p = (name: string) => sql.placeholder(name);
    return sql`
      with saved as (
        insert into ${quizEvaluations} (user_id, quiz_session_id, total_time_ms, total_questions, total_correct, average_score,
          speciality_evaluations, created_at)
        values (${p('userId')}, ${p('quizSessionId')}, ${p('totalTimeMs')}::int, ${p('totalQuestions')}::int, ${p('totalCorrect')}::int,
          ${p('averageScore')}::real, ${p('specialityEvaluations')}::jsonb, ${p('now')}::timestamptz)
        on conflict (user_id, quiz_session_id) do update set
          total_time_ms = excluded.total_time_ms, total_questions = excluded.total_questions, total_correct = excluded.total_correct,
          average_score = excluded.average_score, speciality_evaluations = excluded.speciality_evaluations, created_at = excluded.created_at
        returning id
      ),
      marked as (
        update ${quizSessions} set saved_at = ${p('now')}::timestamptz, finished_at = ${p('now')}::timestamptz
        where ${quizSessions.id} = ${p('quizSessionId')}
        returning 1
      )
      select id from saved
    `;
  }).execute({
    userId: user.id,
    quizSessionId,
    totalTimeMs,
    totalQuestions: summary.totalQuestions,
    totalCorrect: summary.totalCorrect,
    averageScore: summary.averageScore,
    specialityEvaluations: JSON.stringify(summary.specialityEvaluations),
    now: now.toISOString(),
  });
  return { id: saved!.id, quickQuizEvaluation: summary, quizSessionId };
}

/**
 * A custom exam in exam mode is scored over all its questions (issue 35, N8): one skipped and never answered counts
 * as not correct, in its area, so leaving the hard ones out does not raise the score. Elsewhere a session is scored
 * over what was answered (a review saved halfway is a shorter review).
 */
async function skippedInExam(
  db: Db,
  session: TypedSession,
  answered: readonly { questionId: string }[],
): Promise<{ especialidad: string; subEspecialidad: string; correct: boolean; timeMs: null }[]> {
  const unanswered = unansweredInExam(session, answered);
  if (unanswered.length === 0) return [];
  const rows = await db
    .select({ especialidad: questions.especialidad, subEspecialidad: questions.subEspecialidad })
    .from(questions)
    .where(and(inArray(questions.id, unanswered), eq(questions.status, 'published')));
  return rows.map((row) => ({ ...row, correct: false, timeMs: null }));
}

/** The questions of an exam-mode custom exam the student left without an answer, in the exam's order. */
export function unansweredInExam(session: TypedSession, answered: readonly { questionId: string }[]): string[] {
  const ids = unansweredCountAsWrong(session) ? fixedQuestionIds(session) : null;
  if (!ids) return [];
  const done = new Set(answered.map((row) => row.questionId));
  return ids.filter((id) => !done.has(id));
}

function toQuickQuizEvaluation(row: typeof quizEvaluations.$inferSelect): QuickQuizEvaluation {
  return {
    date: row.createdAt.toISOString(),
    formattedDate: formatDate(row.createdAt),
    totalQuestions: row.totalQuestions,
    totalCorrect: row.totalCorrect,
    averageScore: row.averageScore,
    specialityEvaluations: row.specialityEvaluations,
    ...(row.totalTimeMs !== null ? { totalTimeMs: row.totalTimeMs } : {}),
  };
}

export async function listQuizEvaluations(db: Db, userId: string, limit = 100): Promise<SavedQuickQuizEvaluation[]> {
  const rows = await db
    .select({ evaluation: quizEvaluations, kind: quizSessions.kind })
    .from(quizEvaluations)
    .leftJoin(quizSessions, eq(quizSessions.id, quizEvaluations.quizSessionId))
    .where(eq(quizEvaluations.userId, userId))
    .orderBy(desc(quizEvaluations.createdAt))
    .limit(limit);
  return rows.map(({ evaluation, kind }) => toSavedQuickQuizEvaluation(evaluation, kind));
}

/** A saved evaluation as the pages get it, with its session's kind when the session is still there. */
export function toSavedQuickQuizEvaluation(
  evaluation: typeof quizEvaluations.$inferSelect,
  kind: (typeof quizSessions.$inferSelect)['kind'] | null,
): SavedQuickQuizEvaluation {
  return {
    id: evaluation.id,
    quickQuizEvaluation: toQuickQuizEvaluation(evaluation),
    quizSessionId: evaluation.quizSessionId,
    ...(kind ? { kind } : {}),
  };
}

/**
 * How long a session must sit without a new answer before a closed tab counts as the end of it (review finding 15).
 * Long enough that nobody still studying in it loses it; a student coming back later starts a new one.
 */
export const LEFT_SESSION_IDLE_MS = 3 * 60 * 60 * 1000;

/** The kinds saved by the page's «Guardar»: custom exams resume from the home page and a simulacro saves itself. */
const SAVED_BY_PAGE = kindsWhere((rules) => rules.savedBy === 'page');

/** How many left sessions one run of the «left-sessions» job saves; the rest wait for the next run, minutes later. */
export const LEFT_SESSIONS_PER_RUN = 200;

/**
 * Saves the sessions students left open with graded answers (a closed tab, a dead battery) once they have been idle
 * for LEFT_SESSION_IDLE_MS, dated by their last answer, so they show in «Evaluaciones recientes» and count among the
 * sessions (their answers count at once, issue 35 N2). A session left through «Salir sin guardar» is finished without
 * being saved and stays out. The server's «left-sessions» job (jobs/registry.ts) runs it every few minutes, on one
 * instance at a time; no request writes it (issue 36). Pass a student to save only theirs (tests).
 */
export async function saveEveryLeftSession(db: Db, now = new Date(), userId?: string): Promise<number> {
  const left = await db
    .select({ id: quizSessions.id, userId: quizSessions.userId, kind: quizSessions.kind, lastAnsweredAt: lastAnswerOfSession })
    .from(quizSessions)
    .where(leftSessionsOf(userId ?? null, now))
    .orderBy(asc(quizSessions.startedAt))
    .limit(LEFT_SESSIONS_PER_RUN);
  for (const session of left) {
    // The job saves on behalf of the module the kind names.
    const by = rulesOf(session.kind).module;
    await saveQuizEvaluation(db, { id: session.userId! }, session.id, new Date(session.lastAnsweredAt), { by });
  }
  return left.length;
}

// The session's owner too, so the answers are read through answers_session_question_key, not scanned (issue 22).
const lastAnswerOfSession = sql<Date>`(select max(${answers.answeredAt}) from ${answers} where ${answers.userId} = ${quizSessions.userId} and ${answers.quizSessionId} = ${quizSessions.id})`;

/** The sessions saveEveryLeftSession saves (of one student, or of all): left open with graded answers, idle since before `now` − LEFT_SESSION_IDLE_MS. */
export function leftSessionsOf(userId: string | null, now: Date) {
  return and(
    // A trial's sessions belong to nobody and are never saved.
    userId === null ? isNotNull(quizSessions.userId) : eq(quizSessions.userId, userId),
    isNull(quizSessions.savedAt),
    isNull(quizSessions.finishedAt),
    inArray(quizSessions.kind, [...SAVED_BY_PAGE]),
    lt(lastAnswerOfSession, new Date(now.getTime() - LEFT_SESSION_IDLE_MS)),
  );
}

/** «Salir sin guardar»: the session ends without being saved, so its answers never count and it is never saved later. */
export async function discardQuizSession(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<void> {
  const session = await requireOwnSession(db, user, quizSessionId, { open: true });
  if (!(SAVED_BY_PAGE as readonly string[]).includes(session.kind))
    throw new AppError('NOT_DISCARDABLE', 409, QUIZ_MESSAGES.notDiscardable);
  await db
    .update(quizSessions)
    .set({ finishedAt: now })
    .where(and(eq(quizSessions.id, quizSessionId), sessionStatusIn(QUIZ_SESSION_LIFECYCLE.from('ended'))));
}
