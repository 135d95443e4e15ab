import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  ActivationResponseSchema,
  CheckoutSessionBodySchema,
  CheckoutSessionResponseSchema,
  CheckoutStatusParamsSchema,
  CheckoutStatusSchema,
  GroupActivateBodySchema,
  GroupAffiliateSchema,
  GroupInviteBodySchema,
  GroupInviteParamsSchema,
  GroupMembershipResponseSchema,
  QuotesSchema,
  PaymentHistorySchema,
} from '@galeno/domain/contracts/payments';
import { formatMXN } from '@galeno/domain/format';
import { getPlan } from '@galeno/domain/plans';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/memberships.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { activate, getGroup, invite, resendInvite, revokeInvite } from './groups.ts';
import {
  checkoutStatus,
  createCheckout,
  fulfilCheckout,
  markCheckoutFailed,
  markPaid,
  paymentHistory,
  quoteAll,
  type FulfilmentDeps,
} from './service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  502: ErrorResponseSchema,
};

interface Deps {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  outbox: Pick<OutboxWorker, 'deliver'>;
}

export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, provider, outbox }) => {
  const fulfilment: FulfilmentDeps = { db, provider, outbox, config, log: app.log };
  app.get(
    '/quotes',
    { preHandler: app.requireUser, schema: { tags: ['payments'], response: { 200: QuotesSchema, ...errors } } },
    async (request) => {
      const quotes = await quoteAll(db, request.user!);
      return {
        quotes: quotes.map(({ discountId: _discountId, ...rest }) => rest),
        discountPercent: Math.max(0, ...quotes.map((q) => q.discountPercent)),
      };
    },
  );

  app.get(
    '/history',
    { preHandler: app.requireUser, schema: { tags: ['payments'], response: { 200: PaymentHistorySchema, ...errors } } },
    async (request) => paymentHistory(db, request.user!),
  );

  app.post(
    '/stripe-checkout-session',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['payments'], body: CheckoutSessionBodySchema, response: { 200: CheckoutSessionResponseSchema, ...errors } },
    },
    async (request) => {
      if (request.body.studentId !== request.user!.id) throw forbidden('Solo puedes pagar tu propia membresía.', 'NOT_YOUR_ACCOUNT');
      return createCheckout({ db, provider, config }, request.user!, {
        planId: request.body.membershipTypeSelected,
        mode: request.body.membershipMode,
      });
    },
  );

  app.get(
    '/checkout-session/:sessionId',
    {
      preHandler: app.requireUser,
      schema: { tags: ['payments'], params: CheckoutStatusParamsSchema, response: { 200: CheckoutStatusSchema, ...errors } },
    },
    async (request) => checkoutStatus(fulfilment, request.user!, request.params.sessionId),
  );

  // The webhook verifies Stripe's signature over the exact bytes received, so this scope keeps the raw body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/stripe-webhook',
      { config: { rateLimit: false }, schema: { tags: ['payments'], hide: true } },
      async (request, reply) => {
        if (provider.name !== 'stripe') throw notFound();
        let event;
        try {
          event = provider.parseWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch {
          throw new AppError('INVALID_SIGNATURE', 400, 'Firma de webhook inválida.');
        }
        if (event?.type === 'checkout.session.async_payment_failed') await markCheckoutFailed(db, event.session.id);
        else if (event?.session.paid) await fulfilCheckout(fulfilment, event.session.id);
        return reply.send({ received: true });
      },
    );
  });

  if (provider.name === 'local') {
    await app.register(async (scope) => {
      const local = scope.withTypeProvider<ZodTypeProvider>();
      // The test checkout page posts a plain HTML form; its fields carry nothing we need.
      local.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
      const params = z.object({ sessionId: z.string().min(1).max(100) });
      const ownPayment = async (sessionId: string, userId: string) => {
        const [payment] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.userId, userId)))
          .limit(1);
        if (!payment) throw notFound('No encontramos ese pago.');
        return payment;
      };

      local.get('/local-checkout/:sessionId', { preHandler: app.requireUser, schema: { hide: true, params } }, async (request, reply) => {
        const payment = await ownPayment(request.params.sessionId, request.user!.id);
        const plan = getPlan(payment.planId);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(localCheckoutPage(config.APP_NAME, request.params.sessionId, plan.title, payment));
      });

      local.post(
        '/local-checkout/:sessionId/complete',
        { preHandler: app.requireUser, schema: { hide: true, params } },
        async (request, reply) => {
          const payment = await ownPayment(request.params.sessionId, request.user!.id);
          await markPaid(fulfilment, payment.id);
          return reply.redirect(`/app/membership-pay/success?session_id=${encodeURIComponent(request.params.sessionId)}`, 303);
        },
      );
    });
  }
};

