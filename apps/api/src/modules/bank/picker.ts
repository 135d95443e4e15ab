import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BankChoice } from '@galeno/domain/banks';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import { casePool, singleQuestionPool, wholePoolKey, type QuestionPoolFilter } from './pool.ts';
import { caseSealed, questionSealed } from '../sessions/sealed.ts';

type Pool = typeof clinicalCases | typeof questions;

/** Items of the student's open sitting are never drawn elsewhere: grading them would be refused (sealed.ts). */
const unsealed = (pool: Pool, userId: string | SQLWrapper): SQL =>
  pool === clinicalCases ? sql`not ${caseSealed(userId, pool.id)}` : sql`not ${questionSealed(userId, pool.id)}`;

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
  /** True admits the MIR items without an explanation (pool.ts). */
  includeUnexplainedMir?: boolean | undefined;
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
  if (!userId) return { id: chooseOne(await read(undefined)), repeated: false };
  const unseen = chooseOne(await read(and(answered(undefined), unsealed(pool, userId))));
  if (unseen) return { id: unseen, repeated: false };
  return { id: await repeatPick(db, pool, filter, seenColumn, { userId, quizSessionId }), repeated: true };
}

/**
 * Once every item of the choice has been answered, repeats come in a useful order: the ones the student ever missed
 * first, then the longest unseen; one already answered in this session only when nothing else is left, and never the
 * item answered last (no case twice in a row) unless it is the only one.
 */
async function repeatPick(
  db: Db,
  pool: Pool,
  filter: SQL | undefined,
  seenColumn: typeof answers.clinicalCaseId | typeof answers.questionId,
  { userId, quizSessionId }: { userId: string; quizSessionId?: string | undefined },
): Promise<string | null> {
  const seen = db
    .select({
      itemId: sql<string>`${seenColumn}`.as('item_id'),
      missed: sql<boolean>`bool_or(not ${answers.correct})`.as('missed'),
      last: sql<Date>`max(${answers.answeredAt})`.as('last_answered'),
    })
    .from(answers)
    .where(and(eq(answers.userId, userId), isNotNull(seenColumn)))
    .groupBy(seenColumn)
    .as('seen');
  const [latest] = await db
    .select({ itemId: seenColumn })
    .from(answers)
    .where(and(eq(answers.userId, userId), isNotNull(seenColumn)))
    .orderBy(desc(answers.answeredAt))
    .limit(1);
  const notLast = latest?.itemId ? sql`${pool.id} <> ${latest.itemId}` : undefined;
  const notInSession = quizSessionId
    ? sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${answers.quizSessionId} = ${quizSessionId} and ${seenColumn} = ${pool.id})`
    : undefined;
  const first = async (...conditions: (SQL | undefined)[]) =>
    (
      await db
        .select({ id: pool.id })
        .from(pool)
        .innerJoin(seen, sql`${seen.itemId} = ${pool.id}`)
        .where(and(filter, ...conditions))
        .orderBy(desc(seen.missed), asc(seen.last))
        .limit(1)
    )[0]?.id ?? null;
  const open = unsealed(pool, userId);
  return (await first(open, notInSession, notLast)) ?? (await first(open, notLast)) ?? (await first(open));
}

/**
 * The pick over a whole bank setting for a signed-in user (the quick and timed quizzes) runs on every case, so it
 * is a prepared walk of the random_key index that stops at the first unseen case (one row, one round trip); one
 * statement per setting (`key`, pool.ts).
 */
async function pickAnyUnseenCase(db: Db, userId: string, filter: QuestionPoolFilter, key: string) {
  const query = (name: string, direction: 'from' | 'before') =>
    prepared(db, name, (pdb) =>
      pdb
        .select({ id: clinicalCases.id })
        .from(clinicalCases)
        .where(
          and(
            casePool(filter),
            direction === 'from'
              ? gte(clinicalCases.randomKey, sql.placeholder('start'))
              : lt(clinicalCases.randomKey, sql.placeholder('start')),
            sql`not exists (select 1 from ${answers} where ${answers.userId} = ${sql.placeholder('userId')} and ${answers.clinicalCaseId} = ${clinicalCases.id})`,
            unsealed(clinicalCases, sql.placeholder('userId')),
          ),
        )
        .orderBy(asc(clinicalCases.randomKey))
        .limit(1)
        .prepare(name.replaceAll('-', '_')),
    );
  const start = Math.random();
  const [row] = await query(`unseen-case-from-${key}`, 'from').execute({ start, userId });
  if (row) return row.id;
  const [wrapped] = await query(`unseen-case-before-${key}`, 'before').execute({ start, userId });
  return wrapped?.id ?? null;
}

/** A drawn item, and whether it is a repeat (the student has answered every item of the choice). */
export interface Drawn {
  id: string | null;
  repeated: boolean;
}

type AreaFilter = Pick<QuestionPoolFilter, 'especialidad' | 'subEspecialidad'>;

export async function drawClinicalCase(db: Db, picker: Picker, filter: AreaFilter = {}): Promise<Drawn> {
  const pool: QuestionPoolFilter = {
    ...filter,
    bank: picker.bank,
    includeEnglish: picker.includeEnglish,
    includeUnexplainedMir: picker.includeUnexplainedMir,
  };
  // The hot path (quick and timed quizzes): the same one prepared query per bank setting, with or without a quiz
  // session id; the session only matters once this user has answered every case, when the slower pick below takes over.
  const key = wholePoolKey(pool);
  if (picker.userId && key) {
    const unseen = await pickAnyUnseenCase(db, picker.userId, pool, key);
    if (unseen) return { id: unseen, repeated: false };
  }
  return pick(db, clinicalCases, casePool(pool), answers.clinicalCaseId, picker);
}

export async function pickClinicalCaseId(db: Db, picker: Picker, filter: AreaFilter = {}) {
  return (await drawClinicalCase(db, picker, filter)).id;
}

/** A single question (outside any case) of the pool; `pool` names the student's bank setting (quiz/banks.ts). */
export function drawSingleQuestion(
  db: Db,
  userId: string | null,
  pool: Pick<QuestionPoolFilter, 'bank' | 'includeEnglish' | 'includeUnexplainedMir'> = {},
): Promise<Drawn> {
  return pick(db, questions, singleQuestionPool(pool), answers.questionId, { userId });
}

export async function pickSingleQuestionId(db: Db, userId: string | null, pool: Parameters<typeof drawSingleQuestion>[2] = {}) {
  return (await drawSingleQuestion(db, userId, pool)).id;
}
