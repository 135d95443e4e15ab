import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { markChangesSeen, myChanges, publicChanges } from './changes.ts';

/** «Novedades del banco» (issue 39): the public record of changes, and each student's notice on her home. */
export const changesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'content', 'changes'),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (_request, reply) => {
      // Public and the same for everyone: a minute in shared caches is fresh enough.
      reply.header('cache-control', 'public, max-age=60');
      return publicChanges(db);
    },
  });
  app.route({ ...apiRoute(app, 'content', 'myChanges'), preHandler: app.requireUser, handler: async (request) => myChanges(db, request.user!) });
  app.route({
    ...apiRoute(app, 'content', 'seenChanges'),
    preHandler: app.requireUser,
    handler: async (request) => {
      await markChangesSeen(db, request.user!);
      return { success: true as const };
    },
  });
};
