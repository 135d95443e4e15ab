import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SITTING_LIFECYCLE } from '@galeno/domain/lifecycles';
import { configurationOf } from '@galeno/domain/contracts/session-configuration';
import type {
  SimulacroClock,
  SimulacroForms,
  SimulacroResults,
  SimulacroSitting,
  SimulacroStatus,
  StartSimulacroBody,
} from '@galeno/domain/contracts/simulacros';
import { MIN_PEERS_FOR_PERCENTILE } from '@galeno/domain/peers';
import {
  formName,
  PEER_MIN_ANSWERED_SHARE,
  partMinutes,
  simulacroPercentile,
  simulacroScore,
  SIMULACRO_FORMATS,
  SIMULACRO_KINDS,
  splitParts,
  type SimulacroKind,
} from '@galeno/domain/simulacro';
import type { Db } from '../../db/client.ts';
import { simulacroAttempts, simulacroForms } from '../../db/schema/exams.ts';
import { answers, questionFlags, questions, quizSessions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { recordSessionAnswers } from '../sessions/answers.ts';
import { saveQuizEvaluation } from '../sessions/evaluations.ts';
import { loadSessionItems } from '../sessions/review.ts';
import { createQuizSession, markSessionSaved } from '../sessions/sessions.ts';
import { sealSitting } from '../sessions/sealed.ts';

/*
 * A sitting of a simulacro form (decision 017): a quiz session of kind 'simulacro' over the form's questions, its
 * answers autosaved without their key, its clock kept by the server. Time that runs out closes the part (or the
 * sitting) on the next request that reads it, whatever the page says.
 */

export const SIMULACRO_MESSAGES = {
  formNotFound: 'Este simulacro no existe. Elige uno de la lista.',
  notFound: 'Este simulacro no existe o no es tuyo.',
  timeUp: 'Se acabó el tiempo de esta parte. Tus respuestas anteriores están guardadas.',
  paused: 'Esta parte ya terminó. Continúa con la siguiente parte.',
  finished: 'Este simulacro ya terminó. Consulta tus resultados.',
  notInPart: 'Esa pregunta no es parte de esta sección del simulacro.',
  noNextPart: 'Este simulacro no tiene otra parte.',
  notFinished: 'Termina el simulacro para ver tus resultados.',
} as const;

type Attempt = typeof simulacroAttempts.$inferSelect;
/** What a sitting needs of its form (the form's question lists stay in the database). */
type Form = Pick<typeof simulacroForms.$inferSelect, 'id' | 'kind' | 'number'>;

interface Loaded {
  attempt: Attempt;
  form: Form;
  questionIds: string[];
}

/**
 * The sittings a score is compared with (countsAmongPeers in the domain, as one condition): each account's first
 * finished sitting of the form, from an account that proved its address, with at least half the form answered.
 */
const countsAmongPeers = and(
  eq(simulacroAttempts.ranked, true),
  sql`${simulacroAttempts.total} > 0`,
  sql`${simulacroAttempts.answered} >= ceil(${simulacroAttempts.total} * ${sql.raw(String(PEER_MIN_ANSWERED_SHARE))})`,
  sql`exists (select 1 from ${users} where ${users.id} = ${simulacroAttempts.userId} and ${users.verified} is not null)`,
);

/** The forms, each with the student's latest sitting and how many sittings of it count among peers. */
export async function listForms(db: Db, user: User): Promise<SimulacroForms> {
  const forms = await db.select().from(simulacroForms).orderBy(asc(simulacroForms.kind), asc(simulacroForms.number));
  const finishers = await db
    .select({ formId: simulacroAttempts.formId, value: count() })
    .from(simulacroAttempts)
    .where(countsAmongPeers)
    .groupBy(simulacroAttempts.formId);
  const mine = await db
    .select({
      attempt: simulacroAttempts,
      answered: sql<number>`(select count(*)::int from ${answers} where ${answers.userId} = ${user.id} and ${answers.quizSessionId} = ${simulacroAttempts.quizSessionId})`,
    })
    .from(simulacroAttempts)
    .where(eq(simulacroAttempts.userId, user.id))
    .orderBy(desc(simulacroAttempts.startedAt));
  const finishedBy = new Map(finishers.map((row) => [row.formId, row.value]));
  const order = (kind: string) => SIMULACRO_KINDS.indexOf(kind as SimulacroKind);
  return {
    forms: forms
      .sort((a, b) => order(a.kind) - order(b.kind) || a.number - b.number)
      .map((form) => {
        // The open sitting if there is one, else the latest.
        const ofForm = mine.filter((row) => row.attempt.formId === form.id);
        const latest = ofForm.find((row) => row.attempt.finishedAt === null) ?? ofForm[0];
        return {
          formId: form.id,
          kind: form.kind,
          name: formName(form.kind, form.number),
          questions: form.questionIds.length,
          minutes: SIMULACRO_FORMATS[form.kind].minutes,
          finishers: finishedBy.get(form.id) ?? 0,
          attempt: latest
            ? {
                quizSessionId: latest.attempt.quizSessionId,
                status: latest.attempt.status,
                answered: latest.answered,
                score: latest.attempt.score,
              }
            : null,
        };
      }),
  };
}

/** Starts a sitting, or returns the one of this form still open (a second tab or device continues it). */
export async function startSittings(
  db: Db,
  user: User,
  input: Required<StartSimulacroBody>,
  now = new Date(),
): Promise<{ quizSessionId: string }> {
  const [form] = await db.select().from(simulacroForms).where(eq(simulacroForms.id, input.formId)).limit(1);
  if (!form) throw notFound(SIMULACRO_MESSAGES.formNotFound);
  const open = await openAttempt(db, user, form.id);
  if (open) return { quizSessionId: open.quizSessionId };
  const listed = input.includeEnglish ? form.questionIds : form.spanishQuestionIds;
  // Questions retired since the form was drawn are left out; the rest keep their places.
  const published = new Set(
    (
      await db
        .select({ id: questions.id })
        .from(questions)
        .where(and(inArray(questions.id, listed), eq(questions.status, 'published')))
    ).map((row) => row.id),
  );
  const questionIds = listed.filter((id) => published.has(id));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const session = await createQuizSession(
      tx,
      user,
      { kind: 'simulacro', configuration: { formId: form.id, includeEnglish: input.includeEnglish, parts: input.parts, questionIds } },
      now,
    );
    const inserted = await tx
      .insert(simulacroAttempts)
      .values({
        quizSessionId: session.quizSessionId,
        userId: user.id,
        formId: form.id,
        includeEnglish: input.includeEnglish,
        parts: input.parts,
        partStartedAt: now,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning({ quizSessionId: simulacroAttempts.quizSessionId });
    if (inserted.length > 0) {
      await sealSitting(tx, user.id, session.quizSessionId, questionIds);
      return { quizSessionId: session.quizSessionId };
    }
    // Another request opened this form's sitting first: that one is the sitting.
    const existing = await openAttempt(tx, user, form.id);
    if (!existing) throw new AppError('SIMULACRO_RACE', 409, SIMULACRO_MESSAGES.notFound);
    return { quizSessionId: existing.quizSessionId };
  });
}

async function openAttempt(db: Db, user: User, formId: string): Promise<Attempt | undefined> {
  const [row] = await db
    .select()
    .from(simulacroAttempts)
    .where(and(eq(simulacroAttempts.userId, user.id), eq(simulacroAttempts.formId, formId), isNull(simulacroAttempts.finishedAt)))
    .limit(1);
  return row;
}

/** The student's own sitting with its form and question list, its clock settled at `now`. */
async function loadSitting(db: Db, user: User, quizSessionId: string, now: Date): Promise<Loaded> {
  // One read on every call (autosave included): the attempt, its form's name, and the session's question list.
  const [row] = await db
    .select({
      attempt: simulacroAttempts,
      form: { id: simulacroForms.id, kind: simulacroForms.kind, number: simulacroForms.number },
      configuration: quizSessions.configuration,
    })
    .from(simulacroAttempts)
    .innerJoin(simulacroForms, eq(simulacroForms.id, simulacroAttempts.formId))
    .innerJoin(quizSessions, eq(quizSessions.id, simulacroAttempts.quizSessionId))
    .where(and(eq(simulacroAttempts.quizSessionId, quizSessionId), eq(simulacroAttempts.userId, user.id)))
    .limit(1);
  if (!row) throw notFound(SIMULACRO_MESSAGES.notFound);
  const loaded = { attempt: row.attempt, form: row.form, questionIds: configurationOf('simulacro', row.configuration).questionIds };
  return settle(db, user, loaded, now);
}

/** The parts of the sitting: question ranges, split at a case boundary, with their minutes. */
/** The parts of the sitting over its served questions (split at a case boundary), with their minutes. */
function partsOf(loaded: Loaded, served: readonly { id: string; caseId: string | null }[]) {
  const ranges = splitParts(
    served.map((item) => item.caseId ?? item.id),
    loaded.attempt.parts === 2 ? 2 : 1,
  );
  return ranges.map((range) => ({ ...range, minutes: partMinutes(loaded.form.kind, loaded.attempt.parts) }));
}

/** The sitting's served questions in order, ids and cases only: what autosave needs to check the part. */
async function servedQuestions(db: Db, questionIds: readonly string[]): Promise<{ id: string; caseId: string | null }[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select({ id: questions.id, caseId: questions.clinicalCaseId })
    .from(questions)
    .where(and(inArray(questions.id, [...questionIds]), eq(questions.status, 'published')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return questionIds.flatMap((id) => byId.get(id) ?? []);
}

function partLimitMs(loaded: Loaded): number {
  return partMinutes(loaded.form.kind, loaded.attempt.parts) * 60_000;
}

function msLeftOf(loaded: Loaded, now: Date): number {
  if (loaded.attempt.status !== 'en-curso') return 0;
  return Math.max(0, partLimitMs(loaded) - (now.getTime() - loaded.attempt.partStartedAt.getTime()));
}

/** Closes the part whose time ran out: a pause before the second part, or the end of the sitting. */
async function settle(db: Db, user: User, loaded: Loaded, now: Date): Promise<Loaded> {
  if (loaded.attempt.status !== 'en-curso' || msLeftOf(loaded, now) > 0) return loaded;
  return closePart(db, user, loaded, now);
}

async function closePart(db: Db, user: User, loaded: Loaded, now: Date): Promise<Loaded> {
  const { attempt } = loaded;
  const spent = Math.min(partLimitMs(loaded), Math.max(0, now.getTime() - attempt.partStartedAt.getTime()));
  if (attempt.part + 1 < attempt.parts) {
    const [updated] = await db
      .update(simulacroAttempts)
      .set({ status: 'pausa', usedMs: attempt.usedMs + spent })
      .where(
        and(
          eq(simulacroAttempts.quizSessionId, attempt.quizSessionId),
          inArray(simulacroAttempts.status, SITTING_LIFECYCLE.from('pausa')),
          eq(simulacroAttempts.part, attempt.part),
        ),
      )
      .returning();
    return { ...loaded, attempt: updated ?? (await reread(db, attempt.quizSessionId)) };
  }
  return finishSitting(db, user, loaded, attempt.usedMs + spent, now);
}

async function reread(db: Db, quizSessionId: string): Promise<Attempt> {
  const [row] = await db.select().from(simulacroAttempts).where(eq(simulacroAttempts.quizSessionId, quizSessionId)).limit(1);
  return row!;
}

/** Grades the sitting once: unanswered questions count as wrong; the first finished sitting of a form is ranked. */
async function finishSitting(db: Db, user: User, loaded: Loaded, usedMs: number, now: Date): Promise<Loaded> {
  const { attempt } = loaded;
  const published = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, loaded.questionIds.length ? loaded.questionIds : ['']), eq(questions.status, 'published')));
  const [graded] = await db
    .select({ answered: count(), correct: sql<number>`count(*) filter (where ${answers.correct})::int` })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, attempt.quizSessionId)));
  const total = published.length;
  const correct = graded?.correct ?? 0;
  const [earlier] = await db
    .select({ value: count() })
    .from(simulacroAttempts)
    .where(and(eq(simulacroAttempts.userId, user.id), eq(simulacroAttempts.formId, attempt.formId), eq(simulacroAttempts.ranked, true)));
  const [updated] = await db
    .update(simulacroAttempts)
    .set({
      status: 'terminado',
      usedMs,
      finishedAt: now,
      correct,
      answered: graded?.answered ?? 0,
      total,
      score: simulacroScore(correct, total),
      ranked: (earlier?.value ?? 0) === 0,
    })
    .where(
      and(
        eq(simulacroAttempts.quizSessionId, attempt.quizSessionId),
        inArray(simulacroAttempts.status, SITTING_LIFECYCLE.from('terminado')),
        isNull(simulacroAttempts.finishedAt),
      ),
    )
    .returning();
  if (!updated) return { ...loaded, attempt: await reread(db, attempt.quizSessionId) };
  // Saved like any session: its answers count in the statistics and its review opens from there.
  if ((graded?.answered ?? 0) > 0) await saveQuizEvaluation(db, user, attempt.quizSessionId, now, { by: 'simulacros' });
  else await markSessionSaved(db, attempt.quizSessionId, now);
  return { ...loaded, attempt: updated };
}

