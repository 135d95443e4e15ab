import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMXN } from '@galeno/domain/format';
import { getPlan, installmentPlansFor, OXXO_VOUCHER_DAYS, paymentReference } from '@galeno/domain/plans';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { payments, type Payment } from '../../db/schema/memberships.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { activate, getGroup, invitationSummary, invite, resendInvite, revokeInvite } from './groups.ts';
import {
  cancelPathFor,
  checkoutStatus,
  createCheckout,
  fulfilCheckout,
  markAwaitingPayment,
  markCheckoutFailed,
  markPaid,
  paymentHistory,
  quoteAll,
  type FulfilmentDeps,
} from './service.ts';

interface Deps {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  outbox: Pick<OutboxWorker, 'deliver'>;
}

/**
 * The local test checkout's pages are documents served under /api, whose answers get the JSON policy
 * (`default-src 'none'`): they need their inline styles and their same-origin forms, and nothing else (issue 35).
 */
const LOCAL_CHECKOUT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, provider, outbox }) => {
  const fulfilment: FulfilmentDeps = { db, provider, outbox, config, log: app.log };
  app.route({
    ...apiRoute(app, 'memberships', 'quotes'),
    preHandler: app.requireUser,
    handler: async (request) => quoteAll(db, request.user!),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'paymentHistory'),
    preHandler: app.requireUser,
    handler: async (request) => paymentHistory(db, request.user!),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'createCheckout'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => {
      if (request.body.studentId !== request.user!.id) throw forbidden('Solo puedes pagar tu propia membresía.', 'NOT_YOUR_ACCOUNT');
      return createCheckout({ db, provider, config }, request.user!, {
        planId: request.body.membershipTypeSelected,
        mode: request.body.membershipMode,
        method: request.body.paymentMethod,
      });
    },
  });

  app.route({
    ...apiRoute(app, 'memberships', 'checkoutStatus'),
    preHandler: app.requireUser,
    handler: async (request) => checkoutStatus(fulfilment, request.user!, request.params.sessionId),
  });

  // The webhook verifies Stripe's signature over the exact bytes received, so this scope keeps the raw body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.route({
      ...apiRoute(webhook, 'memberships', 'stripeWebhook'),
      config: { rateLimit: false },
      handler: async (request, reply) => {
        if (provider.name !== 'stripe') throw notFound();
        let event;
        try {
          event = provider.parseWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch {
          throw new AppError('INVALID_SIGNATURE', 400, 'Firma de webhook inválida.');
        }
        if (event?.type === 'checkout.session.async_payment_failed') await markCheckoutFailed(db, event.session.id);
        // Paid, or completed with an OXXO voucher issued: fulfilment reads the session back and records which.
        else if (event) await fulfilCheckout(fulfilment, event.session.id);
        return reply.send({ received: true });
      },
    });
  });

  if (provider.name === 'local') {
    await app.register(async (scope) => {
      const local = scope.withTypeProvider<ZodTypeProvider>();
      // The test checkout page posts a plain HTML form; the card form carries the meses sin intereses chosen.
      local.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const completeBody = z.object({ installments: z.coerce.number().int().min(1).max(24).optional() }).nullish();
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
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', LOCAL_CHECKOUT_CSP)
          .send(localCheckoutPage(config.APP_NAME, request.params.sessionId, payment));
      });

      const backToSuccess = (sessionId: string) => `/app/membership-pay/success?session_id=${encodeURIComponent(sessionId)}`;

      local.post(
        '/local-checkout/:sessionId/complete',
        { preHandler: app.requireUser, schema: { hide: true, params, body: completeBody } },
        async (request, reply) => {
          const payment = await ownPayment(request.params.sessionId, request.user!.id);
          // As at Stripe, cash is paid at the store: only the voucher's simulated store payment pays an OXXO checkout.
          if (payment.paymentMethod === 'oxxo')
            throw new AppError('OXXO_PAID_AT_STORE', 409, 'Este pago es en efectivo en OXXO: genera la ficha y págala en la tienda.');
          await markPaid(fulfilment, payment.id, new Date(), { installmentMonths: request.body?.installments ?? null });
          return reply.redirect(backToSuccess(request.params.sessionId), 303);
        },
      );

      // OXXO in test mode: issuing the voucher completes the checkout unpaid («Pago pendiente»), as Stripe does.
      local.post(
        '/local-checkout/:sessionId/voucher',
        { preHandler: app.requireUser, schema: { hide: true, params } },
        async (request, reply) => {
          const payment = await ownPayment(request.params.sessionId, request.user!.id);
          if (payment.paymentMethod !== 'oxxo') throw notFound('Este pago no es con OXXO.');
          await markAwaitingPayment(db, payment.id, {
            url: `${config.APP_ORIGIN}/api/payments/local-checkout/${encodeURIComponent(request.params.sessionId)}/voucher`,
            expiresAt: new Date(Date.now() + OXXO_VOUCHER_DAYS * 86_400_000),
          });
          return reply.redirect(backToSuccess(request.params.sessionId), 303);
        },
      );

      local.get(
        '/local-checkout/:sessionId/voucher',
        { preHandler: app.requireUser, schema: { hide: true, params } },
        async (request, reply) => {
          const payment = await ownPayment(request.params.sessionId, request.user!.id);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('content-security-policy', LOCAL_CHECKOUT_CSP)
            .send(localVoucherPage(config.APP_NAME, request.params.sessionId, payment));
        },
      );

      // The store's side of the voucher, simulated: paid (Stripe's async_payment_succeeded) or lapsed (async_payment_failed).
      local.post(
        '/local-checkout/:sessionId/voucher/paid',
        { preHandler: app.requireUser, schema: { hide: true, params } },
        async (request, reply) => {
          const payment = await ownPayment(request.params.sessionId, request.user!.id);
          if (payment.status !== 'awaiting_payment')
            throw new AppError('VOUCHER_NOT_PENDING', 409, 'Esta ficha ya no está pendiente de pago.');
          await markPaid(fulfilment, payment.id);
          return reply.redirect(backToSuccess(request.params.sessionId), 303);
        },
      );

      local.post(
        '/local-checkout/:sessionId/voucher/expired',
        { preHandler: app.requireUser, schema: { hide: true, params } },
        async (request, reply) => {
          await ownPayment(request.params.sessionId, request.user!.id);
          await markCheckoutFailed(db, request.params.sessionId);
          return reply.redirect(backToSuccess(request.params.sessionId), 303);
        },
      );
    });
  }
};

