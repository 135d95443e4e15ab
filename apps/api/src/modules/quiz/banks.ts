import { eq } from 'drizzle-orm';
import { DEFAULT_BANK_CHOICE, type BankChoice } from '@galeno/domain/banks';
import type { BankState } from '@galeno/domain/contracts/quiz';
import type { Db } from '../../db/client.ts';
import { questionsPerBank } from '../content/counts.ts';
import { users, type User } from '../../db/schema/users.ts';

/**
 * The bank a draw uses (decision 013): a trial and the discount quiz only ever see our own bank; a student
 * draws from the bank the request names, or else the one they chose last (default both).
 */
export function bankFor(user: User | null, requested: BankChoice | undefined): BankChoice {
  if (!user) return 'galeno';
  return requested ?? user.preferredBank ?? DEFAULT_BANK_CHOICE;
}

/** Whether a draw includes the items written in English: the student's choice (trials get everything of ours). */
export function englishFor(user: User | null): boolean {
  return user?.includeEnglish ?? true;
}

export async function bankState(db: Db, user: User | null): Promise<BankState> {
  return { bank: bankFor(user, undefined), includeEnglish: englishFor(user), questions: await questionsPerBank(db) };
}

/** Remembers the student's choices; every later draw without an explicit bank uses them. */
export async function chooseBank(
  db: Db,
  user: User,
  choice: { bank: BankChoice; includeEnglish?: boolean | undefined },
): Promise<BankState> {
  const includeEnglish = choice.includeEnglish ?? user.includeEnglish;
  await db.update(users).set({ preferredBank: choice.bank, includeEnglish }).where(eq(users.id, user.id));
  return { bank: choice.bank, includeEnglish, questions: await questionsPerBank(db) };
}