/** The sitting as the page resumes it on any device. */
export async function sittingState(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SimulacroSitting> {
  const loaded = await loadSitting(db, user, quizSessionId, now);
  const items = await loadSessionItems(db, loaded.questionIds);
  const parts = partsOf(
    loaded,
    items.map((item) => ({ id: item.question.id, caseId: item.caseId })),
  );
  const ids = items.map((item) => item.question.id);
  const recorded = await db
    .select({ questionId: answers.questionId, selectedIndex: answers.selectedIndex })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)));
  const flagged = await db
    .select({ questionId: questionFlags.questionId })
    .from(questionFlags)
    .where(and(eq(questionFlags.userId, user.id), inArray(questionFlags.questionId, ids.length ? ids : [''])));
  return {
    quizSessionId,
    formId: loaded.form.id,
    name: formName(loaded.form.kind, loaded.form.number),
    includeEnglish: loaded.attempt.includeEnglish,
    items: items.map(({ question, caseText }) => ({ question, caseText })),
    answers: recorded,
    flaggedIds: flagged.map((row) => row.questionId),
    parts,
    part: loaded.attempt.part,
    status: loaded.attempt.status,
    msLeft: msLeftOf(loaded, now),
    position: loaded.attempt.position,
  };
}

function clockOf(loaded: Loaded, saved: number, answered: number, now: Date): SimulacroClock {
  return { saved, answered, status: loaded.attempt.status, part: loaded.attempt.part, msLeft: msLeftOf(loaded, now) };
}

