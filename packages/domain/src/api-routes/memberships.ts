import { del, get, post, type RouteTable } from './define.ts';

/**
 * The memberships area's API routes (the route manifest, issue 36): payments under /api/payments (quotes, checkout,
 * the Stripe webhook), group plans under /api/group-membership, and the invitation page's call under
 * /api/group-invitations.
 */
export const membershipsRoutes = {
  quotes: get('/api/payments/quotes'),
  paymentHistory: get('/api/payments/history'),
  createCheckout: post('/api/payments/stripe-checkout-session'),
  checkoutStatus: get('/api/payments/checkout-session/:sessionId'),
  /** Stripe's calls, judged by their signature over the raw body (not the page's). */
  stripeWebhook: post('/api/payments/stripe-webhook'),
  groupMembership: get('/api/group-membership'),
  groupMembers: get('/api/group-membership/affiliates'),
  inviteGroupMember: post('/api/group-membership/affiliates'),
  revokeGroupInvite: del('/api/group-membership/affiliates/:memberId'),
  resendGroupInvite: post('/api/group-membership/affiliates/:memberId/resend'),
  activateGroupMembership: post('/api/group-membership/activate'),
  groupInvitation: get('/api/group-invitations/:memberId'),
} as const satisfies RouteTable;
