import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  InvoiceIdParamsSchema,
  InvoiceQueueSchema,
  InvoiceRequestBodySchema,
  InvoiceRequestSchema,
  InvoiceRequestsSchema,
} from '@galeno/domain/contracts/invoices';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';
import { accountBudget } from '../../plugins/account-budget.ts';
import { invoiceQueue, markInvoiceIssued, myInvoiceRequests, requestInvoice } from './service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

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
  app.post(
    '/',
    {
      preHandler: [app.requireUser, correctionsBudget],
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags: ['invoices'], body: InvoiceRequestBodySchema, response: { 200: InvoiceRequestSchema, ...errors } },
    },
    async (request) => requestInvoice({ db, config, outbox }, request.user!, request.body),
  );

  app.get(
    '/',
    { preHandler: app.requireUser, schema: { tags: ['invoices'], response: { 200: InvoiceRequestsSchema, ...errors } } },
    async (request) => myInvoiceRequests(db, request.user!),
  );

  app.get(
    '/queue',
    { preHandler: app.requireStaff, schema: { tags: ['invoices'], response: { 200: InvoiceQueueSchema, ...errors } } },
    async () => invoiceQueue(db),
  );

  app.post(
    '/:id/issued',
    {
      preHandler: app.requireStaff,
      schema: { tags: ['invoices'], params: InvoiceIdParamsSchema, response: { 200: InvoiceRequestSchema, ...errors } },
    },
    async (request) => markInvoiceIssued(db, request.user!, request.params.id),
  );
};
