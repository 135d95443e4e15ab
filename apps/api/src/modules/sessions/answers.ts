import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fixedQuestionIds, rulesOf, sessionMode, type SessionModule, type TypedSession } from '@galeno/domain/session-kinds';
import { gradeAnswer } from '@galeno/domain/grading';
import { optionShares } from '@galeno/domain/peers';
import type { QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import type { Db } from '../../db/client.ts';
import { prepared, preparedSql } from '../../db/prepared.ts';
import { answers, clinicalCases, questionOptionCounts, questions, quizSessions, trialAnswers } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { answerKeyOf, type QuestionRow } from '../bank/items.ts';
import { EXAM_MESSAGES, QUIZ_MESSAGES } from './messages.ts';
import { answeredInSession, ownSession, requireOwnSession, type OwnSession, type QuizSessionRow } from './sessions.ts';
import { questionSealed, sealedError } from './sealed.ts';

/*
 * Answers: graded on the server (the pure rule is the domain's gradeAnswer) and recorded in the student's
 * session; grading reveals the key, recording alone does not.
 */

function grade(row: QuestionRow, selected: number): QuestionEvaluation {
  const graded = gradeAnswer({ correctIndex: row.correctIndex, optionCount: row.options.length }, selected);
  if (!graded.valid) throw badRequest(QUIZ_MESSAGES.optionOutOfRange, 'OPTION_OUT_OF_RANGE');
  return { ...answerKeyOf(row), correct: graded.correct };
}

/** A session id from the page must be one the server opened for this account, and not saved yet. */
async function checkSession(
  db: Db,
  user: User | null,
  quizSessionId: string | undefined,
  questionIds: readonly string[],
  { timeUp = false }: { timeUp?: boolean | undefined } = {},
) {
  // An account's time-up must name its timed session: without one, a flag alone would show a case's keys unanswered.
  if (timeUp && user && !quizSessionId) throw badRequest(QUIZ_MESSAGES.answerEveryQuestion, 'INCOMPLETE_CASE');
  if (!user || !quizSessionId) return;
  checkGradingSession(await requireOwnSession(db, user, quizSessionId, { open: true }), questionIds, { timeUp });
}

/** What grading in an open session of the account's own requires of it. */
function checkGradingSession(session: OwnSession, questionIds: readonly string[], { timeUp = false }: { timeUp?: boolean | undefined }) {
  // An exam in 'examen' mode reveals no key before it is finished: answers are recorded, not graded.
  if (sessionMode(session) === 'examen') throw new AppError('EXAM_MODE', 409, EXAM_MESSAGES.examMode);
  // Only the timed quiz has a time that runs out; every other session grades a case once it is fully answered.
  if (timeUp && rulesOf(session.kind).clock !== 'per case') throw badRequest(QUIZ_MESSAGES.answerEveryQuestion, 'INCOMPLETE_CASE');
  assertInList(session, questionIds);
}

/** A session over a fixed list (an exam, a review) takes answers to its own questions only. */
function assertInList(session: TypedSession, questionIds: readonly string[]) {
  const list = fixedQuestionIds(session);
  if (!list) return;
  const allowed = new Set(list);
  if (questionIds.some((id) => !allowed.has(id))) throw badRequest(EXAM_MESSAGES.notInSession, 'NOT_IN_SESSION');
}

type Graded = { row: QuestionRow; selected: number; evaluation: QuestionEvaluation; elapsedMs?: number | undefined };

/** What an answer row holds, for an account's answers and a trial's alike; a request's time is shared evenly. */
function answerRows(latest: readonly Graded[], now: Date, elapsedMs: number | undefined) {
  const shared = latest.filter((entry) => entry.elapsedMs === undefined).length;
  return latest.map(({ row, selected, evaluation, elapsedMs: own }) => ({
    questionId: row.id,
    clinicalCaseId: row.clinicalCaseId,
    selectedIndex: selected,
    correct: evaluation.correct,
    especialidad: row.especialidad,
    subEspecialidad: row.subEspecialidad,
    answeredAt: now,
    timeMs: own ?? (elapsedMs === undefined ? null : Math.round(elapsedMs / shared)),
  }));
}

/**
 * What a second answer to a question in the same session does (a question counts once per session, so a
 * double-submitted request cannot count twice). A graded answer keeps the first choice, verdict and time (issue 34,
 * F7): the key was shown with the first verdict, so a session that serves the question again once its pool is used
 * up (picker.ts) grades the repeat on screen without rewriting what statistics and percentiles count; it only notes
 * when the question was last answered, so the picker never serves it twice in a row. An answer recorded without its
 * key (exam mode, a simulacro's autosave) is the student's to change until the end.
 */
const ON_REPEAT = {
  'keep-first': sql`do update set answered_at = excluded.answered_at`,
  replace: sql`do update set selected_index = excluded.selected_index, correct = excluded.correct,
    answered_at = excluded.answered_at, time_ms = excluded.time_ms`,
};
type OnRepeat = keyof typeof ON_REPEAT;

/**
 * Records an account's answers and counts each student's first answer to a question (decision 016) in one
 * statement (issue 22: the transaction it replaces took five round trips; the statement is atomic as it was), and
 * returns the option counts of `shown` as they are after it: the rows it changed, and the others as they were.
 */
async function recordAnswers(
  db: Db,
  userId: string,
  quizSessionId: string | undefined,
  graded: readonly Graded[],
  now: Date,
  /** A timed quiz's time for the whole request, shared evenly among its questions. */
  elapsedMs?: number | undefined,
  shown: readonly string[] = [],
  onRepeat: OnRepeat = 'keep-first',
): Promise<Map<string, number[]>> {
  if (graded.length === 0) return optionCounts(db, shown);
  // A question answered twice in one request counts once, with its last answer.
  const latest = [...new Map(graded.map((entry) => [entry.row.id, entry])).values()];
  const rows = answerRows(latest, now, elapsedMs);
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  const result = await preparedSql<{ question_id: string; option_index: number; students: number }>(
    db,
    `record-answers-${onRepeat}`,
    () => {
      const p = (name: string) => sql.placeholder(name);
      return sql`
      with input as (
        select * from unnest(${p('questionIds')}::text[], ${p('caseIds')}::text[], ${p('selected')}::int[], ${p('correct')}::boolean[],
          ${p('especialidades')}::text[], ${p('subEspecialidades')}::text[], ${p('timesMs')}::int[])
          as t(question_id, clinical_case_id, selected_index, correct, especialidad, sub_especialidad, time_ms)
      ),
      earlier as (
        select ${answers.questionId} from ${answers}
        where ${answers.userId} = ${p('userId')} and ${answers.questionId} = any(${p('questionIds')}::text[])
      ),
      recorded as (
        insert into ${answers} (user_id, question_id, clinical_case_id, quiz_session_id, selected_index, correct, especialidad,
          sub_especialidad, answered_at, time_ms)
        select ${p('userId')}, question_id, clinical_case_id, ${p('quizSessionId')}::uuid, selected_index, correct, especialidad,
          sub_especialidad, ${p('now')}::timestamptz, time_ms
        from input
        on conflict (user_id, quiz_session_id, question_id) where quiz_session_id is not null ${ON_REPEAT[onRepeat]}
        returning 1
      ),
      counted as (
        insert into ${questionOptionCounts} (question_id, option_index, students)
        select question_id, selected_index, 1 from input where question_id not in (select question_id from earlier)
        on conflict (question_id, option_index) do update set students = ${questionOptionCounts.students} + 1
        returning question_id, option_index, students
      )
      select question_id, option_index, students from counted
      union all
      select question_id, option_index, students from ${questionOptionCounts} as current
      where current.question_id = any(${p('shown')}::text[])
        and not exists (select 1 from counted where counted.question_id = current.question_id and counted.option_index = current.option_index)
    `;
    },
  ).execute({
    userId,
    quizSessionId: quizSessionId ?? null,
    now: now.toISOString(),
    questionIds: column((row) => row.questionId),
    caseIds: column((row) => row.clinicalCaseId),
    selected: column((row) => row.selectedIndex),
    correct: column((row) => row.correct),
    especialidades: column((row) => row.especialidad),
    subEspecialidades: column((row) => row.subEspecialidad),
    timesMs: column((row) => row.timeMs),
    shown: [...shown],
  });
  return countsByQuestion(
    result.map((row) => ({ questionId: row.question_id, optionIndex: Number(row.option_index), students: Number(row.students) })),
  );
}

/**
 * A trial's graded answers stay on its session (it has no account) until an account created from the
 * trial's end sheet on the same device takes them (auth/trial-carry.ts); answered again, the first one counts (F7).
 */
async function recordTrialAnswers(
  db: Db,
  trialSessionId: string,
  graded: { row: QuestionRow; selected: number; evaluation: QuestionEvaluation }[],
  now: Date,
  elapsedMs?: number | undefined,
) {
  const latest = [...new Map(graded.map((entry) => [entry.row.id, entry])).values()];
  if (latest.length === 0) return;
  await db
    .insert(trialAnswers)
    .values(answerRows(latest, now, elapsedMs).map((answer) => ({ ...answer, sessionId: trialSessionId })))
    .onConflictDoNothing({ target: [trialAnswers.sessionId, trialAnswers.questionId] });
}

/** Who is answering: an account, or a trial session (no account) whose answers wait for one. */
export interface Answerer {
  user: User | null;
  trialSessionId: string | null;
}

/** Records what `who` answered and returns the option counts of `shown` after it. */
async function record(
  db: Db,
  who: Answerer,
  quizSessionId: string | undefined,
  graded: { row: QuestionRow; selected: number; evaluation: QuestionEvaluation }[],
  now: Date,
  elapsedMs: number | undefined,
  shown: readonly string[],
): Promise<Map<string, number[]>> {
  if (who.user) return recordAnswers(db, who.user.id, quizSessionId, graded, now, elapsedMs, shown);
  if (who.trialSessionId) await recordTrialAnswers(db, who.trialSessionId, graded, now, elapsedMs);
  return optionCounts(db, shown);
}

/** Each evaluation with the share of students who chose each option, once enough of them answered (decision 016). */
function withShares(
  counts: Map<string, number[]>,
  graded: readonly { row: QuestionRow; evaluation: QuestionEvaluation }[],
): QuestionEvaluation[] {
  return graded.map(({ row, evaluation }) => ({ ...evaluation, optionShares: optionShares(counts.get(row.id) ?? [], row.options.length) }));
}

/**
 * Recounts the option counts of these questions from the answers (each student's first answer), as migration 0023
 * did for every question: a repair tool, and how the benchmark builds a large count.
 */
export async function recountOptionCounts(db: Db, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length === 0) return;
  const ids = sql.join(
    questionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.delete(questionOptionCounts).where(inArray(questionOptionCounts.questionId, [...questionIds]));
    await tx.execute(sql`insert into ${questionOptionCounts} (question_id, option_index, students)
      select question_id, selected_index, count(*)::int from (
        select distinct on (user_id, question_id) question_id, selected_index from ${answers}
        where question_id in (${ids}) order by user_id, question_id, answered_at
      ) first_answers group by question_id, selected_index`);
  });
}

