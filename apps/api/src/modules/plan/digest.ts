import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isoDateInMexicoCity } from '@galeno/domain/mexico-city';
import { PLAN_DIGEST_HOUR } from '@galeno/domain/study-plan';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/schema/users.ts';
import { hashWithSecret } from '../../lib/visitor.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { planDigestEmail } from '../../mail/templates.ts';
import { studyPlan } from './service.ts';

/*
 * The plan's morning e-mail (issue 40): opt-in (daily, or only on study days), through the outbox, one a morning, with
 * a one-click unsubscribe whose link carries its own signature (no session needed).
 */

export interface DigestConfig {
  appName: string;
  appOrigin: string;
  secret: string;
}

const signature = (secret: string, userId: string) => hashWithSecret(secret, `plan-digest:${userId}`);

export function unsubscribeUrl(config: DigestConfig, userId: string): string {
  return `${config.appOrigin}/recordatorios/baja?${new URLSearchParams({ u: userId, s: signature(config.secret, userId) }).toString()}`;
}

/** Turns the digest off when the link is genuine; a wrong signature changes nothing (and says nothing about the account). */
export async function unsubscribeDigest(db: Db, secret: string, input: { u: string; s: string }): Promise<boolean> {
  const expected = Buffer.from(signature(secret, input.u));
  const given = Buffer.from(input.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await db
    .update(users)
    .set({ studyPlan: sql`jsonb_set(${users.studyPlan}, '{digest}', '"no"')` })
    .where(and(eq(users.id, input.u), sql`${users.studyPlan} is not null`));
  return true;
}

/** Today's digest for one student, when her plan asks for one today; marks the day so the morning sends one. */
export async function sendDigest(db: Db, config: DigestConfig, user: User, now = new Date()): Promise<boolean> {
  const today = isoDateInMexicoCity(now);
  const response = await studyPlan(db, user, now);
  const digest = response.settings?.digest ?? 'no';
  const planToday = response.plan.kind === 'plan' ? response.plan.today : null;
  const send = digest === 'diario' || (digest === 'dias-de-estudio' && planToday !== null);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Claims the day first: two instances (or a retry) never send the same morning twice.
    const claimed = await tx
      .update(users)
      .set({ planDigestSentOn: today })
      .where(and(eq(users.id, user.id), or(isNull(users.planDigestSentOn), lt(users.planDigestSentOn, today))))
      .returning({ id: users.id });
    if (claimed.length === 0 || !send) return false;
    await enqueueMail(
      tx,
      'plan-digest',
      planDigestEmail(
        { appName: config.appName, appOrigin: config.appOrigin },
        user.email,
        {
          questions: planToday?.questions ?? 0,
          focus: response.plan.focus,
          dueCards: response.dueCards,
          simulacro: planToday?.simulacro ?? null,
        },
        unsubscribeUrl(config, user.id),
      ),
      now,
    );
    return true;
  });
}

/** The job: from 6:00 in Mexico City, the morning's digest for every student who asked for it (200 a run). */
export async function sendDueDigests(db: Db, config: DigestConfig, now = new Date()): Promise<number> {
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/Mexico_City' }).format(now));
  if (hour < PLAN_DIGEST_HOUR) return 0;
  const today = isoDateInMexicoCity(now);
  const due = await db
    .select()
    .from(users)
    .where(
      and(
        sql`${users.studyPlan}->>'digest' in ('diario', 'dias-de-estudio')`,
        or(isNull(users.planDigestSentOn), lt(users.planDigestSentOn, today)),
      ),
    )
    .limit(200);
  let sent = 0;
  for (const user of due) if (await sendDigest(db, config, user, now)) sent++;
  return sent;
}
