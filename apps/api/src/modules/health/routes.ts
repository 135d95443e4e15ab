import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@galeno/domain/contracts/health';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } } },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE', 503, 'La base de datos no está disponible.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