type LocalPayment = Pick<
  Payment,
  'amountPaid' | 'regularMembershipPrice' | 'discountPercent' | 'membershipMode' | 'planId' | 'paymentMethod'
> &
  Partial<Pick<Payment, 'id' | 'status' | 'voucherExpiresAt'>>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function localPage(appName: string, title: string, body: string): string {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a">
<main style="max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem">
<p style="background:#fef3c7;color:#78350f;padding:.75rem;border-radius:.5rem;font-weight:600">Modo de prueba: este pago no cobra dinero real.</p>
${body}
</main></body></html>`;
}

const buttonStyle = 'width:100%;padding:.9rem;border:0;border-radius:.75rem;background:#0f766e;color:#fff;font-size:1rem;font-weight:700';

function localCheckoutPage(appName: string, sessionId: string, payment: LocalPayment): string {
  const plan = getPlan(payment.planId);
  const discount =
    payment.discountPercent > 0
      ? `<p>Precio regular: <s>${formatMXN(payment.regularMembershipPrice)}</s> · Descuento: ${payment.discountPercent}%</p>`
      : '';
  const action = `/api/payments/local-checkout/${encodeURIComponent(sessionId)}`;
  const months = installmentPlansFor(payment.amountPaid);
  const form =
    payment.paymentMethod === 'oxxo'
      ? `<p>Te daremos una ficha para pagar en efectivo en cualquier tienda OXXO en los próximos ${OXXO_VOUCHER_DAYS} días.</p>
<form method="post" action="${action}/voucher"><button type="submit" style="${buttonStyle}">Generar ficha OXXO (prueba)</button></form>`
      : `<form method="post" action="${action}/complete">
${
  months.length > 0
    ? `<label for="installments" style="display:block;font-weight:600;margin-bottom:.25rem">Forma de pago con tarjeta</label>
<select id="installments" name="installments" style="width:100%;padding:.6rem;margin-bottom:1rem;border-radius:.5rem">
<option value="1">Una sola exhibición</option>
${months.map((n) => `<option value="${n}">${n} meses sin intereses de ${formatMXN(Math.ceil(payment.amountPaid / n))}</option>`).join('')}
</select>`
    : ''
}<button type="submit" style="${buttonStyle}">Pagar (prueba)</button></form>`;
  return localPage(
    appName,
    'Pago de prueba',
    `<h1 style="font-size:1.5rem">Pago de prueba</h1>
<p>Membresía <strong>${escapeHtml(plan.title)}</strong>${payment.membershipMode === 'group' ? ' (Grupal)' : ''}</p>
${discount}
<p style="font-size:1.75rem;font-weight:800">${formatMXN(payment.amountPaid)} MXN</p>
${form}
<p><a href="${escapeHtml(cancelPathFor(payment.planId, payment.membershipMode))}" style="color:#0f766e">Cancelar y volver</a></p>`,
  );
}

/** The test-mode OXXO voucher: what a student would take to the store, and the store's two outcomes, simulated. */
function localVoucherPage(appName: string, sessionId: string, payment: LocalPayment): string {
  const action = `/api/payments/local-checkout/${encodeURIComponent(sessionId)}/voucher`;
  const expires = payment.voucherExpiresAt
    ? new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(payment.voucherExpiresAt)
    : '';
  const pending = payment.status === 'awaiting_payment';
  return localPage(
    appName,
    'Ficha OXXO de prueba',
    `<h1 style="font-size:1.5rem">Ficha de pago OXXO (prueba)</h1>
<p>Paga <strong>${formatMXN(payment.amountPaid)} MXN</strong> en efectivo en cualquier OXXO${expires ? ` antes del ${escapeHtml(expires)}` : ''}.</p>
<p style="font-family:monospace;font-size:1.25rem;letter-spacing:.1em">${escapeHtml(paymentReference(payment.id ?? sessionId))}</p>
${
  pending
    ? `<form method="post" action="${action}/paid" style="margin-top:1rem"><button type="submit" style="${buttonStyle}">Simular pago en OXXO</button></form>
<form method="post" action="${action}/expired" style="margin-top:.75rem"><button type="submit" style="${buttonStyle};background:#475569">Simular ficha vencida</button></form>`
    : '<p>Esta ficha ya no está pendiente de pago.</p>'
}
<p><a href="/app/membership-pay/success?session_id=${encodeURIComponent(sessionId)}" style="color:#0f766e">Volver a ${escapeHtml(appName)}</a></p>`,
  );
}

export const groupRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; mailer: Mailer }> = async (app, { db, config, mailer }) => {
  app.addHook('preHandler', app.requireUser);

  app.route({
    ...apiRoute(app, 'memberships', 'groupMembership'),
    handler: async (request) => ({
      groupMembership: await getGroup(db, request.user!),
    }),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'groupMembers'),
    handler: async (request) => (await getGroup(db, request.user!))?.members ?? [],
  });

  app.route({
    ...apiRoute(app, 'memberships', 'inviteGroupMember'),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => invite({ db, mailer, config, log: app.log }, request.user!, request.body),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'revokeGroupInvite'),
    handler: async (request) => revokeInvite(db, request.user!, request.params.memberId),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'resendGroupInvite'),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => resendInvite({ db, mailer, config, log: app.log }, request.user!, request.params.memberId),
  });

  app.route({
    ...apiRoute(app, 'memberships', 'activateGroupMembership'),
    handler: async (request) => activate(db, request.user!, request.body.email),
  });
};

/** The invitation page's one call, before anyone signs in: the link's random id is the only key (ux finding 17). */
export const groupInvitationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'memberships', 'groupInvitation'),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invitationSummary(db, request.params.memberId);
    },
  });
};