function refuseUnlessAnswering(status: SimulacroStatus) {
  if (status === 'pausa') throw new AppError('SIMULACRO_PAUSED', 409, SIMULACRO_MESSAGES.paused);
  if (status === 'terminado') throw new AppError('SIMULACRO_FINISHED', 409, SIMULACRO_MESSAGES.finished);
}

/** Autosave: the answers of the current part, recorded without their key; an answer given again replaces it. */
export async function saveSittingAnswers(
  db: Db,
  user: User,
  quizSessionId: string,
  selections: { questionId: string; optionSelectedIndex: number }[],
  now = new Date(),
  position?: number,
): Promise<SimulacroClock> {
  const before = await loadSitting(db, user, quizSessionId, now);
  if (before.attempt.status !== 'en-curso') {
    // The time ran out (the read above closed the part) or the part was already closed.
    if (before.attempt.status === 'terminado' || before.attempt.part + 1 >= before.attempt.parts)
      throw new AppError('SIMULACRO_TIME_UP', 409, SIMULACRO_MESSAGES.timeUp);
    refuseUnlessAnswering(before.attempt.status);
  }
  // Autosave is the hot path: ids and cases only, not the questions' texts.
  const served = await servedQuestions(db, before.questionIds);
  const parts = partsOf(before, served);
  const range = parts[before.attempt.part] ?? parts[0]!;
  const inPart = new Set(served.slice(range.from, range.to).map((item) => item.id));
  if (selections.some((selection) => !inPart.has(selection.questionId))) throw badRequest(SIMULACRO_MESSAGES.notInPart, 'NOT_IN_PART');
  const { recorded, answeredInSession } = await recordSessionAnswers(db, user, quizSessionId, selections, now, { by: 'simulacros' });
  if (position !== undefined && position >= range.from && position < range.to) {
    await db.update(simulacroAttempts).set({ position }).where(eq(simulacroAttempts.quizSessionId, quizSessionId));
  }
  return clockOf(before, recorded, answeredInSession, now);
}

