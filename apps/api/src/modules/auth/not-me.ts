import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { hashWithSecret } from '../../lib/visitor.ts';
import { revokeUserSessions } from './sessions.ts';

/*
 * «No fui yo» (issue 20): the notice e-mailed after every birth-date or phone login carries a signed link. Following
 * it ends every session of the account and turns those logins off until the owner signs in with a code and
 * confirms them again in the profile. A student's birth date and phone are known to classmates; the code is not.
 *
 * A link works once (security review F9): following it spends it and every link of an earlier login, and the owner
 * confirming the birth date and phone again (re-securing the account) voids the links of logins before that. Otherwise
 * whoever holds an old notice could end the owner's sessions and turn the logins off again and again.
 */

/** The link stays good this long after the login it reports. */
const VALID_MS = 7 * 86_400_000;

export const NOT_ME_MESSAGES = {
  invalid: 'Este enlace no es válido o ya venció. Entra con el código que te enviamos por correo y revisa tu cuenta.',
} as const;

function signature(secret: string, userId: string, at: number): string {
  return hashWithSecret(secret, `not-me:${userId}:${at}`);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The link in a login notice, for the login made at `at`. */
export function notMeUrl(origin: string, secret: string, userId: string, at: Date): string {
  const query = new URLSearchParams({ u: userId, t: String(at.getTime()), s: signature(secret, userId, at.getTime()) });
  return `${origin}/no-fui-yo?${query.toString()}`;
}

/** Ends every session of the account and turns the birth-date and phone logins off, if the link is genuine, recent and unspent. */
export async function reportNotMe(db: Db, secret: string, input: { u: string; t: string; s: string }, now = new Date()) {
  const at = Number(input.t);
  const genuine =
    Number.isSafeInteger(at) &&
    now.getTime() - at <= VALID_MS &&
    at <= now.getTime() + 60_000 &&
    same(signature(secret, input.u, at), input.s);
  if (!genuine) throw new AppError('NOT_ME_LINK_INVALID', 400, NOT_ME_MESSAGES.invalid);
  const loginAt = new Date(at);
  const reported = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Spent and re-secured links are refused by the same statement that spends this one, so two clicks at once
    // cannot both pass.
    const [account] = await tx
      .update(users)
      .set({ fallbackConfirmedAt: null, notMeReportedAt: now })
      .where(
        and(
          eq(users.id, input.u),
          or(isNull(users.notMeReportedAt), lt(users.notMeReportedAt, loginAt)),
          or(isNull(users.fallbackConfirmedAt), lte(users.fallbackConfirmedAt, loginAt)),
        ),
      )
      .returning({ id: users.id });
    if (!account) return false;
    await revokeUserSessions(tx, input.u, now);
    return true;
  });
  if (!reported) throw new AppError('NOT_ME_LINK_INVALID', 400, NOT_ME_MESSAGES.invalid);
  return { success: true };
}
