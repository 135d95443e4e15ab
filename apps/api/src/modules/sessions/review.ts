import { and, asc, desc, eq, inArray, not } from 'drizzle-orm';
import { fixedQuestionIds, rulesOf, secondsPerQuestion, sessionMode, type TypedSession } from '@galeno/domain/session-kinds';
import type {
  FlaggedQuestionList,
  FlaggedQuestions,
  QuestionFlag,
  QuizSession,
  SessionQuestion,
  SessionQuestions,
  SessionReview,
  StartReviewSessionBody,
} from '@galeno/domain/contracts/quiz';
import { optionShares } from '@galeno/domain/peers';
import type { Db } from '../../db/client.ts';
import { answers, clinicalCases, questionFlags, questions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { optionCounts } from './answers.ts';
import { lastChangeOf, spanishExplanationOf, toPublicQuestion } from '../bank/items.ts';
import { QUIZ_MESSAGES } from './messages.ts';
import { createQuizSession, requireOwnSession } from './sessions.ts';
import { questionSealed } from './sealed.ts';
import { unansweredInExam } from './evaluations.ts';

/*
 * The study loop around a session: its review once saved (each answer beside the key and the explanation),
 * "Repasar incorrectas" and "Repasar marcadas" (new sessions over a fixed list of questions), and the flags.
 */

export const REVIEW_MESSAGES = {
  notSaved: 'Guarda la sesión para ver su repaso.',
  noMissed: 'No tuviste respuestas incorrectas en esta sesión.',
  noFlagged: 'Aún no has marcado preguntas para repasar.',
  notAReview: 'Esta sesión no tiene una lista fija de preguntas.',
  noErrors: 'No tienes respuestas incorrectas pendientes en esta selección.',
} as const;

/** At most this many questions in one review session; the oldest flags beyond it wait for the next one. */
export const REVIEW_SESSION_MAX = 100;

/**
 * A saved session's answers with their keys and explanations, in the order they were answered (a custom exam's in
 * its own order, with an exam-mode exam's skipped questions among them), each with its time
 * (when the session kept time) and the option shares its grading showed.
 */
export async function sessionReview(db: Db, user: User, quizSessionId: string): Promise<SessionReview> {
  const session = await requireOwnSession(db, user, quizSessionId);
  if (!session.savedAt) throw new AppError('QUIZ_SESSION_NOT_SAVED', 409, REVIEW_MESSAGES.notSaved);
  const rows = await db
    .select({ answer: answers, question: questions, caseText: clinicalCases.caseText, flagged: questionFlags.createdAt })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .leftJoin(questionFlags, and(eq(questionFlags.userId, user.id), eq(questionFlags.questionId, answers.questionId)))
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)))
    .orderBy(asc(answers.answeredAt), asc(questions.position));
  // An exam-mode exam's skipped questions follow, unanswered, with their keys and explanations (issue 35, N8).
  const skipped = await skippedQuestions(
    db,
    user,
    unansweredInExam(
      session,
      rows.map((row) => row.answer),
    ),
  );
  // How students answered each question, as its grading showed it (20 students at least, decision 016).
  const counts = await optionCounts(
    db,
    [...rows, ...skipped].map((row) => row.question.id),
  );
  const item = (row: Omit<(typeof rows)[number], 'answer'>, answer: (typeof rows)[number]['answer'] | null) => ({
    question: toPublicQuestion(row.question),
    caseText: row.caseText ?? null,
    selectedIndex: answer?.selectedIndex ?? null,
    correct: answer?.correct ?? false,
    correctAnswer: row.question.correctIndex,
    feedback: row.question.explanation,
    ...spanishExplanationOf(row.question),
    ...lastChangeOf(row.question),
    flagged: row.flagged !== null,
    timeMs: answer?.timeMs ?? null,
    optionShares: optionShares(counts.get(row.question.id) ?? [], row.question.options.length),
  });
  return {
    quizSessionId,
    kind: session.kind,
    savedAt: session.savedAt.toISOString(),
    items: inExamOrder(session, [...rows.map((row) => item(row, row.answer)), ...skipped.map((row) => item(row, null))]),
  };
}

/** A custom exam is reviewed in its own order (answers changed or skipped and answered later stay in place). */
function inExamOrder<T extends { question: { id: string } }>(session: TypedSession, items: T[]): T[] {
  const ids = rulesOf(session.kind).reviewOrder === 'list' ? fixedQuestionIds(session) : null;
  if (!ids) return items;
  const order = new Map(ids.map((id, index) => [id, index]));
  return items.toSorted((a, b) => (order.get(a.question.id) ?? Infinity) - (order.get(b.question.id) ?? Infinity));
}

