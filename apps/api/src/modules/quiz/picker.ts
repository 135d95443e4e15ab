import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';

type Pool = typeof clinicalCases | typeof questions;

/**
 * A uniform random pick that prefers items this user has not answered yet, in one indexed query:
 * it walks the random_key index from a random point and stops at the first row the user has no
 * answer for (an index probe on answers per row). It wraps around once, and falls back to any row
 * when the user has answered everything.
 */
async function pick(db: Db, pool: Pool, filter: SQL | undefined, seenColumn: typeof answers.clinicalCaseId | typeof answers.questionId, userId: string | null) {
  const start = Math.random();
  const unseen = userId ? sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${seenColumn} = ${pool.id})` : undefined;
  const first = async (where: SQL | undefined) => {
    const [row] = await db.select({ id: pool.id }).from(pool).where(where).orderBy(asc(pool.randomKey)).limit(1);
    return row?.id ?? null;
  };
  return (
    (await first(and(filter, gte(pool.randomKey, start), unseen))) ??
    (await first(and(filter, lt(pool.randomKey, start), unseen))) ??
    (userId ? await first(filter) : null)
  );
}

/** The unfiltered pick for a signed-in user (the quick and timed quizzes), prepared: it runs on every case. */
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
