import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AffiliateRow } from '../../db/schema/affiliates.ts';
import { notFound } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { affiliateMetrics, createAffiliate, findAffiliate, listAffiliates, registerAttribution } from './service.ts';

const detail = (row: AffiliateRow) => ({
  shortId: row.shortId,
  name: row.name,
  ownerEmail: row.ownerEmail,
  commissionRate: row.commissionRate,
  createdAt: row.createdAt.toISOString(),
});

export const affiliatesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const staffOnly = app.requireStaff;

  app.route({
    ...apiRoute(app, 'affiliates', 'list'),
    preHandler: staffOnly,
    handler: async () => (await listAffiliates(db)).map(detail),
  });

  app.route({
    ...apiRoute(app, 'affiliates', 'create'),
    preHandler: staffOnly,
    handler: async (request) => detail(await createAffiliate(db, request.body)),
  });

  app.route({
    ...apiRoute(app, 'affiliates', 'registerAttribution'),
    preHandler: app.requireUser,
    handler: async (request) => registerAttribution(db, request.user!, request.body),
  });

  app.route({
    ...apiRoute(app, 'affiliates', 'metrics'),
    preHandler: app.requireUser,
    handler: async (request) =>
      affiliateMetrics(db, request.user!, request.params.shortId, { staffEmails: config.STAFF_EMAILS, demoShortId: config.APP_SHORT_NAME }),
  });

  app.route({
    ...apiRoute(app, 'affiliates', 'affiliate'),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => {
      const affiliate = await findAffiliate(db, request.params.shortId);
      if (affiliate) return { shortId: affiliate.shortId, name: affiliate.name };
      // The demo affiliate exists for every deployment, with or without a row.
      if (request.params.shortId === config.APP_SHORT_NAME)
        return { shortId: config.APP_SHORT_NAME, name: `${config.APP_NAME} (demostración)` };
      throw notFound('El afiliado no existe.');
    },
  });
};
