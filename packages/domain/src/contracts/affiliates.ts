/** /api/affiliates and the staff metrics at /api/visits/metrics. */

import { z } from 'zod';
import { MEMBERSHIP_MODES, PLAN_IDS } from '../plans.ts';
import { plainEmailSchema } from '../forms.ts';
import { SuccessSchema } from './common.ts';
import type { ContractTable } from './route-contract.ts';
import type { affiliatesRoutes } from '../api-routes/affiliates.ts';

export const SHORT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;
// Links are case-insensitive: '/a/Dra-Paty' is the affiliate 'dra-paty'.
export const ShortIdParamsSchema = z.object({
  shortId: z.string().trim().toLowerCase().regex(SHORT_ID_PATTERN, 'Identificador de afiliado inválido'),
});

export const AffiliateSchema = z.object({ shortId: z.string(), name: z.string() });
export type Affiliate = z.infer<typeof AffiliateSchema>;

export const CreateAffiliateBodySchema = z.object({
  shortId: z.string().trim().toLowerCase().regex(SHORT_ID_PATTERN, 'Usa de 2 a 40 minúsculas, números o guiones'),
  name: z.string().trim().min(2, 'El nombre debe tener al menos 2 caracteres').max(100),
  ownerEmail: plainEmailSchema('Ingresa un correo válido'),
  commissionRate: z.number().min(0, 'La comisión debe estar entre 0 y 100%').max(1, 'La comisión debe estar entre 0 y 100%').default(0.15),
});
export type CreateAffiliateBody = z.input<typeof CreateAffiliateBodySchema>;
export const AffiliateDetailSchema = AffiliateSchema.extend({
  ownerEmail: z.string(),
  commissionRate: z.number(),
  createdAt: z.iso.datetime(),
});
export type AffiliateDetail = z.infer<typeof AffiliateDetailSchema>;
export const AffiliateListSchema = z.array(AffiliateDetailSchema);

export const AffiliateRegistrationBodySchema = z.object({
  affiliate: z.string().regex(SHORT_ID_PATTERN),
  userRegistered: z.string().min(1).max(80),
});

export const AffiliatePaymentSchema = z.object({
  membershipType: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  paidAt: z.iso.datetime(),
  discountAmount: z.number().int(),
  amountPaid: z.number().int(),
  regularMembershipPrice: z.number().int(),
  affiliateEarnedAmount: z.number().int(),
});
export type AffiliatePayment = z.infer<typeof AffiliatePaymentSchema>;

export const RegistrationSchema = z.object({
  userRegisteredId: z.string(),
  registeredAt: z.iso.datetime(),
  payments: z.array(AffiliatePaymentSchema),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const UniqueLinkVisitSchema = z.object({
  id: z.string(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  originPath: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  timesVisited: z.number().int(),
});

export const AffiliateMetricsSchema = z.object({
  affiliate: AffiliateSchema,
  isDemo: z.boolean(),
  totalRegistrationsCount: z.number().int(),
  uniqueVisitsCount: z.number().int(),
  visitsLast24Hours: z.number().int(),
  totalPaymentsAmount: z.number().int(),
  totalEarnedAmount: z.number().int(),
  uniqueLinkVisits: z.array(UniqueLinkVisitSchema),
  recentRegistrations: z.array(RegistrationSchema),
});
export type AffiliateMetrics = z.infer<typeof AffiliateMetricsSchema>;

/** Displayed discount percent = discountAmount / regularMembershipPrice, rounded (spec section 9). */
export function displayedDiscountPercent(payment: Pick<AffiliatePayment, 'discountAmount' | 'regularMembershipPrice'>): number {
  return payment.regularMembershipPrice > 0 ? Math.round((payment.discountAmount / payment.regularMembershipPrice) * 100) : 0;
}

export const DailyCountSchema = z.object({
  day: z.string(),
  visits: z.number().int(),
  clicks: z.number().int(),
  registrations: z.number().int(),
});
export const StaffMetricsSchema = z.object({
  allLandingVisits: z.array(
    z.object({
      id: z.string(),
      originPath: z.string(),
      timesVisited: z.number().int(),
      referer: z.string().nullable(),
      created: z.iso.datetime(),
      ip: z.string(),
    }),
  ),
  allLandingCTAs: z.array(z.object({ buttonClicked: z.string(), created: z.iso.datetime() })),
  usersRegistered: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), created: z.iso.datetime(), verified: z.boolean() }),
  ),
  daily: z.array(DailyCountSchema),
  recentActivity: z.object({ visits: z.number().int(), clicks: z.number().int(), registrations: z.number().int() }),
  topRoutes: z.array(z.object({ originPath: z.string(), count: z.number().int() })),
  topButtons: z.array(z.object({ buttonClicked: z.string(), count: z.number().int() })),
});
export type StaffMetrics = z.infer<typeof StaffMetricsSchema>;

/** What each route of the affiliates area takes and answers (the route manifest, issue 36). */
export const affiliatesApi = {
  list: { response: AffiliateListSchema },
  create: { body: CreateAffiliateBodySchema, response: AffiliateDetailSchema },
  registerAttribution: { body: AffiliateRegistrationBodySchema, response: SuccessSchema },
  metrics: { params: ShortIdParamsSchema, response: AffiliateMetricsSchema },
  affiliate: { params: ShortIdParamsSchema, response: AffiliateSchema },
} satisfies ContractTable<typeof affiliatesRoutes>;
