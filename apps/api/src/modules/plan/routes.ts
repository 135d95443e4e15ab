import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { readCutoffs, saveStudyPlan, studyPlan } from './service.ts';

/** The study plan to exam day (issue 40): read with today's line, or saved from the plan page. */
export const planRoutes: FastifyPluginAsyncZod<{ db: Db; contentDir: string }> = async (app, { db, contentDir }) => {
  const cutoffs = readCutoffs(contentDir);
  app.route({
    ...apiRoute(app, 'plan', 'get'),
    preHandler: app.requireUser,
    handler: async (request) => studyPlan(db, request.user!, new Date(), cutoffs),
  });
  app.route({
    ...apiRoute(app, 'plan', 'saveSettings'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => saveStudyPlan(db, request.user!, request.body, new Date(), cutoffs),
  });
};
