import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { AffiliateMetrics, CreateAffiliateBody } from '@galeno/domain/contracts/affiliates';
import { CreateAffiliateBodySchema } from '@galeno/domain/contracts/affiliates';
import { demoAffiliateMetrics } from '@galeno/domain/affiliate-demo';
import { AFFILIATE_RECENT_REGISTRATIONS, RECENT_LIST } from '@galeno/domain/timings';
import type { Db } from '../../db/client.ts';
import { affiliates, type AffiliateRow } from '../../db/schema/affiliates.ts';
import { payments } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';
import { landingVisits } from '../../db/schema/visits.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { isStaff, ownsEmail } from '../../lib/address-ownership.ts';

const DAY_MS = 86_400_000;

export async function findAffiliate(db: Db, shortId: string): Promise<AffiliateRow | null> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.shortId, shortId.toLowerCase())).limit(1);
  return row ?? null;
}

export async function createAffiliate(db: Db, input: CreateAffiliateBody): Promise<AffiliateRow> {
  const values = CreateAffiliateBodySchema.parse(input);
  const [row] = await db.insert(affiliates).values(values).onConflictDoNothing({ target: affiliates.shortId }).returning();
  if (!row) throw new AppError('AFFILIATE_EXISTS', 409, 'Ya existe un afiliado con ese identificador.');
  return row;
}

export async function listAffiliates(db: Db): Promise<AffiliateRow[]> {
  return db.select().from(affiliates).orderBy(desc(affiliates.createdAt));
}

/**
 * A signup made through /a/{shortId} is attributed when the account is created; this call (sent by the
 * page after signup) only fills an attribution that is missing, and only for the caller's own account.
 */
export async function registerAttribution(db: Db, user: User, input: { affiliate: string; userRegistered: string }) {
  if (input.userRegistered !== user.id) throw forbidden('Solo puedes registrar tu propia cuenta.', 'NOT_YOUR_ACCOUNT');
  const affiliate = await findAffiliate(db, input.affiliate);
  if (!affiliate) throw notFound('El afiliado no existe.');
  if (!user.affiliateShortId) await db.update(users).set({ affiliateShortId: affiliate.shortId }).where(eq(users.id, user.id));
  return { success: true };
}

export async function affiliateMetrics(
  db: Db,
  viewer: User,
  shortId: string,
  options: { staffEmails: readonly string[]; demoShortId: string },
  now = new Date(),
): Promise<AffiliateMetrics> {
  const affiliate = await findAffiliate(db, shortId);
  if (shortId === options.demoShortId) return demoAffiliateMetrics({ shortId, name: affiliate?.name ?? 'Afiliado de demostración' }, now);
  if (!affiliate) throw notFound('El afiliado no existe.');
  if (!ownsEmail(viewer, affiliate.ownerEmail) && !isStaff(viewer, options.staffEmails)) {
    throw forbidden('No tienes permiso para ver las métricas de este afiliado.', 'NOT_AFFILIATE_OWNER');
  }

  const visitsWhere = eq(landingVisits.affiliateShortId, affiliate.shortId);
  const [visitTotals] = await db
    .select({
      unique: count(),
      last24: sql<number>`cast(count(*) filter (where ${landingVisits.updatedAt} > ${new Date(now.getTime() - DAY_MS)}) as int)`,
    })
    .from(landingVisits)
    .where(visitsWhere);
  const visits = await db.select().from(landingVisits).where(visitsWhere).orderBy(desc(landingVisits.updatedAt)).limit(RECENT_LIST);
  const [registrationTotal] = await db.select({ value: count() }).from(users).where(eq(users.affiliateShortId, affiliate.shortId));
  const recentUsers = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.affiliateShortId, affiliate.shortId))
    .orderBy(desc(users.createdAt))
    .limit(AFFILIATE_RECENT_REGISTRATIONS);
  const paid = and(eq(payments.affiliateShortId, affiliate.shortId), eq(payments.status, 'paid'));
  const [paymentTotals] = await db
    .select({ amount: sum(payments.amountPaid), earned: sum(payments.affiliateEarnedAmount) })
    .from(payments)
    .where(paid);
  const userPayments = recentUsers.length
    ? await db
        .select()
        .from(payments)
        .where(
          and(
            paid,
            inArray(
              payments.userId,
              recentUsers.map((u) => u.id),
            ),
          ),
        )
        .orderBy(desc(payments.paidAt))
    : [];

  return {
    affiliate: { shortId: affiliate.shortId, name: affiliate.name },
    isDemo: false,
    totalRegistrationsCount: registrationTotal?.value ?? 0,
    uniqueVisitsCount: visitTotals?.unique ?? 0,
    visitsLast24Hours: visitTotals?.last24 ?? 0,
    totalPaymentsAmount: Number(paymentTotals?.amount ?? 0),
    totalEarnedAmount: Number(paymentTotals?.earned ?? 0),
    uniqueLinkVisits: visits.map((visit) => ({
      id: visit.id,
      created: visit.createdAt.toISOString(),
      updated: visit.updatedAt.toISOString(),
      originPath: visit.originPath,
      ipAddress: visit.ipMasked,
      userAgent: visit.userAgent,
      timesVisited: visit.timesVisited,
    })),
    recentRegistrations: recentUsers.map((user) => ({
      userRegisteredId: user.id,
      registeredAt: user.createdAt.toISOString(),
      payments: userPayments
        .filter((payment) => payment.userId === user.id)
        .map((payment) => ({
          membershipType: payment.planId,
          membershipMode: payment.membershipMode,
          paidAt: (payment.paidAt ?? payment.createdAt).toISOString(),
          discountAmount: payment.discountAmount,
          amountPaid: payment.amountPaid,
          regularMembershipPrice: payment.regularMembershipPrice,
          affiliateEarnedAmount: payment.affiliateEarnedAmount,
        })),
    })),
  };
}
