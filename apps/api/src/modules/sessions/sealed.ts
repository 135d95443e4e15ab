import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questions, sealedQuestions } from '../../db/schema/quiz.ts';
import { AppError } from '../../errors.ts';

/*
 * Sealed questions (issue 34, F1): while a student's sitting is open (a simulacro, or a custom exam in exam mode), its
 * questions are the sitting's alone. Grading reveals a key, a review pool or an export verdict reveals whether an
 * answer was right, and a draw would lead to a grading; so none of them touches a sealed question until the sitting
 * is finished. This file is the one rule: every path that could reveal a key asks it.
 */

export const SEALED_MESSAGE = 'Esta pregunta es parte de tu simulacro o examen en curso. Termínalo para ver su respuesta.';

/** The 409 for a path asked to reveal a sealed question. */
export function sealedError(): AppError {
  return new AppError('EXAM_IN_PROGRESS', 409, SEALED_MESSAGE);
}

/** True where `questionId` is a question of one of the student's open sittings. */
export function questionSealed(userId: string | SQLWrapper, questionId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${sealedQuestions} where ${sealedQuestions.userId} = ${userId} and ${sealedQuestions.questionId} = ${questionId})`;
}

/** True where any question of the case `caseId` is in one of the student's open sittings. */
export function caseSealed(userId: string | SQLWrapper, caseId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${sealedQuestions} where ${sealedQuestions.userId} = ${userId} and ${sealedQuestions.clinicalCaseId} = ${caseId})`;
}

/** True where the answer was given in a sitting still open: its verdict is not the student's to see yet. */
export function answerSealed(answer: { userId: SQLWrapper; quizSessionId: SQLWrapper; questionId: SQLWrapper }): SQL {
  return sql`exists (select 1 from ${sealedQuestions} where ${sealedQuestions.userId} = ${answer.userId}
    and ${sealedQuestions.quizSessionId} = ${answer.quizSessionId} and ${sealedQuestions.questionId} = ${answer.questionId})`;
}

/**
 * Seals a sitting's questions as it starts (in the transaction that opens it). A trigger on `quiz_sessions` unseals
 * them when the session is saved or finished (migration 0034), whichever path closes it.
 */
export async function sealSitting(db: Db, userId: string, quizSessionId: string, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length === 0) return;
  const rows = await db
    .select({ id: questions.id, caseId: questions.clinicalCaseId })
    .from(questions)
    .where(inArray(questions.id, [...questionIds]));
  if (rows.length === 0) return;
  await db
    .insert(sealedQuestions)
    .values(rows.map((row) => ({ userId, quizSessionId, questionId: row.id, clinicalCaseId: row.caseId })))
    .onConflictDoNothing();
}
