import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** @fastify/rate-limit's own stores (store/RedisStore.js, store/LocalStore.js), which it ships untyped. */
interface PackageStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PackageStore;
}
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => PackageStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => PackageStore;

/** How long the limits stay in memory after a Redis command failed before Redis is tried again. */
const RETRY_MS = 5000;

/**
 * Limits counted in Redis, shared by every instance, while Redis answers; in this process's memory while it
 * does not, so an outage of Redis loosens the limits (each instance counts alone) instead of lifting them
 * (`skipOnError` lets every request through) or refusing every request. The switch is logged once each way, not
 * once per request. ioredis reconnects by itself; its `ready` brings the shared counts back, and after a failed
 * command (a timeout) Redis is tried again RETRY_MS later.
 */
export function sharedLimits(
  redis: Redis,
  options: { nameSpace: string; log: FastifyBaseLogger; retryMs?: number },
): {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
} {
  const retryMs = options.retryMs ?? RETRY_MS;
  let down = false;
  let retryAt = 0;

  const fellBack = (reason: unknown) => {
    retryAt = Date.now() + retryMs;
    if (down) return;
    down = true;
    options.log.warn({ err: reason }, 'Redis unavailable: rate limits are counted in this instance’s memory until it is back');
  };
  const cameBack = () => {
    if (!down) return;
    down = false;
    options.log.info('Redis available again: rate limits are shared again');
  };
  // ioredis reports each failed (re)connection attempt here; only the first after a good spell is logged.
  redis.on('error', fellBack);
  redis.on('ready', cameBack);

  const useRedis = () => {
    if (redis.status !== 'ready') {
      if (!down) fellBack(new Error(`Redis connection ${redis.status}`));
      return false;
    }
    return !down || Date.now() >= retryAt;
  };

  class FallbackStore implements FastifyRateLimitStore {
    private readonly redisStore: PackageStore;
    private readonly memoryStore: PackageStore;

    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }, stores?: [PackageStore, PackageStore]) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.redisStore = stores?.[0] ?? new RedisStore(continueExceeding, exponentialBackoff, redis, options.nameSpace);
      this.memoryStore = stores?.[1] ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    private count(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      if (!useRedis()) return this.memoryStore[method](key, callback, timeWindow, max);
      this.redisStore[method](
        key,
        (error, result) => {
          if (error) {
            fellBack(error);
            this.memoryStore[method](key, callback, timeWindow, max);
            return;
          }
          cameBack();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('read', key, callback, timeWindow, max);
    }

    // Each route gets its own counters (keyed by its method and pattern), in Redis and in memory alike.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore({}, [this.redisStore.child(routeOptions), this.memoryStore.child(routeOptions)]);
    }
  }

  return { Store: FallbackStore as unknown as FastifyRateLimitStoreCtor };
}
