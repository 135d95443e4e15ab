import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';

/**
 * Per-IP limits. In process memory by default; in Redis when REDIS_URL is set, so that several
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
        const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
        if (limit && typeof limit.max === 'number') limit.max *= factor;
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      // Skip the static SPA: only the API is limited.
      allowList: (request) => !request.url.startsWith('/api/'),
      ...(redis ? { redis, nameSpace: 'galeno-rl-', skipOnError: true } : {}),
      errorResponseBuilder: () => tooManyRequests(),
    });
  },
  { name: 'rate-limit' },
);
