import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { READINESS_FAILURE_CODES } from '@galeno/domain/contracts/health';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { SHUTTING_DOWN, type Draining } from './draining.ts';

/** How long one database check answers for. Load balancers poll health often; the database need not be asked each time. */
const PROBE_TTL_MS = 1000;

/**
 * How long a caller waits for a check before counting it failed: a database gone silent (no answer, no error) must
 * not hold the health check for as long as the driver waits (issue 34, F17: it hung 25 s). Balancers time out at 2 s.
 */
const PROBE_ANSWER_MS = 1500;

/**
 * Asks `check` at most once per `ttlMs`; concurrent callers share the check in flight, and a check still unanswered
 * after `answerMs` counts as failed for its callers (one check stays in flight, however often the probe is asked).
 */
function cachedProbe(check: () => Promise<unknown>, ttlMs: number, answerMs = PROBE_ANSWER_MS) {
  let checkedAt = 0;
  let pending: Promise<boolean> | null = null;
  let healthy = false;
  return async function probe(now = Date.now()): Promise<boolean> {
    if (now - checkedAt < ttlMs) return healthy;
    pending ??= check()
      .then(
        (result) => result !== false,
        () => false,
      )
      .then((result) => {
        healthy = result;
        checkedAt = Date.now();
        pending = null;
        return result;
      });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), answerMs)));
    try {
      return await Promise.race([pending, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Checks the database at most once per PROBE_TTL_MS; concurrent callers share the check in flight. */
export function createDatabaseProbe(db: Db, ttlMs = PROBE_TTL_MS, answerMs = PROBE_ANSWER_MS) {
  return cachedProbe(() => db.execute(sql`select 1`), ttlMs, answerMs);
}

const notReady = (code: (typeof READINESS_FAILURE_CODES)[number], message: string) => new AppError(code, 503, message);

// Polled often and tiny: no rate limit and no compression hooks at all (issue 21: /api/health keeps its req/s).
const probeRoute = { config: { rateLimit: false }, compress: false } as const;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; draining: Draining }> = async (app, { db, draining }) => {
  const isDatabaseHealthy = createDatabaseProbe(db);
  const redis = app.rateLimitRedis;
  const isRedisHealthy = redis ? cachedProbe(() => redis.ping(), PROBE_TTL_MS) : null;

  app.route({
    ...apiRoute(app, 'health', 'health'),
    ...probeRoute,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await isDatabaseHealthy())) throw new AppError('DATABASE_UNAVAILABLE', 503, 'La base de datos no está disponible.');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  // Liveness: the process answers. No I/O, so an outage of the database never gets a working process restarted.
  app.route({
    ...apiRoute(app, 'health', 'live'),
    ...probeRoute,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });

  // Readiness: whether a balancer should send this instance traffic. Not once a stop began (server.ts), so it drains.
  app.route({
    ...apiRoute(app, 'health', 'ready'),
    ...probeRoute,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (draining.started) throw notReady(SHUTTING_DOWN.code, SHUTTING_DOWN.message);
      const [database, redisUp] = await Promise.all([isDatabaseHealthy(), isRedisHealthy?.() ?? null]);
      if (!database) throw notReady('DATABASE_UNAVAILABLE', 'La base de datos no está disponible.');
      if (redisUp === false) throw notReady('REDIS_UNAVAILABLE', 'Redis no está disponible: los límites por dirección no se comparten.');
      if (draining.started) throw notReady(SHUTTING_DOWN.code, SHUTTING_DOWN.message);
      return { status: 'ready' as const, database: 'ok' as const, redis: redisUp ? ('ok' as const) : ('not-configured' as const) };
    },
  });
};
