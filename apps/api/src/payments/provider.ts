import type { PaymentMethod, RefundReason } from '@galeno/domain/plans';

/** What the memberships service needs from a payment provider; Stripe in production, a local test mode otherwise. */
export interface CheckoutRequest {
  /** Card (with meses sin intereses when `installmentMonths` is not empty) or an OXXO voucher. */
  method: PaymentMethod;
  installmentMonths: readonly number[];
  paymentId: string;
  /** MXN, whole pesos, computed by the server. */
  amount: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface CheckoutSessionInfo {
  id: string;
  /** Paid, or a delayed method (OXXO) that has succeeded. */
  paid: boolean;
  /** Completed with a delayed method (an OXXO voucher was issued) whose money has not arrived yet. */
  awaitingPayment: boolean;
  /** The OXXO voucher, once issued: where the student sees it and when it lapses. */
  voucher: { url: string | null; expiresAt: Date | null } | null;
  /** The meses sin intereses the student chose on the provider's page; null for one payment. */
  installmentMonths: number | null;
  paymentId: string | null;
}

export interface CompletedCheckoutEvent {
  /** A delayed method (an OXXO voucher) that was not paid ends in async_payment_failed. */
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed';
  session: CheckoutSessionInfo;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionInfo>;
  /** Verifies the signature on the raw body; null for events we do not act on. Throws when the signature is wrong. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): CompletedCheckoutEvent | null;
  /** Gives back the whole amount of a paid checkout session (a purchase that added nothing, or whose account is gone). */
  refund(sessionId: string, reason: RefundReason): Promise<void>;
  /** Closes an open checkout session so it can no longer be paid. A session already completed throws. */
  expireCheckout(sessionId: string): Promise<void>;
}
