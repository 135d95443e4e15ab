import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { MIR_BANKS, OWN_BANKS } from '@galeno/domain/banks';
import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { fillPath } from '@galeno/domain/api-routes/define';
import type { ClinicCase, PackKey, Question, QuestionFigure, SpecialityCaseCount } from '@galeno/domain/contracts/quiz';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { casePool, type QuestionPoolFilter } from './pool.ts';

/*
 * Quiz items as the student sees them before answering: cases and questions without their keys, the counts
 * for the speciality picker. Published items only.
 */

export type QuestionRow = typeof questions.$inferSelect;
type CaseRow = typeof clinicalCases.$inferSelect;

export function tagsOf(row: QuestionRow | CaseRow) {
  return { Especialidad: row.especialidad, SubEspecialidad: row.subEspecialidad, Tema: row.tema, Dificultad: row.dificultad };
}

export function referencesOf(row: QuestionRow | CaseRow) {
  return {
    gpc:
      row.gpcName && row.gpcYear
        ? {
            name: row.gpcName,
            code: row.gpcCode,
            year: row.gpcYear,
            ...(row.gpcCheckedAt ? { checkedAt: row.gpcCheckedAt } : {}),
            ...(row.gpcCheckedAgainst ? { checkedAgainst: row.gpcCheckedAgainst } : {}),
          }
        : null,
    source: row.sourceCitation ? { citation: row.sourceCitation, url: row.sourceUrl } : null,
  };
}

/** An English item's explanation in Spanish, sent beside the explanation once graded; nothing for any other item. */
export function spanishExplanationOf(row: QuestionRow): { explanationEs?: string } {
  return row.explanationEs ? { explanationEs: row.explanationEs } : {};
}

/** The item's latest correction, shown under its explanation once graded («Corregida el …: …», issue 39). */
export function lastChangeOf(row: QuestionRow): { lastChange?: { at: string; reason: string } } {
  return row.lastChange ? { lastChange: row.lastChange } : {};
}

/** The figure of a question's stem as the page gets it: the drawing's address, never the spec it was drawn from. */
function figureOf(row: QuestionRow): { figure?: QuestionFigure } {
  if (!row.figure) return {};
  const { id, alt, caption, width, height } = row.figure;
  return {
    figure: { url: fillPath(API_ROUTES.content.figure.path, { figureId: id }), alt, ...(caption ? { caption } : {}), width, height },
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
    ...figureOf(row),
  };
}

/** A question's key and explanation, as grading shows them (and as an offline pack carries them, issue 41). */
export function answerKeyOf(row: QuestionRow): PackKey {
  return {
    questionId: row.id,
    correctAnswer: row.correctIndex,
    feedback: row.explanation,
    ...spanishExplanationOf(row),
    ...lastChangeOf(row),
    tags: tagsOf(row),
  };
}

/**
 * Cases with their published questions in order, and each question's key, in the order of `caseIds`: what an offline
 * pack carries (issue 41). A case left without a published question is left out.
 */
export async function casesWithKeys(db: Db, caseIds: readonly string[]): Promise<{ clinicCase: ClinicCase; keys: PackKey[] }[]> {
  if (caseIds.length === 0) return [];
  const rows = await db
    .select({ clinicalCase: clinicalCases, question: questions })
    .from(clinicalCases)
    .innerJoin(questions, and(eq(questions.clinicalCaseId, clinicalCases.id), eq(questions.status, 'published')))
    .where(and(inArray(clinicalCases.id, [...caseIds]), eq(clinicalCases.status, 'published')))
    .orderBy(asc(questions.position));
  const byCase = new Map<string, { row: CaseRow; questions: QuestionRow[] }>();
  for (const { clinicalCase, question } of rows) {
    const entry = byCase.get(clinicalCase.id) ?? { row: clinicalCase, questions: [] };
    entry.questions.push(question);
    byCase.set(clinicalCase.id, entry);
  }
  return caseIds.flatMap((id) => {
    const entry = byCase.get(id);
    if (!entry) return [];
    return [
      {
        clinicCase: {
          id,
          clinicCaseContent: entry.row.caseText,
          tags: tagsOf(entry.row),
          ...referencesOf(entry.row),
          questions: entry.questions.map(toPublicQuestion),
        },
        keys: entry.questions.map(answerKeyOf),
      },
    ];
  });
}

const CASE_CACHE_TTL_MS = 10 * 60_000;
/** Above the published cases of a large bank (issue 22: 5,000 cases drawn at random found 2,000 cached 40 % of the time). */
const CASE_CACHE_MAX = 10_000;
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

/**
 * Cases per area and sub-speciality in the student's pool, with the banks apart, for the speciality picker: a few
 * dozen groups at most.
 */
export async function countClinicCasesBySpeciality(
  db: Db,
  pool: Pick<QuestionPoolFilter, 'bank' | 'includeEnglish' | 'includeUnexplainedMir'> = {},
): Promise<SpecialityCaseCount[]> {
  const ofBanks = (banks: readonly string[]) =>
    sql<number>`count(*) filter (where ${inArray(clinicalCases.bank, [...banks])})`.mapWith(Number);
  return db
    .select({
      speciality: clinicalCases.especialidad,
      subSpeciality: clinicalCases.subEspecialidad,
      cases: count(),
      galeno: ofBanks(OWN_BANKS),
      mir: ofBanks(MIR_BANKS),
    })
    .from(clinicalCases)
    .where(casePool(pool))
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
