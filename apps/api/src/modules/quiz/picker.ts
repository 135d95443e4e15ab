import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';

const SAMPLE = 12;

type Pool = typeof clinicalCases | typeof questions;

/**
 * A uniform random pick that prefers items this user has not answered yet. It samples a few rows
 * from a random point of the random_key index (no table scan), keeps the unseen ones, and only when
 * all of them were seen looks for any unseen row.
 */
async function pick(db: Db, pool: Pool, filter: SQL | undefined, seenColumn: typeof answers.clinicalCaseId | typeof answers.questionId, userId: string | null) {
  const start = Math.random();
  const sample = async (where: SQL | undefined, limit: number) =>
    db.select({ id: pool.id }).from(pool).where(where).orderBy(asc(pool.randomKey)).limit(limit);
  const candidates = await sample(and(filter, gte(pool.randomKey, start)), SAMPLE);
  if (candidates.length < SAMPLE) candidates.push(...(await sample(and(filter, lt(pool.randomKey, start)), SAMPLE - candidates.length)));
  if (candidates.length === 0) return null;
  if (!userId) return candidates[0]!.id;

  const ids = candidates.map((candidate) => candidate.id);
  const seen = await db
    .selectDistinct({ id: seenColumn })
    .from(answers)
    .where(and(eq(answers.userId, userId), inArray(seenColumn, ids)));
  const seenIds = new Set(seen.map((row) => row.id));
  const unseen = ids.find((id) => !seenIds.has(id));
  if (unseen) return unseen;

  const [anyUnseen] = await db
    .select({ id: pool.id })
    .from(pool)
    .where(and(filter, sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${seenColumn} = ${pool.id})`))
    .orderBy(asc(pool.randomKey))
    .limit(1);
  return anyUnseen?.id ?? ids[0]!;
}

export function pickClinicalCaseId(db: Db, userId: string | null, filter: { especialidad?: string; subEspecialidad?: string } = {}) {
  const where = and(
    filter.especialidad ? eq(clinicalCases.especialidad, filter.especialidad) : undefined,
    filter.subEspecialidad ? eq(clinicalCases.subEspecialidad, filter.subEspecialidad) : undefined,
  );
  return pick(db, clinicalCases, where, answers.clinicalCaseId, userId);
}

export function pickSingleQuestionId(db: Db, userId: string | null) {
  return pick(db, questions, isNull(questions.clinicalCaseId), answers.questionId, userId);
}
