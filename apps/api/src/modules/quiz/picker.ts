import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { BankChoice } from '@galeno/domain/banks';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import { casePool, isWholePool, singleQuestionPool, type QuestionPoolFilter } from './pool.ts';

type Pool = typeof clinicalCases | typeof questions;

/** Rows read from the random_key index per pick; one of them is chosen at random. */
const WINDOW = 12;

const chooseOne = (ids: string[]) => (ids.length ? ids[Math.floor(Math.random() * ids.length)]! : null);

/** Who is asking: the signed-in user (null for a trial, whose answers are not recorded), their quiz session, if sent, and the bank to draw from. */
export interface Picker {
  userId: string | null;
  quizSessionId?: string | undefined;
  bank?: BankChoice | undefined;
  /** False leaves out the items written in English. */
  includeEnglish?: boolean | undefined;
}

/**
 * Only published items are ever drawn (held and retired ones are not in the pool).
 * A random pick that prefers items this user has not answered yet, without sorting the table: it reads
 * a window of rows from a random point of the random_key index (wrapping around), keeps those the user
 * has no answer for (an index probe each), and chooses one of them at random — so a small bank is
 * uniform and a large one has no "lucky gap" bias. When the user has answered everything, one not
 * answered in this quiz session (when the page sent its id), and only then any row: a session repeats an
 * item only once the pool is used up.
 */
async function pick(
  db: Db,
  pool: Pool,
  filter: SQL | undefined,
  seenColumn: typeof answers.clinicalCaseId | typeof answers.questionId,
  { userId, quizSessionId }: Picker,
) {
  const start = Math.random();
  const answered = (session: SQL | undefined) =>
    sql`not exists (select 1 from ${answers} where ${and(eq(answers.userId, userId!), session, sql`${seenColumn} = ${pool.id}`)})`;
  const window = async (where: SQL | undefined, limit: number) =>
    (await db.select({ id: pool.id }).from(pool).where(where).orderBy(asc(pool.randomKey)).limit(limit)).map((row) => row.id);
  const read = async (extra: SQL | undefined) => {
    const ids = await window(and(filter, gte(pool.randomKey, start), extra), WINDOW);
    return ids.length < WINDOW ? ids.concat(await window(and(filter, lt(pool.randomKey, start), extra), WINDOW - ids.length)) : ids;
  };
  if (!userId) return chooseOne(await read(undefined));
  return (
    chooseOne(await read(answered(undefined))) ??
    (quizSessionId ? chooseOne(await read(answered(eq(answers.quizSessionId, quizSessionId)))) : null) ??
    chooseOne(await read(undefined))
  );
}

/**
 * The unfiltered pick for a signed-in user (the quick and timed quizzes) runs on every case, so it is a
 * prepared walk of the random_key index that stops at the first unseen case (one row, one round trip).
 */
async function pickAnyUnseenCase(db: Db, userId: string) {
  const query = (name: string, direction: 'from' | 'before') =>
    prepared(db, name, (pdb) =>
      pdb
        .select({ id: clinicalCases.id })
        .from(clinicalCases)
        .where(
          and(
            eq(clinicalCases.status, 'published'),
            direction === 'from'
              ? gte(clinicalCases.randomKey, sql.placeholder('start'))
              : lt(clinicalCases.randomKey, sql.placeholder('start')),
            sql`not exists (select 1 from ${answers} where ${answers.userId} = ${sql.placeholder('userId')} and ${answers.clinicalCaseId} = ${clinicalCases.id})`,
          ),
        )
        .orderBy(asc(clinicalCases.randomKey))
        .limit(1)
        .prepare(name.replaceAll('-', '_')),
    );
  const start = Math.random();
  const [row] = await query('unseen-case-from', 'from').execute({ start, userId });
  if (row) return row.id;
  const [wrapped] = await query('unseen-case-before', 'before').execute({ start, userId });
  return wrapped?.id ?? null;
}

export async function pickClinicalCaseId(db: Db, picker: Picker, filter: Omit<QuestionPoolFilter, 'bank'> = {}) {
  const pool: QuestionPoolFilter = { ...filter, bank: picker.bank, includeEnglish: picker.includeEnglish };
  // The hot path (quick and timed quizzes): the same one prepared query with or without a quiz session id;
  // the session only matters once this user has answered every case, when the slower pick below takes over.
  if (picker.userId && isWholePool(pool)) {
    const unseen = await pickAnyUnseenCase(db, picker.userId);
    if (unseen) return unseen;
  }
  return pick(db, clinicalCases, casePool(pool), answers.clinicalCaseId, picker);
}

export function pickSingleQuestionId(db: Db, userId: string | null, bank?: BankChoice, includeEnglish?: boolean) {
  return pick(db, questions, singleQuestionPool({ bank, includeEnglish }), answers.questionId, { userId });
}
