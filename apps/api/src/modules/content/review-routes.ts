import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { listHeldItems, resolveHeldItem } from './review.ts';

/** The staff queue of imported items held for review (staff only, like /metrics). */
export const contentReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireStaff);

  app.route({
    ...apiRoute(app, 'content', 'heldItems'),
    handler: async () => listHeldItems(db),
  });

  app.route({
    ...apiRoute(app, 'content', 'resolveHeldItem'),
    handler: async (request) => resolveHeldItem(db, request.params.itemId, request.body.action),
  });
};
