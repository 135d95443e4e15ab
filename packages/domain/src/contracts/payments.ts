/** /api/payments and /api/group-membership: checkout, fulfilment status, quotes and group plans. */

import { z } from 'zod';
import { MEMBERSHIP_MODES, PAYMENT_METHODS, PLAN_IDS, REFUND_REASONS, UNAVAILABLE_PLAN_REASONS } from '../plans.ts';
import { GroupActivationSchema, GroupInviteSchema } from '../forms.ts';
import { SuccessSchema } from './common.ts';
import { SubscriptionInfoSchema } from './profile.ts';
import type { ContractTable } from './route-contract.ts';
import type { membershipsRoutes } from '../api-routes/memberships.ts';

/** `discount` is only a display hint: the server applies the user's own won, unused discount. */
export const CheckoutSessionBodySchema = z.object({
  studentId: z.string().min(1).max(80),
  membershipTypeSelected: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  discount: z.union([z.number(), z.string().max(10)]).optional(),
  /** Card (meses sin intereses offered where the amount allows) or cash at OXXO; a client that sends none pays by card. */
  paymentMethod: z.enum(PAYMENT_METHODS).default('card'),
  /** Amounts sent by a browser are ignored; accepted so old clients do not fail validation. */
  amount: z.unknown().optional(),
});
export type CheckoutSessionBody = z.infer<typeof CheckoutSessionBodySchema>;
export const CheckoutSessionResponseSchema = z.object({ sessionUrl: z.string() });

