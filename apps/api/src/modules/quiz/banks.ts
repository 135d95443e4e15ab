import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { DEFAULT_BANK_CHOICE, includesMir, MIR_BANKS, OWN_BANKS, UNEXPLAINED_MIR_MARK, type BankChoice } from '@galeno/domain/banks';
import type { BankChoiceBody, BankState } from '@galeno/domain/contracts/quiz';
import type { Db } from '../../db/client.ts';
import { questions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';
import type { QuestionPoolFilter } from '../bank/pool.ts';

/*
 * The bank setting (decision 013, issue 37): one per account, stored on the server so every device and every mode
 * (quick, timed, speciality, single questions, «Crear examen») honours it. Our own bank unless the student turns
 * MIR España on; MIR items without an explanation only when asked for as well.
 */

/**
 * The bank a draw uses: a trial and the discount quiz only ever see our own bank; a student draws from the bank
 * the request names, or else their setting.
 */
export function bankFor(user: User | null, requested: BankChoice | undefined): BankChoice {
  if (!user) return 'galeno';
  return requested ?? user.preferredBank ?? DEFAULT_BANK_CHOICE;
}

/** Whether a draw includes the items written in English: the student's choice (trials get everything of ours). */
export function englishFor(user: User | null): boolean {
  return user?.includeEnglish ?? true;
}

/** Whether a draw includes the MIR items without an explanation: only when the student asked for them. */
export function unexplainedMirFor(user: User | null): boolean {
  return user?.includeUnexplainedMir ?? false;
}

/** The pool a draw of this user uses, the bank named by the request (if any) aside. */
export function poolFor(
  user: User | null,
  requested?: BankChoice,
): Required<Pick<QuestionPoolFilter, 'bank' | 'includeEnglish' | 'includeUnexplainedMir'>> {
  return { bank: bankFor(user, requested), includeEnglish: englishFor(user), includeUnexplainedMir: unexplainedMirFor(user) };
}

/** Published questions of our bank and of the MIR banks, and how many MIR ones carry no explanation: one scan. */
async function questionCounts(db: Db): Promise<BankState['questions']> {
  const [row] = await db
    .select({
      galeno: sql<number>`count(*) filter (where ${inArray(questions.bank, [...OWN_BANKS])})`.mapWith(Number),
      mir: sql<number>`count(*) filter (where ${inArray(questions.bank, [...MIR_BANKS])})`.mapWith(Number),
      mirWithoutExplanation: sql<number>`count(*) filter (where ${and(
        inArray(questions.bank, [...MIR_BANKS]),
        like(questions.explanation, `${UNEXPLAINED_MIR_MARK}%`),
      )})`.mapWith(Number),
    })
    .from(questions)
    .where(eq(questions.status, 'published'));
  return { galeno: row?.galeno ?? 0, mir: row?.mir ?? 0, mirWithoutExplanation: row?.mirWithoutExplanation ?? 0 };
}

function stateOf(user: User | null, counts: BankState['questions']): BankState {
  const bank = bankFor(user, undefined);
  return {
    bank,
    includeEnglish: englishFor(user),
    includeUnexplainedMir: unexplainedMirFor(user),
    mirNoticeDue: user !== null && includesMir(bank) && user.mirNoticeSeenAt === null,
    questions: counts,
  };
}

export async function bankState(db: Db, user: User | null): Promise<BankState> {
  return stateOf(user, await questionCounts(db));
}

/** Changes the student's setting: the bank, and the options the body names (the others stay). */
export async function chooseBank(db: Db, user: User, choice: BankChoiceBody): Promise<BankState> {
  const [updated] = await db
    .update(users)
    .set({
      preferredBank: choice.bank,
      includeEnglish: choice.includeEnglish ?? user.includeEnglish,
      includeUnexplainedMir: choice.includeUnexplainedMir ?? user.includeUnexplainedMir,
    })
    .where(eq(users.id, user.id))
    .returning();
  return stateOf(updated ?? user, await questionCounts(db));
}

/** The page showed the line on what MIR items are: it is not shown to this account again. */
export async function markMirNoticeSeen(db: Db, user: User, now = new Date()): Promise<BankState> {
  const [updated] = await db
    .update(users)
    .set({ mirNoticeSeenAt: now })
    .where(and(eq(users.id, user.id), isNull(users.mirNoticeSeenAt)))
    .returning();
  return stateOf(updated ?? { ...user, mirNoticeSeenAt: user.mirNoticeSeenAt ?? now }, await questionCounts(db));
}
