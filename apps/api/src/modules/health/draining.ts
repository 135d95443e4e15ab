import { createServer, type Server } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Once a stop began (SIGTERM or SIGINT), readiness fails and connections end after their request (docs/deployment.md). */
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
 * The HTTP server Fastify runs on, with one change once a stop began: every response says `connection: close`, so a
 * kept-alive connection ends with the request it carries. A request that still arrives on an open connection (a
 * balancer reuses its connections) is served as usual: the instance still has its database until the requests in
 * flight are done, and a 503 there would reach the student through the balancer (issue 22: a stop leaves no request
 * with a 5xx). New connections are refused from the start (`app.close()` stops listening), which a balancer retries
 * on another instance. A boolean test per request, so `/api/health` keeps its throughput (no Fastify hook).
 */
export function drainingServerFactory(draining: Draining): FastifyServerFactory<Server> {
  return (handler, options) => {
    const server = createServer((request, response) => {
      if (draining.started) response.setHeader('connection', 'close');
      handler(request, response);
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
