import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freePort } from '../../test/server-process.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer ok and ready, with no Redis configured', async () => {
    t = await createTestApp();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not-configured' });
    // The original check keeps its contract.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('check Redis when REDIS_URL is set', async () => {
    t = await createTestApp({ REDIS_URL });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });

  it('is not ready while Redis cannot be reached, though the app keeps serving', async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'REDIS_UNAVAILABLE',
      errorMessage: 'Redis no está disponible: los límites por dirección no se comparten.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

/** A raw connection, so a test can leave a request half sent and finish it later. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    /** Everything received once the server closed the connection. */
    response: async () => {
      await closed;
      return received;
    },
    received: () => received,
  };
}

describe('a stop (app.draining, then app.close)', () => {
  it('fails readiness, finishes the request in flight, serves a request still arriving on an open connection and closes that connection, then closes', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // In flight at the signal: its body is still arriving.
    const body = JSON.stringify({ email: 'nadie@example.com' });
    const inFlight = rawConnection(port);
    await inFlight.write(
      `POST /api/staggered-auth/user/exists HTTP/1.1\r\nHost: galeno.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    // A kept-alive connection whose next request is on its way (its headers are not complete yet).
    const arriving = rawConnection(port);
    await arriving.write('GET /api/health HTTP/1.1\r\nHost: galeno.test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    t.app.draining.begin();
    // Readiness fails at once (the route itself says so to a caller that gets through); liveness still answers.
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'SHUTTING_DOWN',
      errorMessage: 'El servicio se está reiniciando. Intenta nuevamente en unos segundos.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const closing = t.app.close();
    // A new connection is refused once the server stopped listening.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();

    // Served, not refused: through a balancer a 503 would reach the student. The connection ends with it.
    await arriving.write('\r\n');
    const served = await arriving.response();
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
    expect(served.toLowerCase()).toContain('connection: close');
    expect(served).toContain('"status":"ok"');

    await inFlight.write(body.slice(5));
    await closing;
    const answered = inFlight.received();
    expect(answered).toMatch(/^HTTP\/1\.1 200 /);
    expect(answered).toContain('{"exists":false,"fallbackLogin":false}');
  });
});
