import { createServer, type Server } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Once a stop began (SIGTERM or SIGINT), readiness fails and new requests are turned away (docs/deployment.md). */
export interface Draining {
  readonly started: boolean;
  begin(): void;
  /** Runs `listener` when the stop begins (at once when it already has). */
  whenBegun(listener: () => void): void;
}

export const SHUTTING_DOWN = {
  code: 'SHUTTING_DOWN',
  message: 'El servicio se está reiniciando. Intenta nuevamente en unos segundos.',
} as const;

const REFUSAL = JSON.stringify({ errorMessage: SHUTTING_DOWN.message, code: SHUTTING_DOWN.code });

/** How often, while stopping, connections left idle by an answered request are closed. */
const REAP_MS = 100;

export function createDraining(): Draining {
  let started = false;
  const listeners: Array<() => void> = [];
  return {
    get started() {
      return started;
    },
    begin() {
      if (started) return;
      started = true;
      for (const listener of listeners.splice(0)) listener();
    },
    whenBegun(listener) {
      if (started) listener();
      else listeners.push(listener);
    },
  };
}

/**
 * The HTTP server Fastify runs on, with one check in front of it. Once a stop began, a request that still arrives
 * (on a kept-alive connection the balancer had open, or pipelined behind one in flight) is answered 503 in our error
 * shape with `connection: close`, before any hook or route runs: Fastify's own answer while closing has another shape.
 * Requests already in flight are not affected; `app.close()` waits for them. A boolean test per request, so
 * `/api/health` keeps its throughput (no Fastify hook is added).
 */
export function drainingServerFactory(draining: Draining): FastifyServerFactory<Server> {
  return (handler, options) => {
    const server = createServer((request, response) => {
      if (!draining.started) return handler(request, response);
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(REFUSAL),
        'cache-control': 'no-store',
        'retry-after': '5',
        connection: 'close',
      });
      response.end(REFUSAL);
    });
    // `close()` ends the connections idle at that moment only: one whose request was in flight stays open after its
    // answer until its keep-alive timeout (72 s). While stopping, such connections are closed as they fall idle.
    draining.whenBegun(() => {
      const reaper = setInterval(() => server.closeIdleConnections(), REAP_MS);
      reaper.unref();
      server.once('close', () => clearInterval(reaper));
    });
    // What Fastify sets on a server it creates itself (fastify/lib/server.js).
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
}
