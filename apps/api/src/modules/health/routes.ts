import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@galeno/domain/contracts/health';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/** How long one database check answers for. Load balancers poll health often; the database need not be asked each time. */
const PROBE_TTL_MS = 1000;

/** Checks the database at most once per PROBE_TTL_MS; concurrent callers share the check in flight. */
export function createDatabaseProbe(db: Db, ttlMs = PROBE_TTL_MS) {
  let checkedAt = 0;
  let pending: Promise<boolean> | null = null;
  let healthy = false;
  return async function isDatabaseHealthy(now = Date.now()): Promise<boolean> {
    if (now - checkedAt < ttlMs) return healthy;
    pending ??= db
      .execute(sql`select 1`)
      .then(
        () => true,
        () => false,
      )
      .then((result) => {
        healthy = result;
        checkedAt = Date.now();
        pending = null;
        return result;
      });
    return pending;
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const isDatabaseHealthy = createDatabaseProbe(db);
  app.get(
    '/health',
    // Polled often and tiny: no compression hooks at all (issue 21: /api/health keeps its req/s).
    {
      config: { rateLimit: false },
      compress: false,
      schema: { tags: ['health'], response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await isDatabaseHealthy())) throw new AppError('DATABASE_UNAVAILABLE', 503, 'La base de datos no está disponible.');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
