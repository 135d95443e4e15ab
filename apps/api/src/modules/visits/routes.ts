import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { identifyVisitor } from '../../lib/visitor.ts';
import { publicCounts, recordCtaClick, recordLandingVisit, staffMetrics } from './service.ts';
import { findAffiliate } from '../affiliates/service.ts';

const visitLimit = { max: 60, timeWindow: '1 minute' };

export const visitsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.route({
    ...apiRoute(app, 'visits', 'landingVisit'),
    config: { rateLimit: visitLimit },
    handler: async (request, reply) => {
      const visitor = identifyVisitor(config.APP_SECRET, request.ip, request.headers['user-agent']);
      const referer = request.body.referrer ? request.body.referrer.slice(0, 500) : null;
      await recordLandingVisit(db, { originPath: request.body.originPath, visitor, referer });
      // An affiliate's link is remembered for 30 days, so a student who comes back later to sign up is credited.
      const shortId = /^\/a\/([^/?#]+)$/.exec(request.body.originPath)?.[1];
      const affiliate = shortId ? await findAffiliate(db, decodeURIComponent(shortId)).catch(() => null) : null;
      if (affiliate) app.rememberReferral(reply, affiliate.shortId);
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'visits', 'ctaClick'),
    config: { rateLimit: visitLimit },
    handler: async (request) => {
      const visitor = identifyVisitor(config.APP_SECRET, request.ip, request.headers['user-agent']);
      await recordCtaClick(db, { buttonClicked: request.body.buttonClicked, visitor });
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'visits', 'publicCounts'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicCounts(db);
    },
  });
};

/** The staff dashboard's figures (`/metrics`); `requireStaff` checks STAFF_EMAILS on the server. */
export const staffMetricsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'visits', 'staffMetrics'),
    preHandler: app.requireStaff,
    handler: async () => staffMetrics(db),
  });
};
