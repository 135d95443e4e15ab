import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import { StatsSummaryQuerySchema, StatsSummarySchema } from '@galeno/domain/contracts/stats';
import type { Db } from '../../db/client.ts';
import { statsSummary } from './service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/summary',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['stats'],
        querystring: StatsSummaryQuerySchema,
        response: { 200: StatsSummarySchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    // A session left open in a closed tab counts once it has been idle long enough (review finding 15): statsSummary
    // saves it first.
    async (request) => statsSummary(db, request.user!, new Date(), request.query.bank),
  );
};
