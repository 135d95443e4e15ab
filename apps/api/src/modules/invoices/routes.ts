import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';
import { accountBudget } from '../../plugins/account-budget.ts';
import { invoiceQueue, markInvoiceIssued, myInvoiceRequests, requestInvoice } from './service.ts';

interface Deps {
  db: Db;
  config: Config;
  outbox: Pick<OutboxWorker, 'kick'>;
}

/** «Solicitar factura» on a paid payment (issue 20) and the staff queue that marks each CFDI issued (stamped outside the app). */
export const invoicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, outbox }) => {
  // A request and a few corrections per payment; each one e-mails the operator. Per account and payment, from
  // anywhere (issue 34, F12), besides each address's budget.
  const correctionsBudget = accountBudget(app, {
    name: 'invoice-request',
    max: 10,
    timeWindow: '1 day',
    message: 'Ya enviaste muchas solicitudes de factura para este pago hoy. Intenta nuevamente mañana.',
    key: (request) => `${request.user!.id}:${(request.body as { paymentId: string }).paymentId}`,
  });
  app.route({
    ...apiRoute(app, 'invoices', 'request'),
    preHandler: [app.requireUser, correctionsBudget],
    config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    handler: async (request) => requestInvoice({ db, config, outbox }, request.user!, request.body),
  });

  app.route({
    ...apiRoute(app, 'invoices', 'list'),
    preHandler: app.requireUser,
    handler: async (request) => myInvoiceRequests(db, request.user!),
  });

  app.route({
    ...apiRoute(app, 'invoices', 'queue'),
    preHandler: app.requireStaff,
    handler: async () => invoiceQueue(db),
  });

  app.route({
    ...apiRoute(app, 'invoices', 'markIssued'),
    preHandler: app.requireStaff,
    handler: async (request) => markInvoiceIssued(db, request.user!, request.params.id),
  });
};
