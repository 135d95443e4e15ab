import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, testDatabaseUrl } from '../config.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/error-handler.ts';
import { createUser, sessionCookieFor } from '../test/factories.ts';
import { migrate, openDatabase } from './client.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('a start with the database unreachable', () => {
  it('prints one clear Spanish line (what, where, what to check) and exits non-zero, without a stack', async () => {
    const child = spawn(path.join(apiRoot, '../../node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: 'postgres://galeno:clave-secreta@127.0.0.1:1/galeno',
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Error al iniciar: no se pudo aplicar las migraciones \(postgres:\/\/galeno:\*\*\*@127\.0\.0\.1:1\/galeno\): .*ECONNREFUSED.*Revisa que PostgreSQL esté en marcha/,
    );
    expect(stderr + stdout).not.toContain('clave-secreta');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});

/** A TCP relay to PostgreSQL that the test can cut and restore, as an outage would. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

const postgresUrl = testDatabaseUrl();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// PGlite runs inside the process and cannot go down; the PostgreSQL run of the suite (CI) checks the outage.
if (postgresUrl)
  describe('a PostgreSQL outage while serving', () => {
    it('answers 503 in Spanish during the outage, never 500, and recovers by itself when the database returns', async () => {
      const url = new URL(postgresUrl!);
      const relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
      cleanups.push(() => relay.close());
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      cleanups.push(async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      const relayed = new URL(postgresUrl!);
      relayed.port = String(relay.port);
      const database = await openDatabase({ databaseUrl: relayed.toString(), searchPath: schema });
      cleanups.push(() => database.close());
      await migrate(database, schema);
      const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent-web-build' }), db: database.db });
      cleanups.push(() => app.close());

      const student = await createUser(database.db);
      const cookies = await sessionCookieFor(database.db, student);
      const profile = () => app.inject({ method: 'GET', url: '/api/user/profile', cookies });
      expect((await profile()).statusCode).toBe(200);

      await relay.cut();
      for (const request of [
        profile(),
        app.inject({ method: 'POST', url: '/api/staggered-auth/request-otp', payload: { email: student.email } }),
        app.inject({ method: 'GET', url: '/api/quiz/clinic-case/specialities', cookies }),
      ]) {
        const response = await request;
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', errorMessage: DATABASE_UNAVAILABLE });
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

      await relay.restore();
      await expect.poll(async () => (await profile()).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
      expect((await profile()).json().subscriptionInfo).toBeDefined();
    }, 60_000);
  });
