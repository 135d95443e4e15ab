import { count, desc, eq, gt, sql } from 'drizzle-orm';
import type { StaffMetrics } from '@galeno/domain/contracts/affiliates';
import { RECENT_ACTIVITY_DAYS, RECENT_LIST, STAFF_TABLE_DAYS, TOP_N } from '@galeno/domain/timings';
import { friendlyCount } from '@galeno/domain/counts';
import { isoDateInMexicoCity } from '@galeno/domain/format';
import type { Db } from '../../db/client.ts';
import { mexicoCityDaySql } from '../../db/mexico-city-day.ts';
import { ctaClicks, landingVisits } from '../../db/schema/visits.ts';
import { users } from '../../db/schema/users.ts';
import { flashcards } from '../../db/schema/flashcards.ts';
import type { Visitor } from '../../lib/visitor.ts';
import type { PublicCountsResponse } from '@galeno/domain/contracts/visits';
import { questionsPerBank } from '../content/counts.ts';

export interface LandingVisitInput {
  originPath: string;
  visitor: Visitor;
  referer: string | null;
}

/** /a/{shortId} visits count for that affiliate's dashboard. */
function affiliateOf(originPath: string): string | null {
  return /^\/a\/([a-z0-9-]+)/i.exec(originPath)?.[1]?.toLowerCase() ?? null;
}

