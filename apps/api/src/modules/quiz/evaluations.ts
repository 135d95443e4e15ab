import { and, asc, desc, eq } from 'drizzle-orm';
import type { QuickQuizEvaluation, SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import { formatDate } from '@galeno/domain/format';
import { summarizeQuiz } from '@galeno/domain/quiz-evaluation';
import type { Db } from '../../db/client.ts';
import { answers, quizEvaluations, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, forbidden } from '../../errors.ts';
import { EXAM_MESSAGES } from './exams.ts';
import { QUIZ_MESSAGES } from './messages.ts';
import { markSessionSaved, requireOwnSession } from './sessions.ts';

/* Evaluations: a saved session's summary, computed from the answers the server recorded. */

export function assertOwnUserId(user: User, userId: string) {
  if (user.id !== userId) throw forbidden(QUIZ_MESSAGES.notYourData, 'NOT_YOUR_DATA');
}

/** Computed from the answers the server recorded for this session; whatever summary the page sent is ignored. */
export async function saveQuizEvaluation(
  db: Db,
  user: User,
  quizSessionId: string,
  now = new Date(),
  /** A simulacro is saved when it is finished, by its own module, never by the page's "Guardar". */
  { simulacro = false } = {},
): Promise<SavedQuickQuizEvaluation> {
  const session = await requireOwnSession(db, user, quizSessionId);
  if ((session.kind === 'simulacro') !== simulacro) throw new AppError('SIMULACRO_SESSION', 409, EXAM_MESSAGES.simulacroOnly);
  const rows = await db
    .select({
      especialidad: answers.especialidad,
      subEspecialidad: answers.subEspecialidad,
      correct: answers.correct,
      timeMs: answers.timeMs,
    })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)))
    .orderBy(asc(answers.answeredAt));
  if (rows.length === 0) throw new AppError('EMPTY_QUIZ_SESSION', 400, QUIZ_MESSAGES.emptySession);
  const timed = rows.filter((row) => row.timeMs !== null);
  const totalTimeMs = timed.length ? timed.reduce((sum, row) => sum + row.timeMs!, 0) : null;
  const summary = { ...summarizeQuiz(rows, now), ...(totalTimeMs !== null ? { totalTimeMs } : {}) };
  const values = {
    totalTimeMs,
    totalQuestions: summary.totalQuestions,
    totalCorrect: summary.totalCorrect,
    averageScore: summary.averageScore,
    specialityEvaluations: summary.specialityEvaluations,
    createdAt: now,
  };
  const [saved] = await db
    .insert(quizEvaluations)
    .values({ userId: user.id, quizSessionId, ...values })
    .onConflictDoUpdate({ target: [quizEvaluations.userId, quizEvaluations.quizSessionId], set: values })
    .returning({ id: quizEvaluations.id });
  await markSessionSaved(db, quizSessionId, now);
  return { id: saved!.id, quickQuizEvaluation: summary, quizSessionId };
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
  return rows.map(({ evaluation, kind }) => ({
    id: evaluation.id,
    quickQuizEvaluation: toQuickQuizEvaluation(evaluation),
    quizSessionId: evaluation.quizSessionId,
    ...(kind ? { kind } : {}),
  }));
}
