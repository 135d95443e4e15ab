import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  CreateReportBodySchema,
  CreateReportResponseSchema,
  ReportQueueSchema,
  ResolveReportsBodySchema,
  ResolveReportsParamsSchema,
  ResolveReportsResponseSchema,
} from '@galeno/domain/contracts/reports';
import type { Db } from '../../db/client.ts';
import { createReport, reportQueue, resolveReports } from './service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** "Reportar un error" (any account) and the staff queue that resolves reports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags: ['reports'], body: CreateReportBodySchema, response: { 200: CreateReportResponseSchema, ...errors } },
    },
    async (request) => createReport(db, request.user!, request.body),
  );

  app.get('/', { preHandler: app.requireStaff, schema: { tags: ['reports'], response: { 200: ReportQueueSchema, ...errors } } }, async () =>
    reportQueue(db),
  );

  app.post(
    '/:itemKind/:itemId/resolve',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['reports'],
        params: ResolveReportsParamsSchema,
        body: ResolveReportsBodySchema,
        response: { 200: ResolveReportsResponseSchema, ...errors },
      },
    },
    async (request) => resolveReports(db, request.user!, request.params.itemKind, request.params.itemId, request.body.resolution),
  );
};
