import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';

type Pool = typeof clinicalCases | typeof questions;

/** Rows read from the random_key index per pick; one of them is chosen at random. */
const WINDOW = 12;

const chooseOne = (ids: string[]) => (ids.length ? ids[Math.floor(Math.random() * ids.length)]! : null);

/**
 * A random pick that prefers items this user has not answered yet, without sorting the table: it reads
 * a window of rows from a random point of the random_key index (wrapping around), keeps those the user
 * has no answer for (an index probe each), and chooses one of them at random — so a small bank is
 * uniform and a large one has no "lucky gap" bias. When the user has answered everything, any row.
 */
async function pick(db: Db, pool: Pool, filter: SQL | undefined, seenColumn: typeof answers.clinicalCaseId | typeof answers.questionId, userId: string | null) {
  const start = Math.random();
  const unseen = userId ? sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${seenColumn} = ${pool.id})` : undefined;
  const window = async (where: SQL | undefined, limit: number) =>
    (await db.select({ id: pool.id }).from(pool).where(where).orderBy(asc(pool.randomKey)).limit(limit)).map((row) => row.id);
  const read = async (extra: SQL | undefined) => {
    const ids = await window(and(filter, gte(pool.randomKey, start), extra), WINDOW);
    return ids.length < WINDOW ? ids.concat(await window(and(filter, lt(pool.randomKey, start), extra), WINDOW - ids.length)) : ids;
  };
  return chooseOne(await read(unseen)) ?? (userId ? chooseOne(await read(undefined)) : null);
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
            direction === 'from' ? gte(clinicalCases.randomKey, sql.placeholder('start')) : lt(clinicalCases.randomKey, sql.placeholder('start')),
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

export async function pickClinicalCaseId(db: Db, userId: string | null, filter: { especialidad?: string; subEspecialidad?: string } = {}) {
  if (userId && !filter.especialidad && !filter.subEspecialidad) {
    const unseen = await pickAnyUnseenCase(db, userId);
    if (unseen) return unseen;
  }
  const where = and(
    filter.especialidad ? eq(clinicalCases.especialidad, filter.especialidad) : undefined,
    filter.subEspecialidad ? eq(clinicalCases.subEspecialidad, filter.subEspecialidad) : undefined,
  );
  return pick(db, clinicalCases, where, answers.clinicalCaseId, userId);
}

export function pickSingleQuestionId(db: Db, userId: string | null) {
  return pick(db, questions, isNull(questions.clinicalCaseId), answers.questionId, userId);
}
