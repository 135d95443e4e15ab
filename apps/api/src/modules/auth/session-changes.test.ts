import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { sessions } from '../../db/schema/auth.ts';
import { users, type User } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { listenForNotifications } from '../../db/notifications.ts';
import { SESSION_CHANGES_CHANNEL } from './session-cache.ts';
import { hashToken } from './sessions.ts';

/**
 * Decision 024 on a real PostgreSQL: an instance keeps the sessions it resolved and drops one as soon as the database
 * announces a change to it or to its account, whoever made the change. A change made with the triggers switched off
 * (session_replication_role = replica, which only a superuser can set) is one the instance cannot hear of: that is
 * how these tests see whether a session came from memory or from the database.
 */
describe.runIf(testDatabaseUrl())('sessions kept by an instance and the database’s change notifications', () => {
  let t: TestApp;
  let student: User;
  let cookies: { galeno_session: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url, cookies });
  const profileStatus = async () => (await get('/api/user/profile')).statusCode;

  /** A session change nobody is told about. */
  async function unannounced(revoked: boolean) {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(sessions)
        .set({ revokedAt: revoked ? new Date() : null })
        .where(eq(sessions.tokenHash, hashToken(cookies.galeno_session)));
    });
  }

  /** A revocation made as any statement makes it (here not through the app): the kept copy goes within moments. */
  async function revokeAnnounced() {
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(cookies.galeno_session)));
    await expect.poll(profileStatus, { timeout: 2000, interval: 20 }).toBe(401);
  }

  const rows = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  /** Waits until the instance serves the session from memory: revoked behind its back, it is still let in. */
  async function untilKept() {
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
  }

  beforeAll(async () => {
    t = await createTestApp();
    student = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it('serves a kept session without reading it, and drops it when the session is revoked anywhere', async () => {
    cookies = await sessionCookieFor(t.database.db, student);
    await untilKept();
    // Revoked behind its back: the study routes still let the student in, from memory...
    await unannounced(true);
    expect(await profileStatus()).toBe(200);
    // ...but what the app trusts about the session itself is always read: user/me says it has ended.
    expect((await get('/api/staggered-auth/user/me')).statusCode).toBe(401);
    await unannounced(false);
    expect((await get('/api/staggered-auth/user/me')).statusCode).toBe(200);

    // An announced revocation ends it within moments; the kept copy would otherwise live a minute.
    await revokeAnnounced();
  });

  it('drops every kept session of an account whose row changes: an access that ended is refused at once', async () => {
    cookies = await sessionCookieFor(t.database.db, student);
    await untilKept();
    // Nothing to draw yet, but the draw was allowed (404, not 403).
    expect((await get('/api/quiz/question/random')).statusCode).toBe(404);
    await t.database.db
      .update(users)
      .set({ membershipEnd: new Date(Date.now() - 60_000) })
      .where(eq(users.id, student.id));
    await expect
      .poll(async () => (await get('/api/quiz/question/random')).json().code, { timeout: 2000, interval: 20 })
      .toBe('MEMBERSHIP_EXPIRED');
    await t.database.db
      .update(users)
      .set({ membershipEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, student.id));
    await expect.poll(async () => (await get('/api/quiz/question/random')).statusCode, { timeout: 2000, interval: 20 }).toBe(404);
  });

  it('keeps nothing while it cannot hear the database, and listens again after its connection is cut', async () => {
    cookies = await sessionCookieFor(t.database.db, student);
    await untilKept();
    const [{ schema }] = (await rows<{ schema: string }>(sql`select current_schema() as schema`)) as [{ schema: string }];
    const listener = `galeno-listen ${SESSION_CHANGES_CHANNEL} ${schema}`;
    expect(await rows(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listener}`)).toHaveLength(1);
    // Once the loss is noticed (and, at the latest, once it listens again) the kept sessions are gone: a revocation
    // nobody announces is seen by the next read. The listener's own test below shows the loss is reported at once.
    await unannounced(true);
    await expect.poll(profileStatus, { timeout: 2000, interval: 20 }).toBe(401);
    await unannounced(false);

    // Listening again (after a backoff), it keeps sessions and hears their changes as before.
    await untilKept();
    await revokeAnnounced();
  });

  it('the listener reports a lost connection before it listens again, and hears every change after', async () => {
    const events: string[] = [];
    const channel = `galeno_test_${Date.now()}`;
    const url = testDatabaseUrl()!;
    const listener = listenForNotifications(
      { connectionString: url, channel },
      {
        message: (keys) => events.push(`message ${keys.join(' ')}`),
        live: (listening) => events.push(listening ? 'listening' : 'lost'),
        warn: () => undefined,
      },
    );
    try {
      await expect.poll(() => events.at(-1), { timeout: 5000 }).toBe('listening');
      // Payloads name their schema; the listener (default search path) hears "public" only.
      await rows(sql`select pg_notify(${channel}, 'elsewhere s:ignored'), pg_notify(${channel}, 'public s:first')`);
      await expect.poll(() => events.filter((event) => event.startsWith('message')), { timeout: 2000 }).toEqual(['message s:first']);

      const name = `galeno-listen ${channel}`;
      expect(await rows(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`)).toHaveLength(1);
      await expect.poll(() => events.slice(2), { timeout: 5000 }).toEqual(['lost', 'listening']);
      await rows(sql`select pg_notify(${channel}, 'public u:second')`);
      await expect.poll(() => events.at(-1), { timeout: 2000 }).toBe('message u:second');
    } finally {
      await listener.close();
    }
    expect(events.at(-1)).toBe('lost');
  });
});
