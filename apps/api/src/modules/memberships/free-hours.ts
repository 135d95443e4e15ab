import { and, eq, gt, isNull } from 'drizzle-orm';
import { freeAccessEnd } from '@galeno/domain/membership';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/schema/users.ts';

/**
 * A free account's 2 hours start with its first graded answer or flashcard (issue 19), once: later calls change
 * nothing. An account that paid, or whose hours already started, is left alone. Returns the account as it now stands,
 * if they started; the `user` given is not changed (it may be an instance's kept copy, decision 024).
 */
export async function startFreeHours(db: Db, user: User, hours: number, now = new Date()): Promise<User | null> {
  if (user.subscriptionType !== 'free' || user.freeHoursStartedAt !== null) return null;
  const end = freeAccessEnd(now, hours);
  const [started] = await db
    .update(users)
    .set({ freeHoursStartedAt: now, membershipStart: now, membershipEnd: end })
    .where(and(eq(users.id, user.id), eq(users.subscriptionType, 'free'), isNull(users.freeHoursStartedAt), gt(users.membershipEnd, now)))
    .returning({ end: users.membershipEnd });
  if (!started) return null;
  return { ...user, freeHoursStartedAt: now, membershipStart: now, membershipEnd: end };
}
