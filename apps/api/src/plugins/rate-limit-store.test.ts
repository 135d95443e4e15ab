import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { rateLimitPlugin } from './rate-limit.ts';
import { freePort } from '../test/server-process.ts';

// The Redis the shared limits are tested against (the one CI and the development machines run).
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const nameSpace = `galeno-test-${randomBytes(4).toString('hex')}:`;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

/** One instance: the limits plugin as the app registers it, and a route allowing 3 requests a minute per address. */
async function instance(redisUrl: string) {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitPlugin, { redisUrl, nameSpace, max: 1000 });
  app.get('/api/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  await app.ready();
  apps.push(app);
  const said = (text: string) => logs.filter((line) => line.includes(text)).length;
  return { app, said };
}

/** How many of `count` requests from `address`, sent to the instances in turn, got through. */
async function admitted(instances: FastifyInstance[], address: string, count: number): Promise<number> {
  let passed = 0;
  for (let i = 0; i < count; i++) {
    const response = await instances[i % instances.length]!.inject({ method: 'GET', url: '/api/limited', remoteAddress: address });
    if (response.statusCode === 200) passed++;
    else expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  }
  return passed;
}

/** A TCP relay to Redis that a test can take down and bring back, as an outage would. */
async function relayToRedis(): Promise<{ url: string; down(): Promise<void>; up(): Promise<void> }> {
  const target = new URL(REDIS_URL);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    up,
    down: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('limits with REDIS_URL', () => {
  it('are shared by the instances while Redis answers', async () => {
    const a = await instance(REDIS_URL);
    const b = await instance(REDIS_URL);
    expect(await admitted([a.app, b.app], '198.51.100.20', 8)).toBe(3);
    expect(a.said('Redis unavailable') + b.said('Redis unavailable')).toBe(0);
  });

  it('fall back to this instance’s memory when Redis cannot be reached (a closed port), logged once', async () => {
    const closed = await freePort();
    const a = await instance(`redis://127.0.0.1:${closed}`);
    // Still limited (not skipped): 3 of 10, the rest refused.
    expect(await admitted([a.app], '198.51.100.21', 10)).toBe(3);
    expect(await admitted([a.app], '198.51.100.22', 5)).toBe(3);
    // ioredis keeps retrying in the background; none of that is logged again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(a.said('Redis unavailable')).toBe(1);
    expect(a.app.rateLimitRedis).not.toBeNull();
    expect(await a.app.rateLimitRedis!.ping()).toBe(false);
  });

  it('keep serving through an outage of Redis, each instance counting alone, and are shared again once it is back', async () => {
    const relay = await relayToRedis();
    const a = await instance(relay.url);
    const b = await instance(relay.url);
    expect(await admitted([a.app, b.app], '198.51.100.30', 6)).toBe(3);

    await relay.down();
    // Every request is answered at once: each instance has its own budget of 3 for the address.
    expect(await admitted([a.app, b.app], '198.51.100.31', 10)).toBe(6);
    expect(a.said('Redis unavailable')).toBe(1);
    expect(b.said('Redis unavailable')).toBe(1);

    await relay.up();
    await until(async () => (await a.app.rateLimitRedis!.ping()) && (await b.app.rateLimitRedis!.ping()));
    expect(await admitted([a.app, b.app], '198.51.100.32', 6)).toBe(3);
    expect(a.said('Redis available again')).toBe(1);
    expect(b.said('Redis available again')).toBe(1);
    expect(a.said('Redis unavailable')).toBe(1);
    await relay.down();
  });
});
