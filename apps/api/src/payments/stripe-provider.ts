import Stripe from 'stripe';
import { OXXO_VOUCHER_DAYS } from '@galeno/domain/plans';
import type { CheckoutSessionInfo, PaymentProvider } from './provider.ts';

type StripeSession = Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;

function toInfo(session: StripeSession): CheckoutSessionInfo {
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  // An OXXO checkout completes when the voucher is issued; the money arrives later (async_payment_succeeded).
  const awaitingPayment = !paid && session.status === 'complete';
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const oxxo = intent?.next_action?.oxxo_display_details;
  return {
    id: session.id,
    paid,
    awaitingPayment,
    voucher: oxxo
      ? { url: oxxo.hosted_voucher_url ?? null, expiresAt: oxxo.expires_after ? new Date(oxxo.expires_after * 1000) : null }
      : null,
    // The plan the customer picked in Checkout is recorded on the intent's card options.
    installmentMonths: intent?.payment_method_options?.card?.installments?.plan?.count ?? null,
    paymentId: session.client_reference_id ?? session.metadata?.paymentId ?? null,
  };
}

/** Stripe Checkout through the real SDK. `apiBase` points it at another host (a loopback stand-in in tests). */
export function createStripeProvider(options: { secretKey: string; webhookSecret: string; apiBase?: string | undefined }): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        currency: 'mxn',
        line_items: [
          { quantity: 1, price_data: { currency: 'mxn', unit_amount: request.amount * 100, product_data: { name: request.description } } },
        ],
        allowed_payment_method_types: [request.method],
        payment_method_options:
          request.method === 'oxxo'
            ? { oxxo: { expires_after_days: OXXO_VOUCHER_DAYS } }
            : request.installmentMonths.length > 0
              ? { card: { installments: { enabled: true } } }
              : undefined,
        customer_email: request.customerEmail,
        client_reference_id: request.paymentId,
        metadata: request.metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        locale: 'es-419',
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async retrieveSession(sessionId) {
      // The payment intent carries the OXXO voucher (its page and expiry).
      return toInfo(await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
    },
    async refund(sessionId, reason) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`Checkout session ${sessionId} has no payment to refund`);
      // One refund per session, however often fulfilment retries it.
      // A purchase that added nothing duplicates one already made; a deleted account's is given back as its owner asked.
      await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: reason === 'account_deleted' ? 'requested_by_customer' : 'duplicate',
          metadata: { reason },
        },
        { idempotencyKey: `refund-${sessionId}` },
      );
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    parseWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      if (
        event.type !== 'checkout.session.completed' &&
        event.type !== 'checkout.session.async_payment_succeeded' &&
        event.type !== 'checkout.session.async_payment_failed'
      ) {
        return null;
      }
      return { type: event.type, session: toInfo(event.data.object as StripeSession) };
    },
  };
}
