import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { gradeAnswer } from '@galeno/domain/grading';
import type { BankChoice } from '@galeno/domain/banks';
import { casePool } from './pool.ts';
import { answeredInSession, markSessionSaved, requireOwnSession } from './sessions.ts';
import { prepared } from '../../db/prepared.ts';
import type {
  ClinicCase,
  Question,
  QuestionEvaluation,
  QuickQuizEvaluation,
  SavedQuickQuizEvaluation,
  SpecialityCaseCount,
} from '@galeno/domain/contracts/quiz';
import { formatDate } from '@galeno/domain/format';
import { summarizeQuiz } from '@galeno/domain/quiz-evaluation';
import type { Db } from '../../db/client.ts';
import { answers, clinicalCases, questions, quizEvaluations } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';

type QuestionRow = typeof questions.$inferSelect;
type CaseRow = typeof clinicalCases.$inferSelect;

export const QUIZ_MESSAGES = {
  noCases: 'No se encontraron casos clínicos para esta especialidad.',
  noQuestions: 'Aún no hay preguntas disponibles.',
  questionNotFound: 'La pregunta no existe o ya no está disponible.',
  caseNotFound: 'El caso clínico no existe o ya no está disponible.',
  optionOutOfRange: 'La opción elegida no existe en esta pregunta.',
  answerEveryQuestion: 'Responde todas las preguntas del caso antes de calificar.',
  notYourData: 'Solo puedes consultar y guardar tus propias evaluaciones.',
  emptySession: 'Aún no has respondido preguntas en esta sesión.',
  trialCannotSave: 'Regístrate gratis para guardar tus resultados.',
  trialOwnBankOnly: 'La prueba gratuita usa solo el banco Galeno ENARM. Regístrate para elegir el banco.',
} as const;

function tagsOf(row: QuestionRow | CaseRow) {
  return { Especialidad: row.especialidad, SubEspecialidad: row.subEspecialidad, Tema: row.tema, Dificultad: row.dificultad };
}

function referencesOf(row: QuestionRow | CaseRow) {
  return {
    gpc: row.gpcName && row.gpcYear ? { name: row.gpcName, code: row.gpcCode, year: row.gpcYear } : null,
    source: row.sourceCitation ? { citation: row.sourceCitation, url: row.sourceUrl } : null,
  };
}

/** What the page may see before answering: no correct option, no explanation. */
export function toPublicQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    question: row.question,
    options: row.options.map((option) => ({ ...option })),
    tags: tagsOf(row),
    ...referencesOf(row),
  };
}

const CASE_CACHE_TTL_MS = 10 * 60_000;
const CASE_CACHE_MAX = 2000;
const caseCaches = new WeakMap<Db, Map<string, { value: ClinicCase; at: number }>>();

/**
 * Cases are content: read-mostly and the same for every user, so the public form of each is kept for a few
 * minutes per process (bounded, per database). An edit reaches every instance within the TTL.
 */
