import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';
import { clientNetwork } from './rate-limit-key.ts';
import { sharedLimits } from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis the limits are shared in (REDIS_URL), for readiness; null when none is configured. */
    rateLimitRedis: { ping(): Promise<boolean> } | null;
  }
}

function isApiRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && routeUrl.startsWith('/api/');
}

/** Resolves once the first connection attempt is over (or after `ms`), so the first requests find Redis ready. */
function firstAttempt(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    }
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/**
 * Per-IP limits. Each route's budget belongs to the route (its store is keyed by the route's pattern),
 * so every spelling of a URL that reaches a route spends that route's budget; `canonicalUrl` folds
 * aliases into one route before routing. In process memory by default; in Redis when REDIS_URL is set, so that several
 * instances share one budget, falling back to memory while Redis is unreachable (rate-limit-store.ts). Routes opt in
 * with `config.rateLimit`; the global max is a backstop.
 */
export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    options: { redisUrl?: string | undefined; nameSpace?: string | undefined; max: number; routeFactor?: number },
  ) => {
    let limits: ReturnType<typeof sharedLimits> | undefined;
    if (options.redisUrl) {
      const { Redis } = await import('ioredis');
      // No offline queue and a short command timeout: while Redis is away a request is counted in memory at once.
      const redis = new Redis(options.redisUrl, {
        connectTimeout: 1000,
        commandTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      });
      limits = sharedLimits(redis, { nameSpace: options.nameSpace ?? 'galeno-rl-', log: app.log });
      await firstAttempt(redis, 1500);
      app.decorate('rateLimitRedis', {
        ping: () =>
          redis.status === 'ready'
            ? redis.ping().then(
                () => true,
                () => false,
              )
            : Promise.resolve(false),
      });
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit().catch(() => undefined);
        redis.disconnect();
      });
    } else {
      app.decorate('rateLimitRedis', null);
    }
    // Added before the limiter's own onRoute hook, so it sees the scaled budgets.
    const factor = options.routeFactor ?? 1;
    if (factor !== 1) {
      app.addHook('onRoute', (route) => {
        const config = route.config as { rateLimit?: { max?: unknown } } | undefined;
        const limit = config?.rateLimit;
        // A new object: route options are often shared constants, and another app in the process must keep its own.
        if (config && limit && typeof limit.max === 'number') config.rateLimit = { ...limit, max: limit.max * factor };
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      // Only the API is limited, judged by the route the request reached (never by how its URL is spelled).
      allowList: (request) => !isApiRoute(request.routeOptions.url),
      keyGenerator: (request) => clientNetwork(request.ip),
      ...(limits ? { store: limits.Store } : {}),
      errorResponseBuilder: () => tooManyRequests(),
    });
  },
  { name: 'rate-limit' },
);
