import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './config.ts';
import { generateBank, writeBank } from './test/bank.ts';
import { spawnServer, type ServerProcess } from './test/server-process.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from './test/smtp-sink.ts';
import { startStripeStandIn, type StripeStandIn } from './test/stripe-stand-in.ts';

/**
 * Two real server processes (server.ts, as `npm start` runs it) on one fresh PostgreSQL database and one Redis, as
 * behind a load balancer: they start together on the empty database (the boot lock), then every flow alternates
 * between them. Runs in the PostgreSQL pass of the API suite (PGlite belongs to one process); needs the Redis at
 * TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
const postgresUrl = testDatabaseUrl();
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const WEBHOOK_SECRET = 'whsec_two_instances';
const migrationsJournal = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db/migrations/meta/_journal.json');

interface Answer {
  status: number;
  // Whatever JSON the route answered (as `inject().json()` gives it); each test reads the fields it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

describe.runIf(postgresUrl)('two instances on one PostgreSQL and one Redis', () => {
  const databaseName = `galeno_two_${randomBytes(5).toString('hex')}`;
  const nameSpace = `galeno-test-${randomBytes(4).toString('hex')}:`;
  let databaseUrl: string;
  let pool: pg.Pool;
  let redis: Redis;
  let smtp: SmtpSink;
  let stripe: StripeStandIn;
  let contentDir: string;
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let accounts = 0;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: Error) => {
      throw new Error(`this test needs Redis at ${REDIS_URL} (TEST_REDIS_URL): ${error.message}`);
    });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

    smtp = await startSmtpSink();
    stripe = await startStripeStandIn();
    contentDir = mkdtempSync(path.join(tmpdir(), 'galeno-two-content-'));
    const bank = generateBank({ cases: 4, questionsPerCase: 2, singles: 6, prefix: 'two' });
    bank['discount-quiz'] = [1, 2, 3].map((n) => ({
      id: `two-dq-${n}`,
      question: `¿Pregunta ${n} del quiz de descuento?`,
      options: ['A', 'B', 'C', 'D'].map((text) => ({ type: 'text' as const, text: `Opción ${text}` })),
      correctIndex: n % 4,
      explanation: 'La opción correcta es la indicada por la guía.',
      tags: { especialidad: 'Cirugía', tema: 'Apendicitis aguda', dificultad: 'Fácil' },
    }));
    writeBank(contentDir, bank);

    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      RATE_LIMIT_NAMESPACE: nameSpace,
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_two_instances',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      CONTENT_DIR: contentDir,
      APP_ORIGIN: 'http://galeno.test',
      APP_SECRET: 'a-secret-both-instances-share-0123456789',
      // The test speaks from 127.0.0.1 as the balancer would, and names each flow's client in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
    };
    // Both at the same moment, on the empty database: their migrations and content loads meet.
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    await Promise.all(servers.map((server) => server.ready()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await pool?.end();
    if (postgresUrl) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    if (redis?.status === 'ready') {
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await smtp?.close();
    await stripe?.close();
    if (contentDir) rmSync(contentDir, { recursive: true, force: true });
  }, 30_000);

  /** A browser behind the balancer: its own address and cookies, each request sent to the instance it names. */
  function browser(address: string) {
    const cookies = new Map<string, string>();
    return async function call(instance: 0 | 1, method: string, url: string, body?: unknown): Promise<Answer> {
      const response = await fetch(`${servers[instance]!.url}/api${url}`, {
        method,
        redirect: 'manual',
        headers: {
          'x-forwarded-for': address,
          ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      const text = await response.text();
      return {
        status: response.status,
        json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
      };
    };
  }

  /** A student who signed up on one instance and logged in with the e-mailed code on the other. */
  async function signedInStudent(address: string) {
    const call = browser(address);
    const email = `estudiante${++accounts}-${Date.now()}@example.com`;
    const since = smtp.messages.length;
    const signup = await call(0, 'POST', '/staggered-auth/user/signup', {
      email,
      name: 'Mariana Torres',
      dateOfBirth: '1998-04-15',
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
    });
    expect(signup.status, JSON.stringify(signup.json)).toBe(200);
    const mail = await smtp.waitFor(email, { since });
    const login = await call(1, 'POST', '/staggered-auth/login/otp', { email, otpCode: codeFromSubject(mail.subject) });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    return { call, email, id: login.json.authUser.id as string };
  }

  it('both start together on the empty database and each migration is applied once (the boot lock)', async () => {
    const journal = JSON.parse(readFileSync(migrationsJournal, 'utf8')) as { entries: unknown[] };
    const { rows } = await pool.query<{ hash: string; times: number }>(
      'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
    );
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => row.times === 1)).toBe(true);
    // The content was loaded once too: each of the bank's items is there once.
    const { rows: questions } = await pool.query<{ total: number }>('select count(*)::int as total from discount_quiz_questions');
    expect(questions[0]!.total).toBe(3);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    }
  });

  it('a session opened on one instance is valid on the other, and a logout on either ends it on both', async () => {
    const { call, email } = await signedInStudent('203.0.113.10');
    for (const instance of [0, 1] as const) {
      const me = await call(instance, 'GET', '/staggered-auth/user/me');
      expect(me.status).toBe(200);
      expect(me.json.authUser.email).toBe(email);
    }
    expect((await call(0, 'POST', '/staggered-auth/logout')).status).toBe(200);
    for (const instance of [0, 1] as const) expect((await call(instance, 'GET', '/staggered-auth/user/me')).status).toBe(401);
  });

  it('a session one instance keeps in memory ends there as soon as another device logs out everywhere through the other (decision 024)', async () => {
    const { call: phone, email, id } = await signedInStudent('203.0.113.11');
    // A change nobody is told about (triggers off): how the test sees that instance 1 serves the session from memory.
    const unannounced = async (revoked: boolean) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local session_replication_role = replica');
        await client.query('update sessions set revoked_at = $1 where user_id = $2', [revoked ? new Date() : null, id]);
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    await expect
      .poll(
        async () => {
          expect((await phone(1, 'GET', '/user/profile')).status).toBe(200);
          await unannounced(true);
          const status = (await phone(1, 'GET', '/user/profile')).status;
          await unannounced(false);
          return status;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(200);

    // The same student on a laptop: a code login on instance 0, then «Cerrar sesión en todos los dispositivos».
    const laptop = browser('203.0.113.12');
    const since = smtp.messages.length;
    expect((await laptop(0, 'POST', '/staggered-auth/request-otp', { email })).status).toBe(200);
    const mail = await smtp.waitFor(email, { since });
    expect((await laptop(0, 'POST', '/staggered-auth/login/otp', { email, otpCode: codeFromSubject(mail.subject) })).status).toBe(200);
    expect((await laptop(0, 'POST', '/staggered-auth/logout-all')).status).toBe(200);
    // Instance 1 heard it from the database: the phone's kept session is refused within moments, not after a minute.
    await expect.poll(async () => (await phone(1, 'GET', '/user/profile')).status, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('shares a per-address limit: 10 code requests a minute in all, not 10 on each instance', async () => {
    const call = browser('203.0.113.20');
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await call((i % 2) as 0 | 1, 'POST', '/staggered-auth/request-otp', { email: `nadie${i}@example.com` });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect((await redis.keys(`${nameSpace}*`)).length).toBeGreaterThan(0);
  });

  it('shares an account’s budget of wrong birth dates: 10 an hour across both, however the guesses are spread', async () => {
    const { email } = await signedInStudent('203.0.113.30');
    const guesser = browser('203.0.113.31');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        guesser((i % 2) as 0 | 1, 'POST', '/staggered-auth/login/birthdate', {
          email,
          birthdate: `1990-01-${String(i + 1).padStart(2, '0')}`,
          phoneNumber: '5512345678',
        }),
      ),
    );
    const codes = answers.map((answer) => answer.json.code as string);
    expect(codes.filter((code) => code === 'BIRTHDATE_WRONG')).toHaveLength(10);
    expect(codes.filter((code) => code === 'KNOWLEDGE_LOGIN_LOCKED')).toHaveLength(6);
    // Locked on both, the right date included.
    for (const instance of [0, 1] as const) {
      const right = await guesser(instance, 'POST', '/staggered-auth/login/birthdate', {
        email,
        birthdate: '1998-04-15',
        phoneNumber: '5512345678',
      });
      expect(right.json.code).toBe('KNOWLEDGE_LOGIN_LOCKED');
    }
  });

  // The group bought here is used by the next test.
  let owner: Awaited<ReturnType<typeof signedInStudent>>;

  it('fulfils a payment once when Stripe delivers its webhook to both instances at once', async () => {
    owner = await signedInStudent('203.0.113.40');
    const checkout = await owner.call(0, 'POST', '/payments/stripe-checkout-session', {
      studentId: owner.id,
      membershipTypeSelected: '6-months',
      membershipMode: 'group',
    });
    expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
    const sessionId = /pay\/(cs_test_\d+)/.exec(checkout.json.sessionUrl)![1]!;
    stripe.pay(sessionId);

    const deliver = paidEvent(sessionId);
    const since = smtp.messages.length;
    const deliveries = await Promise.all(Array.from({ length: 6 }, (_, i) => deliver((i % 2) as 0 | 1)));
    expect(deliveries).toEqual(Array(6).fill(200));

    const { rows: paid } = await pool.query('select status from payments where checkout_session_id = $1', [sessionId]);
    expect(paid).toEqual([{ status: 'paid' }]);
    const { rows: groups } = await pool.query('select id from group_memberships where owner_user_id = $1', [owner.id]);
    expect(groups).toHaveLength(1);
    await smtp.waitFor(owner.email, { since, subject: /^Tu recibo/ });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.slice(since).filter((mail) => mail.to === owner.email && /^Tu recibo/.test(mail.subject))).toHaveLength(1);
  });

  it('holds a group to its 4 invitations when they arrive at both instances at once', async () => {
    const invites = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        owner.call((i % 2) as 0 | 1, 'POST', '/group-membership/affiliates', {
          affiliateEmail: `invitada${i}-${Date.now()}@example.com`,
          affiliateAlias: `Invitada ${i}`,
        }),
      ),
    );
    expect(invites.filter((invite) => invite.status === 200)).toHaveLength(4);
    expect(invites.filter((invite) => invite.json.code === 'GROUP_FULL')).toHaveLength(3);
    const { rows } = await pool.query(
      'select count(*)::int as seats from group_members where group_id in (select id from group_memberships where owner_user_id = $1)',
      [owner.id],
    );
    expect(rows[0].seats).toBe(4);
  });

  it('lets an account answer the discount quiz once a day across both instances', async () => {
    const { call, id } = await signedInStudent('203.0.113.50');
    const question = await call(0, 'GET', '/discount-quiz/question/random');
    expect(question.status).toBe(200);
    const answers = await Promise.all(
      ([0, 1, 0, 1] as const).map((instance) =>
        call(instance, 'POST', '/discount-quiz/evaluations/save', { questionId: question.json.id, answerIndexSelected: 0 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    // A new question served by the other instance cannot be answered the same day either.
    const another = await call(1, 'GET', '/discount-quiz/question/random');
    const again = await call(0, 'POST', '/discount-quiz/evaluations/save', { questionId: another.json.id, answerIndexSelected: 1 });
    expect(again.json.code).toBe('ALREADY_PARTICIPATED_TODAY');
    const { rows } = await pool.query('select count(*)::int as attempts from discount_quiz_attempts where user_id = $1', [id]);
    expect(rows[0].attempts).toBe(1);
  });

  it('continues on one instance an exam started on the other', async () => {
    const { call } = await signedInStudent('203.0.113.60');
    const exam = await call(0, 'POST', '/quiz/exams', { count: 5, mode: 'tutor' });
    expect(exam.status, JSON.stringify(exam.json)).toBe(200);
    const id = exam.json.quizSessionId as string;
    const listed = await call(0, 'GET', `/quiz/sessions/${id}/questions`);
    const ids = listed.json.items.map((item: { question: { id: string } }) => item.question.id) as string[];
    expect(ids).toHaveLength(5);
    const first = await call(0, 'POST', '/quiz/evaluate/question', { questionId: ids[0], selectedOption: 0, quizSessionId: id });
    expect(first.status, JSON.stringify(first.json)).toBe(200);

    const open = await call(1, 'GET', '/quiz/sessions/open');
    expect(open.json.session).toMatchObject({ quizSessionId: id, kind: 'exam', total: 5, answered: 1 });
    expect((await call(1, 'GET', `/quiz/sessions/${id}/questions`)).json.answeredIds).toEqual([ids[0]]);
    const second = await call(1, 'POST', '/quiz/evaluate/question', { questionId: ids[1], selectedOption: 1, quizSessionId: id });
    expect(second.status).toBe(200);
    expect((await call(0, 'GET', '/quiz/sessions/open')).json.session).toMatchObject({ quizSessionId: id, answered: 2 });
  });

  /** A signed Stripe event telling that a checkout was paid, as Stripe delivers it. */
  function paidEvent(sessionId: string) {
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: {} } },
    });
    const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return (instance: 0 | 1) =>
      fetch(`${servers[instance]!.url}/api/payments/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).then((response) => response.status);
  }

  it('restarts an instance under load (SIGTERM, then a new process): no request gets a 5xx, no graded answer or payment is lost', async () => {
    // The balancer of deploy/Caddyfile: round robin, and a request that could not reach an instance (refused, or its
    // kept-alive connection closed before any answer) tried on the other one (lb_try_duration).
    let turn = 0;
    let retried = 0;
    async function balanced<T>(send: (instance: 0 | 1) => Promise<T>): Promise<T> {
      const first = (turn++ % 2) as 0 | 1;
      try {
        return await send(first);
      } catch {
        retried++;
        return send((1 - first) as 0 | 1);
      }
    }

    const students = await Promise.all([70, 71, 72, 73, 74, 75].map((n) => signedInStudent(`203.0.113.${n}`)));
    const checkouts: string[] = [];
    for (const student of students.slice(0, 2)) {
      const checkout = await student.call(0, 'POST', '/payments/stripe-checkout-session', {
        studentId: student.id,
        membershipTypeSelected: '6-months',
        membershipMode: 'single',
      });
      expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
      const sessionId = /pay\/(cs_test_\d+)/.exec(checkout.json.sessionUrl)![1]!;
      stripe.pay(sessionId);
      checkouts.push(sessionId);
    }

    // Each student draws and grades cases in a quick quiz, about ten requests a second, until told to stop.
    const statuses: number[] = [];
    const graded = new Set<string>();
    let loading = true;
    const load = students.map(async (student) => {
      const session = await balanced((instance) => student.call(instance, 'POST', '/quiz/sessions', { kind: 'quick' }));
      statuses.push(session.status);
      const quizSessionId = session.json.quizSessionId as string;
      while (loading) {
        const drawn = await balanced((instance) =>
          student.call(instance, 'GET', `/quiz/clinic-case/random?quizSessionId=${quizSessionId}`),
        );
        statuses.push(drawn.status);
        const questionIds = (drawn.json.questions ?? []).map((question: { id: string }) => question.id) as string[];
        const grading = await balanced((instance) =>
          student.call(instance, 'POST', '/quiz/evaluate/clinic-case', {
            clinicCaseId: drawn.json.id,
            quizSessionId,
            selectedOptions: questionIds.map((questionId) => ({ questionId, optionSelectedIndex: 0 })),
          }),
        );
        statuses.push(grading.status);
        if (grading.status === 200) for (const questionId of questionIds) graded.add(`${quizSessionId}/${questionId}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stopping = servers[1]!;
    stopping.signal('SIGTERM');
    // Stripe delivers two payments while the instance stops.
    const deliveries = await Promise.all(checkouts.map((sessionId) => balanced(paidEvent(sessionId))));
    expect(await stopping.exited).toBe(0);
    const before = statuses.length;
    // The new process of a rolling deploy takes the instance's place; the load goes on over both.
    const replacement = await spawnServer(env);
    await replacement.ready();
    servers[1] = replacement;
    await stopping.kill();
    const servedByReplacement = await students[0]!.call(1, 'GET', '/staggered-auth/user/me');
    expect(servedByReplacement.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    loading = false;
    await Promise.all(load);

    expect(statuses.length).toBeGreaterThan(before);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(deliveries).toEqual([200, 200]);
    expect(graded.size).toBeGreaterThan(20);
    // Every answer graded 200 is stored, and every delivered payment is paid.
    const { rows } = await pool.query<{ key: string }>(
      "select quiz_session_id || '/' || question_id as key from answers where user_id = any($1)",
      [students.map((student) => student.id)],
    );
    const stored = new Set(rows.map((row) => row.key));
    expect([...graded].filter((key) => !stored.has(key))).toEqual([]);
    const { rows: paid } = await pool.query('select status from payments where checkout_session_id = any($1)', [checkouts]);
    expect(paid).toEqual([{ status: 'paid' }, { status: 'paid' }]);
    expect(stopping.output()).not.toMatch(/"level":50|shutdown failed/);
    // The balancer had to retry some requests elsewhere (the stopped instance refused them), which is what it is for.
    expect(retried).toBeGreaterThan(0);
  }, 60_000);

  it('stops on SIGTERM: the request in flight finishes, one still arriving on an open connection is served, and the process exits 0', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const raw = (port: number) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => undefined);
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      return {
        write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
        received: () => received,
        closed,
      };
    };
    const body = JSON.stringify({ email: 'nadie@example.com' });
    const inFlight = raw(first.port);
    await inFlight.write(
      `POST /api/staggered-auth/user/exists HTTP/1.1\r\nHost: galeno.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 4)}`,
    );
    const arriving = raw(first.port);
    await arriving.write('GET /api/health/live HTTP/1.1\r\nHost: galeno.test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stoppedAt = Date.now();
    first.signal('SIGTERM');
    // The listening socket closes at once: new connections are refused.
    const deadline = Date.now() + 5000;
    for (;;) {
      const refused = await fetch(`${first.url}/api/health/live`).then(
        () => false,
        () => true,
      );
      if (refused) break;
      if (Date.now() > deadline) throw new Error(`still accepting connections after SIGTERM:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await arriving.write('\r\n');
    await arriving.closed;
    expect(arriving.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(arriving.received().toLowerCase()).toContain('connection: close');
    expect(arriving.received()).toContain('{"status":"ok"}');
    expect(first.exitCode).toBeNull();

    await inFlight.write(body.slice(4));
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.received()).toContain('{"exists":false,"fallbackLogin":false}');

    // The other instance serves on meanwhile, and stops cleanly too.
    expect((await fetch(`${second.url}/api/health/ready`)).status).toBe(200);
    second.signal('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(first.output() + second.output()).not.toMatch(/"level":50|shutdown failed/);
  });
});
