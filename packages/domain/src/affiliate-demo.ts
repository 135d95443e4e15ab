/**
 * The demo affiliate's dashboard (the affiliate whose short id is APP_SHORT_NAME): the spec's demo
 * figures and prices, shown to any signed-in user instead of real metrics (spec section 9).
 */

import type { AffiliateMetrics, AffiliatePayment, Registration } from './contracts/affiliates.ts';
import type { PlanId } from './plans.ts';

export const DEMO_PRICES: Readonly<Record<PlanId, number>> = { '1-week': 299, '6-months': 1299, '1-year': 1999, lifetime: 4999 };
export const DEMO_DISCOUNTS = [30, 50, 80] as const;
export const DEMO_COMMISSION = 0.15;
export const DEMO_TOTALS = {
  visitsLast24Hours: 16,
  totalPaymentsAmount: 35000,
  totalRegistrationsCount: 87,
  uniqueVisitsCount: 312,
} as const;

const DAY_MS = 86_400_000;

function demoPayment(planId: PlanId, discount: number, paidAt: Date): AffiliatePayment {
  const regular = DEMO_PRICES[planId];
  const discountAmount = Math.round((regular * discount) / 100);
  const amountPaid = regular - discountAmount;
  return {
    membershipType: planId,
    membershipMode: 'single',
    paidAt: paidAt.toISOString(),
    discountAmount,
    amountPaid,
    regularMembershipPrice: regular,
    affiliateEarnedAmount: Math.round(amountPaid * DEMO_COMMISSION),
  };
}

/** Deterministic for a given day, so the demo does not jump around on reload. */
export function demoAffiliateMetrics(affiliate: { shortId: string; name: string }, now: Date): AffiliateMetrics {
  const plans: PlanId[] = ['6-months', '1-year', 'lifetime', '1-week'];
  const registrations: Registration[] = Array.from({ length: 30 }, (_, i) => {
    const registeredAt = new Date(now.getTime() - (i * 7 + 3) * 3_600_000);
    const pays = i % 3 === 0;
    return {
      userRegisteredId: `demo-${String(i + 1).padStart(3, '0')}`,
      registeredAt: registeredAt.toISOString(),
      payments: pays
        ? [demoPayment(plans[i % plans.length]!, DEMO_DISCOUNTS[i % DEMO_DISCOUNTS.length]!, new Date(registeredAt.getTime() + DAY_MS / 4))]
        : [],
    };
  });
  return {
    affiliate,
    isDemo: true,
    ...DEMO_TOTALS,
    totalEarnedAmount: Math.round(DEMO_TOTALS.totalPaymentsAmount * DEMO_COMMISSION),
    uniqueLinkVisits: [],
    recentRegistrations: registrations,
  };
}