/** Students per option of each question: one indexed read of a handful of rows per question. */
export async function optionCounts(db: Db, questionIds: readonly string[]): Promise<Map<string, number[]>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({
      questionId: questionOptionCounts.questionId,
      optionIndex: questionOptionCounts.optionIndex,
      students: questionOptionCounts.students,
    })
    .from(questionOptionCounts)
    .where(inArray(questionOptionCounts.questionId, [...questionIds]));
  return countsByQuestion(rows);
}

function countsByQuestion(rows: readonly { questionId: string; optionIndex: number; students: number }[]): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  for (const row of rows) {
    const list = counts.get(row.questionId) ?? [];
    list[row.optionIndex] = row.students;
    counts.set(row.questionId, list);
  }
  return counts;
}

export async function evaluateQuestion(
  db: Db,
  who: Answerer,
  input: { questionId: string; selected: number; quizSessionId?: string | undefined; elapsedMs?: number | undefined },
  now = new Date(),
) {
  await checkSession(db, who.user, input.quizSessionId, [input.questionId]);
  // Only published items are graded: a held or retired one answers like one that does not exist. A question of the
  // student's open sitting is graded only when the sitting is (sealed.ts), whatever session the request names.
  const [found] = await prepared(db, 'question-to-grade', (pdb) =>
    pdb
      .select({ question: questions, sealed: questionSealed(sql.placeholder('userId'), questions.id).mapWith(Boolean) })
      .from(questions)
      .where(and(eq(questions.id, sql.placeholder('questionId')), eq(questions.status, 'published')))
      .limit(1)
      .prepare('question_to_grade'),
  ).execute({ questionId: input.questionId, userId: who.user?.id ?? null });
  if (!found) throw notFound(QUIZ_MESSAGES.questionNotFound);
  if (found.sealed) throw sealedError();
  const row = found.question;
  const evaluation = grade(row, input.selected);
  const counts = await record(db, who, input.quizSessionId, [{ row, selected: input.selected, evaluation }], now, input.elapsedMs, [
    row.id,
  ]);
  return withShares(counts, [{ row, evaluation }])[0]!;
}