/** The published questions among `ids`, in that order, with their case text and the student's flag. */
async function skippedQuestions(db: Db, user: User, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ question: questions, caseText: clinicalCases.caseText, flagged: questionFlags.createdAt })
    .from(questions)
    .leftJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .leftJoin(questionFlags, and(eq(questionFlags.userId, user.id), eq(questionFlags.questionId, questions.id)))
    .where(and(inArray(questions.id, ids), eq(questions.status, 'published')));
  const byId = new Map(rows.map((row) => [row.question.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** "Repasar incorrectas" or "Repasar marcadas": a new session over exactly those questions (published ones). */
export async function startReviewSession(db: Db, user: User, input: StartReviewSessionBody, now = new Date()): Promise<QuizSession> {
  let questionIds: string[];
  if (input.source === 'incorrectas') {
    const session = await requireOwnSession(db, user, input.quizSessionId);
    if (!session.savedAt) throw new AppError('QUIZ_SESSION_NOT_SAVED', 409, REVIEW_MESSAGES.notSaved);
    const missed = await db
      .select({ questionId: answers.questionId })
      .from(answers)
      .innerJoin(questions, and(eq(questions.id, answers.questionId), eq(questions.status, 'published')))
      .where(
        and(
          eq(answers.userId, user.id),
          eq(answers.quizSessionId, input.quizSessionId),
          eq(answers.correct, false),
          not(questionSealed(user.id, questions.id)),
        ),
      )
      .orderBy(asc(answers.answeredAt), asc(questions.position));
    // An exam-mode exam's skipped questions were scored as not correct: they are reviewed with the missed ones.
    const { answeredIds } = await recordedInSession(db, user.id, input.quizSessionId);
    const skipped = await skippedQuestions(
      db,
      user,
      unansweredInExam(
        session,
        answeredIds.map((questionId) => ({ questionId })),
      ),
    );
    questionIds = [...missed.map((row) => row.questionId), ...skipped.map((row) => row.question.id)];
    if (questionIds.length === 0) throw new AppError('NO_MISSED_QUESTIONS', 400, REVIEW_MESSAGES.noMissed);
  } else if (input.source === 'errores') {
    questionIds = await missedQuestions(db, user, input);
    if (questionIds.length === 0) throw new AppError('NO_MISSED_QUESTIONS', 400, REVIEW_MESSAGES.noErrors);
  } else {
    const flagged = await db
      .select({ questionId: questionFlags.questionId })
      .from(questionFlags)
      .innerJoin(questions, and(eq(questions.id, questionFlags.questionId), eq(questions.status, 'published')))
      .where(and(eq(questionFlags.userId, user.id), not(questionSealed(user.id, questions.id))))
      .orderBy(asc(questionFlags.createdAt))
      .limit(REVIEW_SESSION_MAX);
    questionIds = flagged.map((row) => row.questionId);
    if (questionIds.length === 0) throw new AppError('NO_FLAGGED_QUESTIONS', 400, REVIEW_MESSAGES.noFlagged);
  }
  const configuration = {
    source: input.source,
    questionIds: questionIds.slice(0, REVIEW_SESSION_MAX),
    ...(input.source === 'incorrectas' ? { fromSessionId: input.quizSessionId } : {}),
  };
  return createQuizSession(db, user, { kind: 'review', configuration }, now);
}

/**
 * Published questions whose latest answer by the student was wrong (of an area or sub-speciality), oldest first;
 * a question of an open sitting is not the student's to review yet (sealed.ts).
 */
async function missedQuestions(
  db: Db,
  user: User,
  filter: { speciality?: string | undefined; subSpeciality?: string | undefined },
): Promise<string[]> {
  const latest = await db
    .selectDistinctOn([answers.questionId], { questionId: answers.questionId, correct: answers.correct, answeredAt: answers.answeredAt })
    .from(answers)
    .innerJoin(questions, and(eq(questions.id, answers.questionId), eq(questions.status, 'published')))
    .where(
      and(
        eq(answers.userId, user.id),
        not(questionSealed(user.id, questions.id)),
        filter.speciality ? eq(questions.especialidad, filter.speciality) : undefined,
        filter.subSpeciality ? eq(questions.subEspecialidad, filter.subSpeciality) : undefined,
      ),
    )
    .orderBy(answers.questionId, desc(answers.answeredAt));
  return latest
    .filter((row) => !row.correct)
    .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime())
    .slice(0, REVIEW_SESSION_MAX)
    .map((row) => row.questionId);
}

/** The questions of a review session, without their keys, in order. */
export async function sessionQuestions(db: Db, user: User, quizSessionId: string): Promise<SessionQuestions> {
  const session = await requireOwnSession(db, user, quizSessionId);
  // A fixed list the quiz serves (a review, a custom exam); a simulacro's comes through its own module.
  const ids = rulesOf(session.kind).module === 'quiz' ? fixedQuestionIds(session) : null;
  if (!ids) throw new AppError('NOT_A_REVIEW_SESSION', 400, REVIEW_MESSAGES.notAReview);
  return {
    quizSessionId,
    kind: session.kind,
    items: (await loadSessionItems(db, ids)).map(({ question, caseText }) => ({ question, caseText })),
    ...(await recordedInSession(db, user.id, quizSessionId)),
    mode: sessionMode(session),
    secondsPerQuestion: secondsPerQuestion(session),
    saved: session.savedAt !== null,
  };
}

/**
 * The student's own answers in the session, in the order given: which questions are answered, and, for an exam to
 * go back to, the option chosen and the time kept on each (never whether it was right).
 */
async function recordedInSession(db: Db, userId: string, quizSessionId: string) {
  const rows = await db
    .select({ questionId: answers.questionId, selectedIndex: answers.selectedIndex, timeMs: answers.timeMs })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.quizSessionId, quizSessionId)))
    .orderBy(asc(answers.answeredAt));
  return { answeredIds: rows.map((row) => row.questionId), recorded: rows };
}

