import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { createReport, reportQueue, resolveReports } from './service.ts';

/** "Reportar un error" (any account) and the staff queue that resolves reports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'reports', 'create'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    handler: async (request) => createReport(db, request.user!, request.body),
  });

  app.route({
    ...apiRoute(app, 'reports', 'queue'),
    preHandler: app.requireStaff,
    handler: async () => reportQueue(db),
  });

  app.route({
    ...apiRoute(app, 'reports', 'resolve'),
    preHandler: app.requireStaff,
    handler: async (request) => resolveReports(db, request.user!, request.params.itemKind, request.params.itemId, request.body.resolution),
  });
};
