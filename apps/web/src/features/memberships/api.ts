import type {
  ActivationResponse,
  CheckoutSessionBody,
  CheckoutStatus,
  GroupAffiliate,
  GroupInvitation,
  GroupMembership,
  PendingVoucher,
  Quote,
  Quotes,
} from '@galeno/domain/contracts/payments';
import type { Success } from '@galeno/domain/contracts/common';
import type { GroupInvite } from '@galeno/domain/forms';
import type { MembershipMode, PaymentMethod, PlanId } from '@galeno/domain/plans';
import { api } from '../../lib/api';

/*
 * The payment and group calls (spec section 7, "Payments" and "Group"). Types come from the shared
 * contract; `import type` keeps zod out of the page chunks, and the server validates every body and
 * response with it. Prices are always the server's: the browser never sends an amount.
 */

export type { ActivationResponse, CheckoutStatus, GroupAffiliate, GroupInvitation, GroupMembership, PendingVoucher, Quote, Quotes };

/** The spec's message when the provider gives no session (spec section 8, "Payment session failure"). */
export const CHECKOUT_SESSION_FAILED = 'Failed to create stripe session';

/** Every plan in both modes, at this user's price: their own won, unused discount is already applied. */
export function fetchQuotes(signal?: AbortSignal): Promise<Quotes> {
  return api.memberships.quotes({ signal });
}

export interface CheckoutRequest {
  studentId: string;
  planId: PlanId;
  mode: MembershipMode;
  /** The percentage shown to the person: a display hint the server ignores (it applies its own). */
  discount?: number;
  paymentMethod?: PaymentMethod;
}

/** Opens a checkout session and answers where to send the browser. */
export async function createCheckoutSession({
  studentId,
  planId,
  mode,
  discount,
  paymentMethod = 'card',
}: CheckoutRequest): Promise<string> {
  const body: CheckoutSessionBody = { studentId, membershipTypeSelected: planId, membershipMode: mode, paymentMethod };
  if (discount !== undefined && discount > 0) body.discount = discount;
  const { sessionUrl } = await api.memberships.createCheckout({ body });
  if (typeof sessionUrl !== 'string' || !isNavigableUrl(sessionUrl)) throw new Error(CHECKOUT_SESSION_FAILED);
  return sessionUrl;
}

/** Only the provider's https page or our own local test checkout: never a javascript: or data: URL. */
function isNavigableUrl(value: string): boolean {
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The session's state; the server fulfils it (idempotently) if the provider already says paid. */
export function fetchCheckoutStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutStatus> {
  return api.memberships.checkoutStatus({ params: { sessionId }, signal });
}

/** The group this user owns or activated into; null without one. */
export async function fetchGroupMembership(signal?: AbortSignal): Promise<GroupMembership | null> {
  const { groupMembership } = await api.memberships.groupMembership({ signal });
  return groupMembership;
}

/** 409 GROUP_FULL / GROUP_DUPLICATE_INVITE, 403 NO_GROUP, with a Spanish message. */
export function inviteGroupMember(invite: GroupInvite): Promise<Success> {
  return api.memberships.inviteGroupMember({ body: invite });
}

/** 403 NOT_INVITED_ACCOUNT for another account's invitation, 404 without a pending one. */
export function activateGroupMembership(email: string): Promise<ActivationResponse> {
  return api.memberships.activateGroupMembership({ body: { email } });
}

/** The owner revokes a pending invitation (its seat is free at once); 409 GROUP_INVITE_NOT_PENDING once activated. */
export function revokeGroupInvite(memberId: string): Promise<Success> {
  return api.memberships.revokeGroupInvite({ params: { memberId } });
}

/** The owner sends a pending (or lapsed) invitation again; its 14 days start over. */
export function resendGroupInvite(memberId: string): Promise<Success> {
  return api.memberships.resendGroupInvite({ params: { memberId } });
}

/** The invitation page before signing in: who invited, to which plan, for which address (ux finding 17). */
export function fetchGroupInvitation(memberId: string, signal?: AbortSignal): Promise<GroupInvitation> {
  return api.memberships.groupInvitation({ params: { memberId }, signal });
}