export async function loadClinicCase(db: Db, caseId: string, now = Date.now()): Promise<ClinicCase | null> {
  let cache = caseCaches.get(db);
  if (!cache) caseCaches.set(db, (cache = new Map()));
  const hit = cache.get(caseId);
  if (hit && now - hit.at < CASE_CACHE_TTL_MS) return hit.value;
  const value = await queryClinicCase(db, caseId);
  if (value) {
    if (cache.size >= CASE_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(caseId, { value, at: now });
  }
  return value;
}

/** The case and its questions in one round trip, through a prepared query. */
async function queryClinicCase(db: Db, caseId: string): Promise<ClinicCase | null> {
  const rows = await prepared(db, 'clinic-case-with-questions', (pdb) =>
    pdb
      .select({ clinicalCase: clinicalCases, question: questions })
      .from(clinicalCases)
      .innerJoin(questions, and(eq(questions.clinicalCaseId, clinicalCases.id), eq(questions.status, 'published')))
      .where(and(eq(clinicalCases.id, sql.placeholder('caseId')), eq(clinicalCases.status, 'published')))
      .orderBy(asc(questions.position))
      .prepare('clinic_case_with_questions'),
  ).execute({ caseId });
  const row = rows[0]?.clinicalCase;
  if (!row) return null;
  return {
    id: row.id,
    clinicCaseContent: row.caseText,
    tags: tagsOf(row),
    ...referencesOf(row),
    questions: rows.map((entry) => toPublicQuestion(entry.question)),
  };
}

/** Cases per area and sub-speciality, for the speciality picker: a few dozen groups at most. */
export async function countClinicCasesBySpeciality(
  db: Db,
  bank: BankChoice = 'ambos',
  includeEnglish = true,
): Promise<SpecialityCaseCount[]> {
  return db
    .select({ speciality: clinicalCases.especialidad, subSpeciality: clinicalCases.subEspecialidad, cases: count() })
    .from(clinicalCases)
    .where(casePool({ bank, includeEnglish }))
    .groupBy(clinicalCases.especialidad, clinicalCases.subEspecialidad)
    .orderBy(asc(clinicalCases.especialidad), asc(clinicalCases.subEspecialidad));
}

export async function loadSingleQuestion(db: Db, questionId: string): Promise<Question | null> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.status, 'published')))
    .limit(1);
  return row ? toPublicQuestion(row) : null;
}

function grade(row: QuestionRow, selected: number): QuestionEvaluation {
  const graded = gradeAnswer({ correctIndex: row.correctIndex, optionCount: row.options.length }, selected);
  if (!graded.valid) throw badRequest(QUIZ_MESSAGES.optionOutOfRange, 'OPTION_OUT_OF_RANGE');
  return { questionId: row.id, correct: graded.correct, correctAnswer: row.correctIndex, feedback: row.explanation, tags: tagsOf(row) };
}

/** A session id from the page must be one the server opened for this account, and not saved yet. */
async function checkSession(db: Db, user: User | null, quizSessionId: string | undefined) {
  if (user && quizSessionId) await requireOwnSession(db, user, quizSessionId, { open: true });
}

async function recordAnswers(
  db: Db,
  userId: string,
  quizSessionId: string | undefined,
  graded: { row: QuestionRow; selected: number; evaluation: QuestionEvaluation }[],
  now: Date,
) {
  if (graded.length === 0) return;
  await db
    .insert(answers)
    .values(
      graded.map(({ row, selected, evaluation }) => ({
        userId,
        questionId: row.id,
        clinicalCaseId: row.clinicalCaseId,
        quizSessionId: quizSessionId ?? null,
        selectedIndex: selected,
        correct: evaluation.correct,
        especialidad: row.especialidad,
        subEspecialidad: row.subEspecialidad,
        answeredAt: now,
      })),
    )
    // A session repeats a question only once its pool is used up (picker.ts); the student is graded on the
    // repeat, so the answer must not be dropped. The latest answer replaces the earlier one rather than adding
    // a row: a question counts once per session (a double-submitted request cannot count twice), and the
    // saved evaluation shows the session's last grading of it. No schema change needed.
    .onConflictDoUpdate({
      target: [answers.userId, answers.quizSessionId, answers.questionId],
      targetWhere: sql`${answers.quizSessionId} is not null`,
      set: { selectedIndex: sql`excluded.selected_index`, correct: sql`excluded.correct`, answeredAt: sql`excluded.answered_at` },
    });
}

export async function evaluateQuestion(
  db: Db,
  user: User | null,
  input: { questionId: string; selected: number; quizSessionId?: string | undefined },
  now = new Date(),
) {
  await checkSession(db, user, input.quizSessionId);
  // Only published items are graded: a held or retired one answers like one that does not exist.
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, input.questionId), eq(questions.status, 'published')))
    .limit(1);
  if (!row) throw notFound(QUIZ_MESSAGES.questionNotFound);
  const evaluation = grade(row, input.selected);
  if (user) await recordAnswers(db, user.id, input.quizSessionId, [{ row, selected: input.selected, evaluation }], now);
  return evaluation;
}