/**
 * A fixed list's questions without their keys, in the list's order, each with its case's text; questions no
 * longer published are left out (a retired item is skipped, the list stays). `caseId` and `area` are for the
 * server's own use (a simulacro's parts and results).
 */
export async function loadSessionItems(
  db: Db,
  ids: readonly string[],
): Promise<{ question: SessionQuestion['question']; caseText: string | null; caseId: string | null; area: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ question: questions, caseText: clinicalCases.caseText })
    .from(questions)
    .leftJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .where(and(inArray(questions.id, [...ids]), eq(questions.status, 'published')));
  const byId = new Map(rows.map((row) => [row.question.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            question: toPublicQuestion(row.question),
            caseText: row.caseText ?? null,
            caseId: row.question.clinicalCaseId,
            area: row.question.especialidad,
          },
        ]
      : [];
  });
}

/** "Marcar para repasar" on or off; a question that is not served cannot be flagged. */
export async function setFlag(db: Db, user: User, questionId: string, flagged: boolean, now = new Date()): Promise<QuestionFlag> {
  if (flagged) {
    const [question] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.status, 'published')))
      .limit(1);
    if (!question) throw notFound(QUIZ_MESSAGES.questionNotFound);
    await db.insert(questionFlags).values({ userId: user.id, questionId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(questionFlags).where(and(eq(questionFlags.userId, user.id), eq(questionFlags.questionId, questionId)));
  }
  return { questionId, flagged };
}

/** The student's flagged questions that are still served, newest first. */
export async function listFlags(db: Db, user: User): Promise<FlaggedQuestions> {
  const rows = await db
    .select({ questionId: questionFlags.questionId })
    .from(questionFlags)
    .innerJoin(questions, and(eq(questions.id, questionFlags.questionId), eq(questions.status, 'published')))
    .where(eq(questionFlags.userId, user.id))
    .orderBy(desc(questionFlags.createdAt));
  return { total: rows.length, questionIds: rows.map((row) => row.questionId) };
}

/** At most this many flags on the list page (the oldest beyond it still count and still review). */
export const FLAGGED_LIST_MAX = 500;

/** The flagged list page: each flagged question still served, newest flag first. */
export async function listFlaggedQuestions(db: Db, user: User): Promise<FlaggedQuestionList> {
  const rows = await db
    .select({
      questionId: questionFlags.questionId,
      question: questions.question,
      especialidad: questions.especialidad,
      subEspecialidad: questions.subEspecialidad,
      flaggedAt: questionFlags.createdAt,
    })
    .from(questionFlags)
    .innerJoin(questions, and(eq(questions.id, questionFlags.questionId), eq(questions.status, 'published')))
    .where(eq(questionFlags.userId, user.id))
    .orderBy(desc(questionFlags.createdAt))
    .limit(FLAGGED_LIST_MAX);
  return { items: rows.map((row) => ({ ...row, flaggedAt: row.flaggedAt.toISOString() })) };
}
