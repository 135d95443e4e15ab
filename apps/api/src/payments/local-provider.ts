import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';

/**
 * Test mode without Stripe keys: the checkout page is ours (it says it is a test) and completing it
 * goes through the same fulfilment as a Stripe payment. Sessions, refunds and expiries live in the payments table.
 */
export interface LocalSessionState {
  paymentId: string;
  status: string;
  voucherUrl: string | null;
  voucherExpiresAt: Date | null;
}

export function createLocalProvider(options: {
  appOrigin: string;
  lookup: (sessionId: string) => Promise<LocalSessionState | null>;
}): PaymentProvider {
  return {
    name: 'local',
    async createCheckout() {
      const sessionId = `local_${randomBytes(16).toString('hex')}`;
      return { sessionId, url: `${options.appOrigin}/api/payments/local-checkout/${sessionId}` };
    },
    async retrieveSession(sessionId) {
      const state = await options.lookup(sessionId);
      const awaitingPayment = state?.status === 'awaiting_payment';
      return {
        id: sessionId,
        paid: state?.status === 'paid',
        awaitingPayment,
        voucher: awaitingPayment ? { url: state!.voucherUrl, expiresAt: state!.voucherExpiresAt } : null,
        // The test page's choice reaches markPaid from the form it posts, not through here.
        installmentMonths: null,
        paymentId: state?.paymentId ?? null,
      };
    },
    parseWebhook() {
      throw new Error('The local payment provider has no webhooks');
    },
    // Test mode moves no money: the refund and the expiry are what the payments table records.
    async refund() {},
    async expireCheckout() {},
  };
}