export async function evaluateClinicCase(
  db: Db,
  user: User | null,
  input: {
    clinicCaseId: string;
    selectedOptions: { questionId: string; optionSelectedIndex: number }[];
    quizSessionId?: string | undefined;
  },
  now = new Date(),
): Promise<QuestionEvaluation[]> {
  await checkSession(db, user, input.quizSessionId);
  const rows = await db
    .select({ question: questions })
    .from(questions)
    .innerJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .where(and(eq(questions.clinicalCaseId, input.clinicCaseId), eq(questions.status, 'published'), eq(clinicalCases.status, 'published')))
    .orderBy(asc(questions.position))
    .then((found) => found.map((entry) => entry.question));
  if (rows.length === 0) throw notFound(QUIZ_MESSAGES.caseNotFound);
  const selections = new Map(input.selectedOptions.map((selection) => [selection.questionId, selection.optionSelectedIndex]));
  if (selections.size !== rows.length || rows.some((row) => !selections.has(row.id)))
    throw badRequest(QUIZ_MESSAGES.answerEveryQuestion, 'INCOMPLETE_CASE');
  const graded = rows.map((row) => {
    const selected = selections.get(row.id)!;
    return { row, selected, evaluation: grade(row, selected) };
  });
  if (user) await recordAnswers(db, user.id, input.quizSessionId, graded, now);
  return graded.map((entry) => entry.evaluation);
}

/**
 * Records answers in a session without revealing the key (exam mode, autosave): graded on the server,
 * answered again in the same session replaces the earlier answer.
 */
export async function recordSessionAnswers(
  db: Db,
  user: User,
  quizSessionId: string,
  selections: { questionId: string; optionSelectedIndex: number }[],
  now = new Date(),
) {
  await requireOwnSession(db, user, quizSessionId, { open: true });
  const ids = [...new Set(selections.map((selection) => selection.questionId))];
  const rows = await db
    .select()
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.status, 'published')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const graded = selections.map((selection) => {
    const row = byId.get(selection.questionId);
    if (!row) throw notFound(QUIZ_MESSAGES.questionNotFound);
    return { row, selected: selection.optionSelectedIndex, evaluation: grade(row, selection.optionSelectedIndex) };
  });
  await recordAnswers(db, user.id, quizSessionId, graded, now);
  return { recorded: graded.length, answeredInSession: await answeredInSession(db, user.id, quizSessionId) };
}

export function assertOwnUserId(user: User, userId: string) {
  if (user.id !== userId) throw forbidden(QUIZ_MESSAGES.notYourData, 'NOT_YOUR_DATA');
}

/** Computed from the answers the server recorded for this session; whatever summary the page sent is ignored. */
export async function saveQuizEvaluation(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SavedQuickQuizEvaluation> {
  await requireOwnSession(db, user, quizSessionId);
  const rows = await db
    .select({ especialidad: answers.especialidad, subEspecialidad: answers.subEspecialidad, correct: answers.correct })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)))
    .orderBy(asc(answers.answeredAt));
  if (rows.length === 0) throw new AppError('EMPTY_QUIZ_SESSION', 400, QUIZ_MESSAGES.emptySession);
  const summary = summarizeQuiz(rows, now);
  const values = {
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
  return { id: saved!.id, quickQuizEvaluation: summary };
}

function toQuickQuizEvaluation(row: typeof quizEvaluations.$inferSelect): QuickQuizEvaluation {
  return {
    date: row.createdAt.toISOString(),
    formattedDate: formatDate(row.createdAt),
    totalQuestions: row.totalQuestions,
    totalCorrect: row.totalCorrect,
    averageScore: row.averageScore,
    specialityEvaluations: row.specialityEvaluations,
  };
}

export async function listQuizEvaluations(db: Db, userId: string, limit = 100): Promise<SavedQuickQuizEvaluation[]> {
  const rows = await db
    .select()
    .from(quizEvaluations)
    .where(eq(quizEvaluations.userId, userId))
    .orderBy(desc(quizEvaluations.createdAt))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, quickQuizEvaluation: toQuickQuizEvaluation(row) }));
}
