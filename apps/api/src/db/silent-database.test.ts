import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, testDatabaseUrl } from '../config.ts';
import { sessions } from './schema/auth.ts';
import { hashToken } from '../modules/auth/sessions.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/error-handler.ts';
import { createUser, sessionCookieFor } from '../test/factories.ts';
import { migrate, openDatabase, type Database } from './client.ts';
import { listenForNotifications } from './notifications.ts';

type Mode = 'normal' | 'silent' | 'listener-frozen';

/**
 * A TCP relay to PostgreSQL that can go silent without closing anything, as a stuck proxy, a NAT or a frozen host
 * does: the sockets stay open and ACK, and no byte comes back. `listener-frozen` silences only the connections whose
 * startup names them `galeno-listen …` (db/notifications.ts); `silent` every connection, old and new.
 */
async function startSilenceableRelay(target: { host: string; port: number }) {
  let mode: Mode = 'normal';
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    let listener: boolean | undefined;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      listener ??= chunk.includes('galeno-listen');
      if (mode !== 'silent') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'silent' || (mode === 'listener-frozen' && listener)) return;
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    set(next: Mode) {
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const postgresUrl = testDatabaseUrl();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh schema, opened through a relay the test can silence. */
async function relayedDatabase(timeoutMs?: number) {
  const url = new URL(postgresUrl!);
  const relay = await startSilenceableRelay({ host: url.hostname, port: Number(url.port || 5432) });
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
  const database = await openDatabase({ databaseUrl: relayed.toString(), searchPath: schema, timeoutMs });
  cleanups.push(() => database.close());
  await migrate(database, schema);
  return { relay, database, admin, schema, relayedUrl: relayed.toString() };
}

/** The app on `database`; `withSessionCache` lets it keep sessions (decision 024), which the first test leaves out. */
async function appOn(database: Database, withSessionCache = true) {
  const listen = withSessionCache ? database.listen : undefined;
  const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent-web-build' }), db: database.db, listen });
  cleanups.push(() => app.close());
  return app;
}

const timed = async <T>(work: Promise<T>) => {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
};

// PGlite lives inside the process and cannot go silent; the PostgreSQL run of the suite checks it.
describe.runIf(postgresUrl)('a PostgreSQL that goes silent without closing its connections', () => {
  it('health answers 503 within 2 s, requests 503 within seconds, slow statements are cancelled, and all recovers', async () => {
    const { relay, database } = await relayedDatabase(1000);
    // Every request reads its session, so each one below meets the silence.
    const app = await appOn(database, false);
    const student = await createUser(database.db);
    const cookies = await sessionCookieFor(database.db, student);
    const profile = () => app.inject({ method: 'GET', url: '/api/user/profile', cookies });
    expect((await profile()).statusCode).toBe(200);

    // A statement past its bound is cancelled by the server, on a connection that stays good.
    await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toThrow();
    expect((await profile()).statusCode).toBe(200);

    relay.set('silent');
    // The health check's cached answer is at most a second old.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const health = await timed(app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.result.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(2000);

    for (const request of [
      profile(),
      app.inject({ method: 'POST', url: '/api/staggered-auth/request-otp', payload: { email: student.email } }),
    ]) {
      const { result, ms } = await timed(request);
      expect(result.statusCode).toBe(503);
      expect(result.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', errorMessage: DATABASE_UNAVAILABLE });
      // A connection attempt or a statement bound (1 s) plus the driver's grace, at most twice within a transaction.
      expect(ms).toBeLessThan(5000);
    }

    relay.set('normal');
    await expect.poll(async () => (await profile()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 5000 }).toBe(200);
  }, 60_000);

  it('the listener hears its connection has gone silent within 5 s, and listens again once it answers', async () => {
    const { relay, relayedUrl, schema } = await relayedDatabase();
    const events: string[] = [];
    const channel = `galeno_test_${Date.now()}`;
    const listener = listenForNotifications(
      { connectionString: relayedUrl, searchPath: schema, channel },
      {
        message: (keys) => events.push(`message ${keys.join(' ')}`),
        live: (listening) => events.push(listening ? 'listening' : 'lost'),
        warn: () => undefined,
      },
    );
    cleanups.push(() => listener.close());
    await expect.poll(() => events.at(-1), { timeout: 5000 }).toBe('listening');

    relay.set('listener-frozen');
    const { ms } = await timed(expect.poll(() => events.at(-1), { timeout: 6000, interval: 50 }).toBe('lost'));
    expect(ms).toBeLessThan(5000);

    relay.set('normal');
    await expect.poll(() => events.at(-1), { timeout: 10_000 }).toBe('listening');
  }, 30_000);

  it('an instance whose listener stalls stops serving kept sessions within 5 s: a revocation it never hears is honoured', async () => {
    const { relay, database, admin, schema } = await relayedDatabase();
    const app = await appOn(database);
    const student = await createUser(database.db);
    const cookies = await sessionCookieFor(database.db, student);
    const profileStatus = async () => (await app.inject({ method: 'GET', url: '/api/user/profile', cookies })).statusCode;

    /** A session change the triggers do not announce (only a superuser can switch them off). */
    const unannounced = async (revoked: boolean) => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx
          .update(sessions)
          .set({ revokedAt: revoked ? new Date() : null })
          .where(eq(sessions.tokenHash, hashToken(cookies.galeno_session)));
      });
    };
    // Kept: revoked behind its back, the session is still let in from memory.
    await expect
      .poll(
        async () => {
          expect(await profileStatus()).toBe(200);
          await unannounced(true);
          const status = await profileStatus();
          await unannounced(false);
          return status;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(200);

    relay.set('listener-frozen');
    // Revoked and announced, but the announcement never reaches this instance.
    await admin.query(`update ${schema}.sessions set revoked_at = now() where token_hash = $1`, [hashToken(cookies.galeno_session)]);
    const { ms } = await timed(expect.poll(profileStatus, { timeout: 6000, interval: 50 }).toBe(401));
    expect(ms).toBeLessThan(5000);
    // Nothing is kept meanwhile: a session it reads now is read again on every request.
    await unannounced(false);
    expect(await profileStatus()).toBe(200);
    await unannounced(true);
    expect(await profileStatus()).toBe(401);
  }, 30_000);
});