export async function evaluateClinicCase(
  db: Db,
  who: Answerer,
  input: {
    clinicCaseId: string;
    selectedOptions: { questionId: string; optionSelectedIndex: number }[];
    quizSessionId?: string | undefined;
    elapsedMs?: number | undefined;
    /** The timed quiz's time for the case ran out: grade what was chosen, leave the rest unanswered. */
    timeUp?: boolean | undefined;
    /** When it was answered, for a session whose answers the page dates (an offline pack). */
    answeredAt?: string | undefined;
  },
  now = new Date(),
): Promise<QuestionEvaluation[]> {
  const questionIds = input.selectedOptions.map((selection) => selection.questionId);
  const sessionId = who.user ? input.quizSessionId : undefined;
  if (input.timeUp && who.user && !input.quizSessionId) await checkSession(db, who.user, undefined, questionIds, { timeUp: true });
  // The case's questions and the account's session in one prepared round trip (issue 22: grading is the most
  // frequent write of a quiz); the session's checks come first, as they would alone.
  const found = await prepared(db, 'case-questions-to-grade', (pdb) =>
    pdb
      .select({
        question: questions,
        session: quizSessions,
        sealed: questionSealed(sql.placeholder('userId'), questions.id).mapWith(Boolean),
      })
      .from(questions)
      .innerJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
      .leftJoin(
        quizSessions,
        and(eq(quizSessions.id, sql.placeholder('quizSessionId')), eq(quizSessions.userId, sql.placeholder('userId'))),
      )
      .where(
        and(
          eq(questions.clinicalCaseId, sql.placeholder('caseId')),
          eq(questions.status, 'published'),
          eq(clinicalCases.status, 'published'),
        ),
      )
      .orderBy(asc(questions.position))
      .prepare('case_questions_to_grade'),
  ).execute({ caseId: input.clinicCaseId, quizSessionId: sessionId ?? null, userId: who.user?.id ?? null });
  if (who.user && sessionId) {
    // No row: the case is not there, and the session alone says whether its own error comes first.
    if (found.length === 0) await checkSession(db, who.user, sessionId, questionIds, { timeUp: input.timeUp });
    else checkGradingSession(ownSession(found[0]!.session, { open: true }), questionIds, { timeUp: input.timeUp });
  }
  const rows = found.map((entry) => entry.question);
  if (rows.length === 0) throw notFound(QUIZ_MESSAGES.caseNotFound);
  if (found.some((entry) => entry.sealed)) throw sealedError();
  const selections = new Map(input.selectedOptions.map((selection) => [selection.questionId, selection.optionSelectedIndex]));
  const caseIds = new Set(rows.map((row) => row.id));
  if ([...selections.keys()].some((id) => !caseIds.has(id))) throw badRequest(QUIZ_MESSAGES.notInCase, 'NOT_IN_CASE');
  if (!input.timeUp && selections.size !== rows.length) throw badRequest(QUIZ_MESSAGES.answerEveryQuestion, 'INCOMPLETE_CASE');
  const graded = rows.flatMap((row) => {
    const selected = selections.get(row.id);
    return selected === undefined ? [] : [{ row, selected, evaluation: grade(row, selected) }];
  });
  // Only the answers are recorded, and the case's time is shared among them: an unanswered question leaves no row
  // (it counts neither right nor wrong), as the saved evaluation and the statistics read the answers.
  const counts = await record(
    db,
    who,
    input.quizSessionId,
    graded,
    answeredAtOf(found[0]?.session ?? null, input.answeredAt, now),
    input.elapsedMs,
    rows.map((row) => row.id),
  );
  // Every question still gets its key and explanation; one left unanswered when time ran out is marked so.
  const gradedById = new Map(graded.map((entry) => [entry.row.id, entry.evaluation]));
  return withShares(
    counts,
    rows.map((row) => ({ row, evaluation: gradedById.get(row.id) ?? unansweredEvaluation(row) })),
  );
}

