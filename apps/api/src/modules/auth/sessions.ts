import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.ts';
import { MAX_SIGNED_IN_DEVICES, SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '@galeno/domain/timings';
import type { Db } from '../../db/client.ts';
import { sessions, type Session } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionCache, SessionRow } from './session-cache.ts';

const DAY_MS = 86_400_000;
export const IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
const ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * DAY_MS;
/** How long the token from before a rotation still works: two tabs refreshing at once must not log out. */
const ROTATION_GRACE_MS = 60_000;

/** 256 random bits; only its SHA-256 is stored, so a database leak gives no usable cookie. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A live session and its account (null for a trial). */
export type ActiveSession = SessionRow;

export async function createSession(
  db: Db,
  input: { userId: string | null; ipHash: string; deviceKey?: string; trialSeconds?: number },
  now = new Date(),
) {
  const token = newToken();
  const isTrial = input.userId === null;
  const expiresAt = new Date(now.getTime() + (isTrial ? (input.trialSeconds ?? 300) * 1000 : ABSOLUTE_MS));
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      isTrial,
      ipHash: input.ipHash,
      deviceKey: input.deviceKey ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning();
  return { token, session: session! };
}

/**
 * The session behind a cookie, if it is neither revoked, idle for 7 days, nor past its absolute end. With a `cache`
 * (decision 024), a session this instance resolved in the last minute and heard no change of is not read again.
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  now = new Date(),
  cache?: SessionCache,
): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const hash = hashToken(token);
  const cached = cache?.get(hash);
  // What the query's own conditions would check on a kept row (a revocation also drops it from the cache).
  if (cached) return cached.session.revokedAt === null && cached.session.expiresAt > now ? activeSession(cached, now) : null;
  const generation = cache?.generation() ?? 0;
  // The current token first, through a prepared query (this runs on every signed-in request)...
  let rows: SessionRow[] = await prepared(db, 'session-by-token', (pdb) =>
    pdb
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
      )
      .limit(1)
      .prepare('session_by_token'),
  ).execute({ hash, now });
  if (rows[0]) cache?.store(hash, rows[0], generation);
  // ...and the previous one only for a recent rotation (never kept: it is the rare path).
  if (rows.length === 0) {
    rows = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.previousTokenHash, hash),
          gt(sessions.rotatedAt, new Date(now.getTime() - ROTATION_GRACE_MS)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
  }
  return activeSession(rows[0], now);
}

/** What the query's conditions leave out in code: an account's session idle too long, or one whose account is gone. */
function activeSession(row: SessionRow | undefined, now: Date): ActiveSession | null {
  if (!row) return null;
  if (!row.session.isTrial && row.session.lastSeenAt.getTime() + IDLE_MS <= now.getTime()) return null;
  if (!row.session.isTrial && !row.user) return null;
  return { session: row.session, user: row.user };
}

/**
 * token/refresh: a new token for the same session, and the idle window starts again. The update only
 * applies while the session still holds the token the browser presented: of two tabs refreshing with
 * the same cookie at once, one rotates and the other gets null. That one must set no cookie, because a
 * second rotation would overwrite the first tab's new token and the browser could keep a dead one; the
 * presented token stays valid for the grace period, and the browser already received the new one.
 */
export async function rotateSession(db: Db, session: Session, presentedToken: string, now = new Date()): Promise<string | null> {
  const token = newToken();
  const presentedHash = hashToken(presentedToken);
  // Prepared (issue 22): every opening of the app refreshes.
  const rotated = await prepared(db, 'rotate-session', (pdb) =>
    pdb
      .update(sessions)
      .set({
        tokenHash: sql`${sql.placeholder('tokenHash')}`,
        previousTokenHash: sql`${sql.placeholder('presentedHash')}`,
        rotatedAt: sql`${sql.placeholder('now')}::timestamptz`,
        lastSeenAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.tokenHash, sql.placeholder('presentedHash')),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id })
      .prepare('rotate_session'),
  ).execute({ tokenHash: hashToken(token), presentedHash, now: now.toISOString(), sessionId: session.id });
  return rotated.length > 0 ? token : null;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Every open session of an account ("Cerrar sesión en todos los dispositivos", and the first proof of its address). */
export async function revokeUserSessions(db: Db, userId: string, now = new Date()): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Every open session of an account but `keepSessionId` (a login factor changed from this one, issue 20). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string, now = new Date()): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * A membership is personal (issue 20): after a sign-in, the account keeps at most MAX_SIGNED_IN_DEVICES live
 * sessions, the most recently used; older ones end with the reason the other device is told. Returns how many ended.
 */
export async function enforceDeviceLimit(db: Db, userId: string, now = new Date()): Promise<number> {
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const ended = live.slice(MAX_SIGNED_IN_DEVICES).map((row) => row.id);
  if (ended.length === 0) return 0;
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'device_limit' })
    .where(and(inArray(sessions.id, ended), isNull(sessions.revokedAt)));
  return ended.length;
}

/** Why the session behind this cookie ended, when the student should be told (a third device signed in). */
export async function endedSessionReason(db: Db, token: string | undefined): Promise<'device_limit' | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ reason: sessions.revokedReason })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return row?.reason ?? null;
}
