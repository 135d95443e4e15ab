import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { statsSummary } from './service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'stats', 'summary'),
    preHandler: app.requireUser,
    // A session left open in a closed tab counts once it has been idle long enough (review finding 15): statsSummary
    // saves it first.
    handler: async (request) => statsSummary(db, request.user!, new Date(), request.query.bank),
  });
};
