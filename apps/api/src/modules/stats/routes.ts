import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { sameItems } from './same-items.ts';
import { statsSummary } from './service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'stats', 'summary'),
    preHandler: app.requireUser,
    // A session left open in a closed tab counts once it has been idle long enough (review finding 15): statsSummary
    // saves it first.
    handler: async (request) => statsSummary(db, request.user!, new Date(), request.query.bank),
  });

  // Issue 40: asked by the statistics page after its summary, so the summary stays one quick read.
  app.route({
    ...apiRoute(app, 'stats', 'sameItems'),
    preHandler: app.requireUser,
    handler: async (request) => sameItems(db, request.user!.id),
  });
};