function localCheckoutPage(
  appName: string,
  sessionId: string,
  planTitle: string,
  payment: { amountPaid: number; regularMembershipPrice: number; discountPercent: number; membershipMode: string },
): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const discount =
    payment.discountPercent > 0
      ? `<p>Precio regular: <s>${formatMXN(payment.regularMembershipPrice)}</s> · Descuento: ${payment.discountPercent}%</p>`
      : '';
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pago de prueba · ${escape(appName)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a">
<main style="max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem">
<p style="background:#fef3c7;color:#78350f;padding:.75rem;border-radius:.5rem;font-weight:600">Modo de prueba: este pago no cobra dinero real.</p>
<h1 style="font-size:1.5rem">Pago de prueba</h1>
<p>Membresía <strong>${escape(planTitle)}</strong>${payment.membershipMode === 'group' ? ' (Grupal)' : ''}</p>
${discount}
<p style="font-size:1.75rem;font-weight:800">${formatMXN(payment.amountPaid)} MXN</p>
<form method="post" action="/api/payments/local-checkout/${encodeURIComponent(sessionId)}/complete">
<button type="submit" style="width:100%;padding:.9rem;border:0;border-radius:.75rem;background:#0f766e;color:#fff;font-size:1rem;font-weight:700">Pagar (prueba)</button>
</form>
<p><a href="/app/membership-pay" style="color:#0f766e">Cancelar y volver</a></p>
</main></body></html>`;
}

export const groupRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; mailer: Mailer }> = async (app, { db, config, mailer }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/', { schema: { tags: ['groups'], response: { 200: GroupMembershipResponseSchema, ...errors } } }, async (request) => ({
    groupMembership: await getGroup(db, request.user!),
  }));

  app.get(
    '/affiliates',
    { schema: { tags: ['groups'], response: { 200: z.array(GroupAffiliateSchema), ...errors } } },
    async (request) => (await getGroup(db, request.user!))?.members ?? [],
  );

  app.post(
    '/affiliates',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['groups'], body: GroupInviteBodySchema, response: { 200: z.object({ success: z.boolean() }), ...errors } },
    },
    async (request) => invite({ db, mailer, config, log: app.log }, request.user!, request.body),
  );

  app.delete(
    '/affiliates/:memberId',
    { schema: { tags: ['groups'], params: GroupInviteParamsSchema, response: { 200: z.object({ success: z.boolean() }), ...errors } } },
    async (request) => revokeInvite(db, request.user!, request.params.memberId),
  );

  app.post(
    '/affiliates/:memberId/resend',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['groups'], params: GroupInviteParamsSchema, response: { 200: z.object({ success: z.boolean() }), ...errors } },
    },
    async (request) => resendInvite({ db, mailer, config, log: app.log }, request.user!, request.params.memberId),
  );

  app.post(
    '/activate',
    { schema: { tags: ['groups'], body: GroupActivateBodySchema, response: { 200: ActivationResponseSchema, ...errors } } },
    async (request) => activate(db, request.user!, request.body.email),
  );
};
