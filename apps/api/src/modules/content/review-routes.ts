import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import { HeldItemParamsSchema, HeldItemsResponseSchema, ResolveHeldItemBodySchema, ResolveHeldItemResponseSchema } from '@galeno/domain/contracts/content-review';
import type { Db } from '../../db/client.ts';
import { listHeldItems, resolveHeldItem } from './review.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** The staff queue of imported items held for review (staff only, like /metrics). */
export const contentReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/held', { schema: { tags: ['content-review'], response: { 200: HeldItemsResponseSchema, ...errors } } }, async () => listHeldItems(db));

  app.post(
    '/held/:itemId',
    { schema: { tags: ['content-review'], params: HeldItemParamsSchema, body: ResolveHeldItemBodySchema, response: { 200: ResolveHeldItemResponseSchema, ...errors } } },
    async (request) => resolveHeldItem(db, request.params.itemId, request.body.action),
  );
};
