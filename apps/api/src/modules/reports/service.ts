import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { CreateReportResponse, ReportQueue } from '@galeno/domain/contracts/reports';
import type { ReportItemKind, ReportReason } from '@galeno/domain/reports';
import type { Db } from '../../db/client.ts';
import { flashcards } from '../../db/schema/flashcards.ts';
import { questions } from '../../db/schema/quiz.ts';
import { itemReports } from '../../db/schema/reports.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordReportCorrection } from '../content/changes.ts';

export const REPORT_MESSAGES = {
  itemNotFound: 'No encontramos lo que quieres reportar: puede que ya no esté disponible.',
  tooMany: 'Ya enviaste varios reportes de este elemento. Lo revisaremos pronto.',
  tooManyToday: 'Ya enviaste muchos reportes en las últimas 24 horas. Gracias: los revisaremos y podrás enviar más mañana.',
  nothingOpen: 'Este elemento no tiene reportes pendientes.',
} as const;

/** A student may report one item a few times (a second thought), not flood the queue with it. */
export const REPORTS_PER_ITEM_PER_STUDENT = 3;
/**
 * Reports one account may file in 24 hours, whatever addresses it uses (issue 34, F12): more than a busy student's
 * day of study finds wrong, few enough that one account cannot bury the staff queue.
 */
export const REPORTS_PER_STUDENT_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60_000;
/** What the queue shows of students' words per item: the latest few. */
const DETAILS_SHOWN = 5;

/** The stems and card fronts of the reported items, in one read per kind. */
async function itemTexts(db: Db, items: readonly { itemKind: ReportItemKind; itemId: string }[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const kind of ['question', 'flashcard'] as const) {
    const ids = items.filter((item) => item.itemKind === kind).map((item) => item.itemId);
    if (ids.length === 0) continue;
    const table = kind === 'question' ? questions : flashcards;
    const rows = await db.select({ id: table.id, text: table.question }).from(table).where(inArray(table.id, ids));
    for (const row of rows) texts.set(`${kind}:${row.id}`, row.text);
  }
  return texts;
}

/** Files a report on a published item; the answer says how many open reports the item now has. */
export async function createReport(
  db: Db,
  user: User,
  input: { itemKind: ReportItemKind; itemId: string; reason: ReportReason; detail: string },
  now = new Date(),
): Promise<CreateReportResponse> {
  const table = input.itemKind === 'question' ? questions : flashcards;
  const [item] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, input.itemId), eq(table.status, 'published')))
    .limit(1);
  if (!item) throw notFound(REPORT_MESSAGES.itemNotFound);
  const open = and(eq(itemReports.itemKind, input.itemKind), eq(itemReports.itemId, input.itemId), isNull(itemReports.resolvedAt));
  const [mine] = await db
    .select({ value: count() })
    .from(itemReports)
    .where(and(open, eq(itemReports.userId, user.id)));
  if ((mine?.value ?? 0) >= REPORTS_PER_ITEM_PER_STUDENT) throw new AppError('TOO_MANY_REPORTS', 429, REPORT_MESSAGES.tooMany);
  const [today] = await db
    .select({ value: count() })
    .from(itemReports)
    .where(and(eq(itemReports.userId, user.id), gt(itemReports.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((today?.value ?? 0) >= REPORTS_PER_STUDENT_PER_DAY) throw new AppError('TOO_MANY_REPORTS_TODAY', 429, REPORT_MESSAGES.tooManyToday);
  const [created] = await db
    .insert(itemReports)
    .values({ userId: user.id, itemKind: input.itemKind, itemId: input.itemId, reason: input.reason, detail: input.detail, createdAt: now })
    .returning({ id: itemReports.id });
  const [total] = await db.select({ value: count() }).from(itemReports).where(open);
  return { id: created!.id, openReportsOnItem: total?.value ?? 1 };
}

/** The staff queue: every item with open reports, most reported first, with its reasons and the latest words. */
export async function reportQueue(db: Db): Promise<ReportQueue> {
  const groups = await db
    .select({
      itemKind: itemReports.itemKind,
      itemId: itemReports.itemId,
      openReports: count(),
      firstReportedAt: sql<Date>`min(${itemReports.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(itemReports)
    .where(isNull(itemReports.resolvedAt))
    .groupBy(itemReports.itemKind, itemReports.itemId)
    .orderBy(sql`count(*) desc`, sql`min(${itemReports.createdAt}) asc`)
    .limit(200);
  if (groups.length === 0) return { totalOpen: 0, items: [] };
  const open = await db
    .select({
      itemKind: itemReports.itemKind,
      itemId: itemReports.itemId,
      reason: itemReports.reason,
      detail: itemReports.detail,
      createdAt: itemReports.createdAt,
    })
    .from(itemReports)
    .where(
      and(
        isNull(itemReports.resolvedAt),
        inArray(
          itemReports.itemId,
          groups.map((group) => group.itemId),
        ),
      ),
    )
    .orderBy(asc(itemReports.createdAt));
  const texts = await itemTexts(db, groups);
  const items = groups.map((group) => {
    const own = open.filter((report) => report.itemKind === group.itemKind && report.itemId === group.itemId);
    const reasons = new Map<string, number>();
    for (const report of own) reasons.set(report.reason, (reasons.get(report.reason) ?? 0) + 1);
    return {
      itemKind: group.itemKind,
      itemId: group.itemId,
      text: texts.get(`${group.itemKind}:${group.itemId}`) ?? '(ya no existe)',
      openReports: group.openReports,
      reasons: [...reasons].map(([reason, value]) => ({ reason: reason as ReportReason, count: value })).sort((a, b) => b.count - a.count),
      details: own
        .filter((report) => report.detail)
        .slice(-DETAILS_SHOWN)
        .reverse()
        .map((report) => ({ detail: report.detail, createdAt: report.createdAt.toISOString() })),
      firstReportedAt: group.firstReportedAt.toISOString(),
    };
  });
  return { totalOpen: groups.reduce((sum, group) => sum + group.openReports, 0), items };
}

/** Staff resolve every open report of an item at once ("Corregido" or "Sin cambios"). */
export async function resolveReports(
  db: Db,
  staff: User,
  itemKind: ReportItemKind,
  itemId: string,
  resolution: 'corregido' | 'sin-cambios',
  now = new Date(),
): Promise<{ resolved: number }> {
  const resolved = await db
    .update(itemReports)
    .set({ resolvedAt: now, resolvedBy: staff.id, resolution })
    .where(and(eq(itemReports.itemKind, itemKind), eq(itemReports.itemId, itemId), isNull(itemReports.resolvedAt)))
    .returning({ id: itemReports.id });
  if (resolved.length === 0) throw notFound(REPORT_MESSAGES.nothingOpen);
  // A correction is news for «Novedades del banco» (issue 39); "sin cambios" is not.
  if (resolution === 'corregido') await recordReportCorrection(db, itemKind, itemId, now);
  return { resolved: resolved.length };
}
