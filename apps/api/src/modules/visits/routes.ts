import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CtaClickBodySchema, LandingVisitBodySchema, PublicCountsResponseSchema } from '@galeno/domain/contracts/visits';
import { ErrorResponseSchema, SuccessSchema } from '@galeno/domain/contracts/common';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { identifyVisitor } from '../../lib/visitor.ts';
import { publicCounts, recordCtaClick, recordLandingVisit, staffMetrics } from './service.ts';
import { findAffiliate } from '../affiliates/service.ts';
import { StaffMetricsSchema } from '@galeno/domain/contracts/affiliates';

const visitLimit = { max: 60, timeWindow: '1 minute' };

export const visitsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/landing',
    {
      config: { rateLimit: visitLimit },
      schema: {
        tags: ['visits'],
        body: LandingVisitBodySchema,
        response: { 200: SuccessSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const visitor = identifyVisitor(config.APP_SECRET, request.ip, request.headers['user-agent']);
      const referer = request.body.referrer ? request.body.referrer.slice(0, 500) : null;
      await recordLandingVisit(db, { originPath: request.body.originPath, visitor, referer });
      // An affiliate's link is remembered for 30 days, so a student who comes back later to sign up is credited.
      const shortId = /^\/a\/([^/?#]+)$/.exec(request.body.originPath)?.[1];
      const affiliate = shortId ? await findAffiliate(db, decodeURIComponent(shortId)).catch(() => null) : null;
      if (affiliate) app.rememberReferral(reply, affiliate.shortId);
      return { success: true };
    },
  );

  app.post(
    '/cta',
    {
      config: { rateLimit: visitLimit },
      schema: {
        tags: ['visits'],
        body: CtaClickBodySchema,
        response: { 200: SuccessSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const visitor = identifyVisitor(config.APP_SECRET, request.ip, request.headers['user-agent']);
      await recordCtaClick(db, { buttonClicked: request.body.buttonClicked, visitor });
      return { success: true };
    },
  );

  app.get('/public-counts', { schema: { tags: ['visits'], response: { 200: PublicCountsResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicCounts(db);
  });
};

/** The staff dashboard's figures (`/metrics`); `requireStaff` checks STAFF_EMAILS on the server. */
export const staffMetricsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/metrics',
    {
      preHandler: app.requireStaff,
      schema: { tags: ['visits'], response: { 200: StaffMetricsSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema } },
    },
    async () => staffMetrics(db),
  );
};