export const QuoteQuerySchema = z.object({ plan: z.enum(PLAN_IDS), mode: z.enum(MEMBERSHIP_MODES).default('single') });
export const QuoteSchema = z.object({
  planId: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  regularPrice: z.number().int(),
  discountPercent: z.number().int(),
  finalPrice: z.number().int(),
  /** Null when this student can buy it; otherwise why not (the pages leave it out, the server refuses it). */
  unavailableReason: z.enum(UNAVAILABLE_PLAN_REASONS).nullable(),
  /** When access would end if bought now (paid time left stacks); null for lifetime access. */
  accessUntil: z.iso.datetime().nullable(),
  /** The meses sin intereses a card may split this price into (none below 300 MXN). */
  installmentMonths: z.array(z.number().int()),
  /** Whether OXXO takes this amount in cash. */
  oxxo: z.boolean(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** An OXXO voucher issued and not paid yet: the student is told before paying again. */
export const PendingVoucherSchema = z.object({
  paymentId: z.string(),
  reference: z.string(),
  planId: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  amountPaid: z.number().int(),
  voucherUrl: z.string().nullable(),
  voucherExpiresAt: z.iso.datetime().nullable(),
});
export type PendingVoucher = z.infer<typeof PendingVoucherSchema>;

export const QuotesSchema = z.object({
  quotes: z.array(QuoteSchema),
  discountPercent: z.number().int(),
  /** The paid membership running now, whose end a new purchase extends; null for free, trial or ended access. */
  currentAccessUntil: z.iso.datetime().nullable(),
  hasLifetimeAccess: z.boolean(),
  pendingVouchers: z.array(PendingVoucherSchema),
  /**
   * What a purchase now gives up of a free account's hours, which are never carried over (membershipAfterPlan):
   * 'unstarted' hours never start, the rest of 'running' ones ends; null (or absent, from an older server) when there
   * are none (ux N22).
   */
  freeHoursGivenUp: z.enum(['unstarted', 'running']).nullable().optional(),
});
export type Quotes = z.infer<typeof QuotesSchema>;

/**
 * What the payment history lists: money taken, given back, expected at OXXO, or a voucher that lapsed unpaid.
 * A checkout never paid (cancelled or left open) is not a payment and is not listed (ux N10).
 */
export const PAYMENT_HISTORY_STATUSES = ['awaiting_payment', 'paid', 'refunded', 'failed'] as const;

/** GET /api/payments/history (issue 20): every payment of the student, newest first, from the fulfilment record. */
export const PaymentRecordSchema = z.object({
  id: z.string(),
  reference: z.string(),
  planId: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  amountPaid: z.number().int(),
  discountPercent: z.number().int(),
  /** awaiting_payment: an OXXO voucher not paid yet («Pago pendiente»); failed: a voucher that lapsed unpaid. */
  status: z.enum(PAYMENT_HISTORY_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  voucherUrl: z.string().nullable(),
  voucherExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;
export const PaymentHistorySchema = z.object({ payments: z.array(PaymentRecordSchema) });
export type PaymentHistory = z.infer<typeof PaymentHistorySchema>;

export const CheckoutStatusParamsSchema = z.object({ sessionId: z.string().min(1).max(300) });
export const CheckoutStatusSchema = z.object({
  /**
   * refunded: it bought something already used and the money went back; expired: a stale checkout closed; failed: a
   * delayed method (OXXO) that was never paid; awaiting_payment: an OXXO voucher issued, not paid yet («Pago pendiente»).
   */
  status: z.enum(['pending', 'awaiting_payment', 'paid', 'refunded', 'expired', 'failed']),
  paymentMethod: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  voucherUrl: z.string().nullable(),
  voucherExpiresAt: z.iso.datetime().nullable(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  /** The meses sin intereses chosen at the provider; null for one payment or OXXO (ux N21). */
  installmentMonths: z.number().int().nullable(),
  planId: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  amountPaid: z.number().int(),
  subscriptionInfo: SubscriptionInfoSchema,
});
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

/** POST /api/payments/stripe-webhook: Stripe's event was taken (or was one the app ignores). */
export const StripeWebhookResponseSchema = z.object({ received: z.boolean() });

export const GroupAffiliateSchema = z.object({
  /** The invitation's id: the owner revokes or resends a pending one by it. */
  id: z.string(),
  affiliateEmail: z.string(),
  affiliateAlias: z.string(),
  hasActivatedAccount: z.boolean(),
  activatedAccountAt: z.iso.datetime().nullable(),
  groupMembership: z.string(),
  /** When the invitation was sent (or last resent). */
  invitedAt: z.iso.datetime(),
  /** A pending invitation older than GROUP_INVITE_DAYS: it no longer holds a seat and cannot be activated. */
  expired: z.boolean(),
});
/** GET /api/group-membership/affiliates: the group's invitations. */
export const GroupAffiliatesSchema = z.array(GroupAffiliateSchema);
export const GroupInviteParamsSchema = z.object({ memberId: z.uuid() });

/** GET /api/group-invitations/:memberId: the invitation page before signing in (ux finding 17). */
export const GroupInvitationSchema = z.object({
  /** The owner's first name only. */
  inviterName: z.string(),
  planId: z.enum(PLAN_IDS),
  /** The invited address: the link was sent to it. */
  email: z.string(),
  status: z.enum(['pending', 'activated', 'expired']),
});
export type GroupInvitation = z.infer<typeof GroupInvitationSchema>;
export type GroupAffiliate = z.infer<typeof GroupAffiliateSchema>;

export const GroupMembershipSchema = z.object({
  id: z.string(),
  membershipType: z.enum(PLAN_IDS),
  ownerEmail: z.string(),
  isOwner: z.boolean(),
  createdAt: z.iso.datetime(),
  seats: z.number().int(),
  /** The owner's seat and every invitation that still holds one. */
  seatsInUse: z.number().int(),
  invitesLeft: z.number().int(),
  /** The invitations, for the owner only: their addresses and aliases are the owner's, so a member gets none. */
  members: z.array(GroupAffiliateSchema),
});
export type GroupMembership = z.infer<typeof GroupMembershipSchema>;
export const GroupMembershipResponseSchema = z.object({ groupMembership: GroupMembershipSchema.nullable() });

export const GroupInviteBodySchema = GroupInviteSchema;
export const GroupActivateBodySchema = GroupActivationSchema;
export const ActivationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  membershipDetails: z.object({ membershipType: z.enum(PLAN_IDS) }),
});
export type ActivationResponse = z.infer<typeof ActivationResponseSchema>;

/** What each route of the memberships area takes and answers (the route manifest, issue 36). */
export const membershipsApi = {
  quotes: { response: QuotesSchema },
  paymentHistory: { response: PaymentHistorySchema },
  createCheckout: { body: CheckoutSessionBodySchema, response: CheckoutSessionResponseSchema },
  checkoutStatus: { params: CheckoutStatusParamsSchema, response: CheckoutStatusSchema },
  // The body is Stripe's raw bytes (its signature is over them): no schema parses it.
  stripeWebhook: { response: StripeWebhookResponseSchema },
  groupMembership: { response: GroupMembershipResponseSchema },
  groupMembers: { response: GroupAffiliatesSchema },
  inviteGroupMember: { body: GroupInviteBodySchema, response: SuccessSchema },
  revokeGroupInvite: { params: GroupInviteParamsSchema, response: SuccessSchema },
  resendGroupInvite: { params: GroupInviteParamsSchema, response: SuccessSchema },
  activateGroupMembership: { body: GroupActivateBodySchema, response: ActivationResponseSchema },
  groupInvitation: { params: GroupInviteParamsSchema, response: GroupInvitationSchema },
} satisfies ContractTable<typeof membershipsRoutes>;