/** The link a visit came through: the path alone (no query or fragment), affiliate ids in lower case. */
export function linkOf(originPath: string): string {
  const path = originPath.split(/[?#]/, 1)[0] || '/';
  return /^\/[ac]\//i.test(path) ? path.toLowerCase() : path;
}

/**
 * A visit is unique per link, visitor and Mexico City day; a repeat that day raises timesVisited. The
 * visitor is the hashed address alone, so a script varying its query string or User-Agent cannot
 * inflate an affiliate's unique visits.
 */
export async function recordLandingVisit(db: Db, input: LandingVisitInput, now = new Date()): Promise<{ timesVisited: number }> {
  const originPath = linkOf(input.originPath);
  const [row] = await db
    .insert(landingVisits)
    .values({
      originPath,
      visitDay: isoDateInMexicoCity(now),
      visitorHash: input.visitor.visitorHash,
      ipHash: input.visitor.ipHash,
      ipMasked: input.visitor.ipMasked,
      userAgent: input.visitor.userAgent,
      referer: input.referer,
      affiliateShortId: affiliateOf(originPath),
    })
    .onConflictDoUpdate({
      target: [landingVisits.originPath, landingVisits.visitorHash, landingVisits.visitDay],
      set: { timesVisited: sql`${landingVisits.timesVisited} + 1`, updatedAt: sql`now()` },
    })
    .returning({ timesVisited: landingVisits.timesVisited });
  return { timesVisited: row?.timesVisited ?? 1 };
}

export async function recordCtaClick(db: Db, input: { buttonClicked: string; visitor: Visitor }): Promise<void> {
  await db.insert(ctaClicks).values({ buttonClicked: input.buttonClicked, visitorHash: input.visitor.visitorHash });
}

const COUNTS_TTL_MS = 5 * 60_000;
const countsCache = new WeakMap<Db, { at: number; value: Promise<PublicCountsResponse> }>();

/**
 * The landing's social proof comes from the database, rounded down, never a hard-coded claim. Every
 * landing visit asks for it, without a session, so it is counted at most once per 5 minutes per process.
 */
export function publicCounts(db: Db, now = Date.now()): Promise<PublicCountsResponse> {
  const cached = countsCache.get(db);
  if (cached && now - cached.at < COUNTS_TTL_MS) return cached.value;
  const value = (async () => {
    const [students] = await db.select({ value: count() }).from(users);
    const [cards] = await db.select({ value: count() }).from(flashcards).where(eq(flashcards.status, 'published'));
    // Questions are counted exactly: the landing says how many each bank serves, not a rounded claim.
    const bankQuestions = await questionsPerBank(db);
    return {
      students: friendlyCount(students?.value ?? 0),
      flashcards: friendlyCount(cards?.value ?? 0),
      ownQuestions: bankQuestions.galeno,
      mirQuestions: bankQuestions.mir,
    };
  })();
  countsCache.set(db, { at: now, value });
  // A failed count is not kept: the next visit asks again.
  value.catch(() => countsCache.delete(db));
  return value;
}

const DAY_MS = 86_400_000;

/** The staff dashboard: last 14 days of visits, clicks and registrations, recent activity and top lists. */
export async function staffMetrics(db: Db, now = new Date()): Promise<StaffMetrics> {
  const since = new Date(now.getTime() - STAFF_TABLE_DAYS * DAY_MS);
  const recentSince = new Date(now.getTime() - RECENT_ACTIVITY_DAYS * DAY_MS);
  const dayOf = (column: typeof landingVisits.createdAt | typeof ctaClicks.createdAt | typeof users.createdAt) => mexicoCityDaySql(column);

  const [visitDays, clickDays, userDays] = await Promise.all([
    db
      .select({ day: dayOf(landingVisits.createdAt), n: count() })
      .from(landingVisits)
      .where(gt(landingVisits.createdAt, since))
      .groupBy(dayOf(landingVisits.createdAt)),
    db
      .select({ day: dayOf(ctaClicks.createdAt), n: count() })
      .from(ctaClicks)
      .where(gt(ctaClicks.createdAt, since))
      .groupBy(dayOf(ctaClicks.createdAt)),
    db
      .select({ day: dayOf(users.createdAt), n: count() })
      .from(users)
      .where(gt(users.createdAt, since))
      .groupBy(dayOf(users.createdAt)),
  ]);
  const days = Array.from({ length: STAFF_TABLE_DAYS }, (_, i) =>
    isoDateInMexicoCity(new Date(now.getTime() - (STAFF_TABLE_DAYS - 1 - i) * DAY_MS)),
  );
  const lookup = (rows: { day: string; n: number }[], day: string) => rows.find((row) => row.day === day)?.n ?? 0;

  const [[recentVisits], [recentClicks], [recentUsers]] = await Promise.all([
    db.select({ n: count() }).from(landingVisits).where(gt(landingVisits.createdAt, recentSince)),
    db.select({ n: count() }).from(ctaClicks).where(gt(ctaClicks.createdAt, recentSince)),
    db.select({ n: count() }).from(users).where(gt(users.createdAt, recentSince)),
  ]);
  const [topRoutes, topButtons, visits, clicks, registered] = await Promise.all([
    db
      .select({ originPath: landingVisits.originPath, count: count() })
      .from(landingVisits)
      .where(gt(landingVisits.createdAt, since))
      .groupBy(landingVisits.originPath)
      .orderBy(desc(count()))
      .limit(TOP_N),
    db
      .select({ buttonClicked: ctaClicks.buttonClicked, count: count() })
      .from(ctaClicks)
      .where(gt(ctaClicks.createdAt, since))
      .groupBy(ctaClicks.buttonClicked)
      .orderBy(desc(count()))
      .limit(TOP_N),
    db.select().from(landingVisits).orderBy(desc(landingVisits.createdAt)).limit(RECENT_LIST),
    db.select().from(ctaClicks).where(gt(ctaClicks.createdAt, since)).orderBy(desc(ctaClicks.createdAt)).limit(RECENT_LIST),
    db.select().from(users).orderBy(desc(users.createdAt)).limit(RECENT_LIST),
  ]);

  return {
    allLandingVisits: visits.map((visit) => ({
      id: visit.id,
      originPath: visit.originPath,
      timesVisited: visit.timesVisited,
      referer: visit.referer,
      created: visit.createdAt.toISOString(),
      ip: visit.ipMasked,
    })),
    allLandingCTAs: clicks.map((click) => ({ buttonClicked: click.buttonClicked, created: click.createdAt.toISOString() })),
    usersRegistered: registered.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      created: user.createdAt.toISOString(),
      verified: user.verified !== null,
    })),
    daily: days.map((day) => ({
      day,
      visits: lookup(visitDays, day),
      clicks: lookup(clickDays, day),
      registrations: lookup(userDays, day),
    })),
    recentActivity: { visits: recentVisits?.n ?? 0, clicks: recentClicks?.n ?? 0, registrations: recentUsers?.n ?? 0 },
    topRoutes,
    topButtons,
  };
}
