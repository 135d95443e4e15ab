import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { banksOf, type BankChoice } from '@galeno/domain/banks';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';

/**
 * Which items a quiz draws from: the one filter that counting, picking and drawing share, so a count never
 * promises what a draw cannot serve. Only published items are ever in a pool.
 */
export interface QuestionPoolFilter {
  especialidad?: string | undefined;
  subEspecialidad?: string | undefined;
  /** Both banks when absent. */
  bank?: BankChoice | undefined;
  /** False leaves out the items written in English (decision 012). */
  includeEnglish?: boolean | undefined;
}

/** True when the filter narrows nothing (every published case), the quick and timed quizzes' hot path. */
export function isWholePool(filter: QuestionPoolFilter): boolean {
  return (
    !filter.especialidad && !filter.subEspecialidad && (!filter.bank || banksOf(filter.bank) === null) && filter.includeEnglish !== false
  );
}

type Pool = typeof clinicalCases | typeof questions;

function conditions(pool: Pool, filter: QuestionPoolFilter): (SQL | undefined)[] {
  const banks = filter.bank ? banksOf(filter.bank) : null;
  return [
    eq(pool.status, 'published'),
    banks ? inArray(pool.bank, [...banks]) : undefined,
    filter.especialidad ? eq(pool.especialidad, filter.especialidad) : undefined,
    filter.subEspecialidad ? eq(pool.subEspecialidad, filter.subEspecialidad) : undefined,
    filter.includeEnglish === false ? eq(pool.language, 'es') : undefined,
  ];
}

/** The clinical cases a filter admits. */
export function casePool(filter: QuestionPoolFilter): SQL | undefined {
  return and(...conditions(clinicalCases, filter));
}

/** The single questions (outside any case) a filter admits. */
export function singleQuestionPool(filter: QuestionPoolFilter): SQL | undefined {
  return and(isNull(questions.clinicalCaseId), ...conditions(questions, filter));
}
