import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { banksOf, MIR_BANKS, UNEXPLAINED_MIR_MARK, type BankChoice } from '@galeno/domain/banks';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';

/**
 * Which items a quiz draws from: the one filter that counting, picking and drawing share, so a count never
 * promises what a draw cannot serve. Only published items are ever in a pool.
 */
export interface QuestionPoolFilter {
  especialidad?: string | undefined;
  subEspecialidad?: string | undefined;
  /** Both banks when absent (the routes always name the student's: quiz/banks.ts). */
  bank?: BankChoice | undefined;
  /** False leaves out the items written in English (decision 012). */
  includeEnglish?: boolean | undefined;
  /**
   * True admits the MIR items without an explanation (only the official key); they are in no pool otherwise
   * (issue 37), so a caller that says nothing never serves them.
   */
  includeUnexplainedMir?: boolean | undefined;
}

type Pool = typeof clinicalCases | typeof questions;

const UNEXPLAINED = `${UNEXPLAINED_MIR_MARK}%`;
const inMirBank = (pool: Pool) => inArray(pool.bank, [...MIR_BANKS]);

/**
 * Leaves out the MIR items without an explanation: a question whose explanation is only the official key, a case
 * with such a question. Our own items are never touched (the bank is checked first).
 */
export function explainedMirOnly(pool: Pool): SQL {
  if (pool === questions) return sql`not (${inMirBank(questions)} and ${questions.explanation} like ${UNEXPLAINED})`;
  return sql`not (${inMirBank(clinicalCases)} and exists (select 1 from ${questions} where ${questions.clinicalCaseId} = ${clinicalCases.id} and ${questions.explanation} like ${UNEXPLAINED}))`;
}

/** Whether the filter may admit a MIR item without an explanation (it draws MIR and the student asked for them). */
function leavesOutUnexplained(filter: QuestionPoolFilter): boolean {
  const banks = filter.bank ? banksOf(filter.bank) : null;
  const drawsMir = banks === null || banks.some((bank) => (MIR_BANKS as readonly string[]).includes(bank));
  return drawsMir && filter.includeUnexplainedMir !== true;
}

function conditions(pool: Pool, filter: QuestionPoolFilter): (SQL | undefined)[] {
  const banks = filter.bank ? banksOf(filter.bank) : null;
  return [
    eq(pool.status, 'published'),
    banks ? inArray(pool.bank, [...banks]) : undefined,
    filter.especialidad ? eq(pool.especialidad, filter.especialidad) : undefined,
    filter.subEspecialidad ? eq(pool.subEspecialidad, filter.subEspecialidad) : undefined,
    filter.includeEnglish === false ? eq(pool.language, 'es') : undefined,
    leavesOutUnexplained(filter) ? explainedMirOnly(pool) : undefined,
  ];
}

/**
 * The key of a pool with no area or sub-speciality (the quick and timed quizzes' hot path), one per bank setting,
 * or null for a narrower pool.
 */
export function wholePoolKey(filter: QuestionPoolFilter): string | null {
  if (filter.especialidad || filter.subEspecialidad) return null;
  return [filter.bank ?? 'ambos', filter.includeEnglish === false ? 'es' : 'all', leavesOutUnexplained(filter) ? 'explained' : 'any'].join(
    '-',
  );
}

/** The clinical cases a filter admits. */
export function casePool(filter: QuestionPoolFilter): SQL | undefined {
  return and(...conditions(clinicalCases, filter));
}

/** The single questions (outside any case) a filter admits. */
export function singleQuestionPool(filter: QuestionPoolFilter): SQL | undefined {
  return and(isNull(questions.clinicalCaseId), ...conditions(questions, filter));
}

/** Every question, single or of a case, a filter admits (the custom exam's pool before the student's own choices). */
export function questionPool(filter: QuestionPoolFilter): SQL | undefined {
  return and(...conditions(questions, filter));
}
