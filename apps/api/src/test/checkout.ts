import type { User } from '../db/schema/users.ts';
import type { TestApp } from './app.ts';
import { sessionCookieFor } from './factories.ts';

/** POST /api/payments/stripe-checkout-session as `user`: 6 months, individual, unless `payload` says otherwise. */
export async function requestCheckout(t: TestApp, user: User, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-checkout-session',
    cookies: await sessionCookieFor(t.database.db, user),
    payload: { studentId: user.id, membershipTypeSelected: '6-months', membershipMode: 'single', ...payload },
  });
}
