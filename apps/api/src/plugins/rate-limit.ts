import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';

function isApiRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && routeUrl.startsWith('/api/');
}

/**
 * Per-IP limits. Each route's budget belongs to the route (its store is keyed by the route's pattern),
 * so every spelling of a URL that reaches a route spends that route's budget; `canonicalUrl` folds
 * aliases into one route before routing. In process memory by default; in Redis when REDIS_URL is set, so that several
 * instances share one budget. Routes opt in with `config.rateLimit`; the global max is a backstop.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl?: string | undefined; max: number; routeFactor?: number }) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      const { Redis } = await import('ioredis');
      redis = new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
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
      ...(redis ? { redis, nameSpace: 'galeno-rl-', skipOnError: true } : {}),
      errorResponseBuilder: () => tooManyRequests(),
    });
  },
  { name: 'rate-limit' },
);