/** "Terminar parte 1": closes the first part of a two-part sitting; the pause lasts until the student resumes. */
export async function endPart(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SimulacroClock> {
  let loaded = await loadSitting(db, user, quizSessionId, now);
  if (loaded.attempt.status === 'en-curso') loaded = await closePart(db, user, loaded, now);
  return clockOf(loaded, 0, await answeredCount(db, user, quizSessionId), now);
}

/** "Comenzar la parte 2": the second part's clock starts now. */
export async function resumeSitting(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SimulacroClock> {
  const loaded = await loadSitting(db, user, quizSessionId, now);
  if (loaded.attempt.status === 'terminado') throw new AppError('SIMULACRO_FINISHED', 409, SIMULACRO_MESSAGES.finished);
  if (loaded.attempt.status === 'en-curso') return clockOf(loaded, 0, await answeredCount(db, user, quizSessionId), now);
  if (loaded.attempt.part + 1 >= loaded.attempt.parts) throw new AppError('SIMULACRO_NO_NEXT_PART', 409, SIMULACRO_MESSAGES.noNextPart);
  const [updated] = await db
    .update(simulacroAttempts)
    .set({ status: 'en-curso', part: loaded.attempt.part + 1, partStartedAt: now })
    .where(and(eq(simulacroAttempts.quizSessionId, quizSessionId), inArray(simulacroAttempts.status, SITTING_LIFECYCLE.from('en-curso'))))
    .returning();
  const resumed = { ...loaded, attempt: updated ?? (await reread(db, quizSessionId)) };
  return clockOf(resumed, 0, await answeredCount(db, user, quizSessionId), now);
}

/** "Terminar simulacro": grades the sitting now (whatever part it is in) and returns its results. */
export async function finishSittingNow(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SimulacroResults> {
  const loaded = await loadSitting(db, user, quizSessionId, now);
  if (loaded.attempt.status !== 'terminado') {
    const running =
      loaded.attempt.status === 'en-curso' ? Math.min(partLimitMs(loaded), now.getTime() - loaded.attempt.partStartedAt.getTime()) : 0;
    await finishSitting(db, user, loaded, loaded.attempt.usedMs + Math.max(0, running), now);
  }
  return sittingResults(db, user, quizSessionId, now);
}

async function answeredCount(db: Db, user: User, quizSessionId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)));
  return row?.value ?? 0;
}