/**
 * When the answers count as given: on arrival, or (a session whose kind lets the page date them, an offline pack) when
 * the page says, kept between the session's start and now.
 */
function answeredAtOf(session: QuizSessionRow | null, answeredAt: string | undefined, now: Date): Date {
  if (!answeredAt || !session || rulesOf(session.kind).answersDated !== 'by the page') return now;
  const at = Date.parse(answeredAt);
  return new Date(Math.min(now.getTime(), Math.max(session.startedAt.getTime(), at)));
}

/** A question left without an answer when a timed case's time ran out: not correct, its key and explanation shown. */
function unansweredEvaluation(row: QuestionRow): QuestionEvaluation {
  return { ...answerKeyOf(row), correct: false, unanswered: true };
}

/**
 * Records answers in a session without revealing the key (exam mode, autosave): graded on the server; in exam mode
 * an answer given again replaces the earlier one, elsewhere the first stands.
 */
export async function recordSessionAnswers(
  db: Db,
  user: User,
  quizSessionId: string,
  selections: { questionId: string; optionSelectedIndex: number; elapsedMs?: number | undefined }[],
  now = new Date(),
  /**
   * The module recording them, which must be the one the session's kind names: a simulacro's answers come through
   * its own module, which checks its parts and clock first.
   */
  { by, elapsedMs }: { by: SessionModule; elapsedMs?: number | undefined },
) {
  const session = await requireOwnSession(db, user, quizSessionId, { open: true });
  if (rulesOf(session.kind).module !== by) throw new AppError('SIMULACRO_SESSION', 409, EXAM_MESSAGES.simulacroOnly);
  assertInList(
    session,
    selections.map((selection) => selection.questionId),
  );
  // Only where no key is shown (exam mode, a simulacro) may an answer be changed; elsewhere the first verdict stands.
  const unkeyed = sessionMode(session) === 'examen';
  const ids = [...new Set(selections.map((selection) => selection.questionId))];
  const rows = await db
    .select()
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.status, 'published')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const graded = selections.map((selection) => {
    const row = byId.get(selection.questionId);
    if (!row) throw notFound(QUIZ_MESSAGES.questionNotFound);
    return {
      row,
      selected: selection.optionSelectedIndex,
      evaluation: grade(row, selection.optionSelectedIndex),
      elapsedMs: selection.elapsedMs,
    };
  });
  await recordAnswers(db, user.id, quizSessionId, graded, now, elapsedMs, [], unkeyed ? 'replace' : 'keep-first');
  return { recorded: graded.length, answeredInSession: await answeredInSession(db, user.id, quizSessionId) };
}
