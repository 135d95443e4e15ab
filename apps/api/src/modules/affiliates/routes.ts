import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  AffiliateDetailSchema,
  AffiliateListSchema,
  AffiliateMetricsSchema,
  AffiliateRegistrationBodySchema,
  AffiliateSchema,
  CreateAffiliateBodySchema,
  ShortIdParamsSchema,
} from '@galeno/domain/contracts/affiliates';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AffiliateRow } from '../../db/schema/affiliates.ts';
import { notFound } from '../../errors.ts';
import { affiliateMetrics, createAffiliate, findAffiliate, listAffiliates, registerAttribution } from './service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const detail = (row: AffiliateRow) => ({
  shortId: row.shortId,
  name: row.name,
  ownerEmail: row.ownerEmail,
  commissionRate: row.commissionRate,
  createdAt: row.createdAt.toISOString(),
});

export const affiliatesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const staffOnly = app.requireStaff;

  app.get('/', { preHandler: staffOnly, schema: { tags: ['affiliates'], response: { 200: AffiliateListSchema, ...errors } } }, async () =>
    (await listAffiliates(db)).map(detail),
  );

  app.post(
    '/',
    {
      preHandler: staffOnly,
      schema: { tags: ['affiliates'], body: CreateAffiliateBodySchema, response: { 200: AffiliateDetailSchema, ...errors } },
    },
    async (request) => detail(await createAffiliate(db, request.body)),
  );

  app.post(
    '/registrations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['affiliates'],
        body: AffiliateRegistrationBodySchema,
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    async (request) => registerAttribution(db, request.user!, request.body),
  );

  app.get(
    '/metrics/:shortId',
    {
      preHandler: app.requireUser,
      schema: { tags: ['affiliates'], params: ShortIdParamsSchema, response: { 200: AffiliateMetricsSchema, ...errors } },
    },
    async (request) =>
      affiliateMetrics(db, request.user!, request.params.shortId, { staffEmails: config.STAFF_EMAILS, demoShortId: config.APP_SHORT_NAME }),
  );

  app.get(
    '/:shortId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['affiliates'], params: ShortIdParamsSchema, response: { 200: AffiliateSchema, ...errors } },
    },
    async (request) => {
      const affiliate = await findAffiliate(db, request.params.shortId);
      if (affiliate) return { shortId: affiliate.shortId, name: affiliate.name };
      // The demo affiliate exists for every deployment, with or without a row.
      if (request.params.shortId === config.APP_SHORT_NAME)
        return { shortId: config.APP_SHORT_NAME, name: `${config.APP_NAME} (demostración)` };
      throw notFound('El afiliado no existe.');
    },
  );
};
