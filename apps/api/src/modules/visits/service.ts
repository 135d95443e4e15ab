import { count, eq, sql } from 'drizzle-orm';
import { friendlyCount } from '@galeno/domain/counts';
import { isoDateInMexicoCity } from '@galeno/domain/format';
import type { Db } from '../../db/client.ts';
import { ctaClicks, landingVisits } from '../../db/schema/visits.ts';
import { users } from '../../db/schema/users.ts';
import { flashcards } from '../../db/schema/flashcards.ts';
import type { Visitor } from '../../lib/visitor.ts';

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
const countsCache = new WeakMap<Db, { at: number; value: Promise<{ students: number; flashcards: number }> }>();

/**
 * The landing's social proof comes from the database, rounded down, never a hard-coded claim. Every
 * landing visit asks for it, without a session, so it is counted at most once per 5 minutes per process.
 */
export function publicCounts(db: Db, now = Date.now()): Promise<{ students: number; flashcards: number }> {
  const cached = countsCache.get(db);
  if (cached && now - cached.at < COUNTS_TTL_MS) return cached.value;
  const value = (async () => {
    const [students] = await db.select({ value: count() }).from(users);
    const [cards] = await db.select({ value: count() }).from(flashcards).where(eq(flashcards.status, 'published'));
    return { students: friendlyCount(students?.value ?? 0), flashcards: friendlyCount(cards?.value ?? 0) };
  })();
  countsCache.set(db, { at: now, value });
  // A failed count is not kept: the next visit asks again.
  value.catch(() => countsCache.delete(db));
  return value;
}