/** Score, areas, time and the percentile among the sittings that count (never who, never answers). */
export async function sittingResults(db: Db, user: User, quizSessionId: string, now = new Date()): Promise<SimulacroResults> {
  const loaded = await loadSitting(db, user, quizSessionId, now);
  const { attempt, form } = loaded;
  if (attempt.status !== 'terminado') throw new AppError('SIMULACRO_NOT_FINISHED', 409, SIMULACRO_MESSAGES.notFinished);
  const areas = await db
    .select({ area: questions.especialidad, total: count() })
    .from(questions)
    .where(and(inArray(questions.id, loaded.questionIds.length ? loaded.questionIds : ['']), eq(questions.status, 'published')))
    .groupBy(questions.especialidad);
  const answered = await db
    .select({ area: answers.especialidad, answered: count(), correct: sql<number>`count(*) filter (where ${answers.correct})::int` })
    .from(answers)
    .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, quizSessionId)))
    .groupBy(answers.especialidad);
  const byArea = new Map(answered.map((row) => [row.area, row]));
  const score = attempt.score ?? 0;
  const [peers] = await db
    .select({
      finishers: count(),
      mine: sql<number>`count(*) filter (where ${simulacroAttempts.userId} = ${user.id})::int`,
      below: sql<number>`count(*) filter (where ${simulacroAttempts.userId} <> ${user.id} and ${simulacroAttempts.score} < ${score})::int`,
      equal: sql<number>`count(*) filter (where ${simulacroAttempts.userId} <> ${user.id} and ${simulacroAttempts.score} = ${score})::int`,
    })
    .from(simulacroAttempts)
    .where(and(eq(simulacroAttempts.formId, form.id), eq(simulacroAttempts.includeEnglish, attempt.includeEnglish), countsAmongPeers));
  const compared = (peers?.finishers ?? 0) - (peers?.mine ?? 0);
  return {
    quizSessionId,
    formId: form.id,
    name: formName(form.kind, form.number),
    correct: attempt.correct ?? 0,
    answered: answered.reduce((sum, row) => sum + row.answered, 0),
    total: attempt.total ?? 0,
    score,
    byArea: areas
      .map((row) => ({ area: row.area, total: row.total, correct: byArea.get(row.area)?.correct ?? 0 }))
      .sort((a, b) => b.total - a.total || a.area.localeCompare(b.area)),
    usedMs: attempt.usedMs,
    minutes: SIMULACRO_FORMATS[form.kind].minutes,
    percentile: simulacroPercentile({ below: peers?.below ?? 0, equal: peers?.equal ?? 0, compared }, MIN_PEERS_FOR_PERCENTILE),
    finishers: compared,
    retake: !attempt.ranked,
  };
}
