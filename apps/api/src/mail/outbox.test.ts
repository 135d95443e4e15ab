import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { runExclusive } from '../db/exclusive.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { createTestDatabase } from '../test/database.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { drainOutbox, enqueueMail, MAX_ATTEMPTS, startOutboxWorker } from './outbox.ts';

// Fastify's own logger, silent: the drain logs its failures through it.
const log = Fastify({ logger: { level: 'silent' } }).log;
const message = (to: string): MailMessage => ({ to, subject: 'Asunto', html: '<p>Hola</p>', text: 'Hola' });

/** A mailer that records what it sends, failing while `down` is set (SMTP unreachable). */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; down: boolean } = {
    sent,
    down: false,
    async send(outgoing) {
      if (mailer.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(outgoing);
    },
    close() {},
  };
  return mailer;
}

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

describe('the mail outbox', () => {
  it('sends an e-mail only when the transaction that wrote it commits', async () => {
    const mailer = recordingMailer();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx as unknown as Db, 'signup-confirmation', message('rollback@example.com'));
        throw new Error('the account could not be created');
      }),
    ).rejects.toThrow();
    await db.transaction(async (tx) => enqueueMail(tx as unknown as Db, 'signup-confirmation', message('commit@example.com')));
    await drainOutbox(db, mailer, log);
    expect(mailer.sent.map((sent) => sent.to)).toEqual(['commit@example.com']);
  });

  it('sends each e-mail once, even when drains on two instances run at the same moment', async () => {
    const mailer = recordingMailer();
    const recipients = Array.from({ length: 30 }, (_, index) => `grupo${index}@example.com`);
    for (const to of recipients) await enqueueMail(db, 'login-notice', message(to));
    await Promise.all([drainOutbox(db, mailer, log), drainOutbox(db, mailer, log), drainOutbox(db, mailer, log)]);
    await drainOutbox(db, mailer, log);
    expect(mailer.sent.map((sent) => sent.to).sort()).toEqual([...recipients].sort());
  });

  it('keeps a failed e-mail and retries it with backoff, giving up only after the last attempt', async () => {
    const mailer = recordingMailer();
    mailer.down = true;
    const start = new Date('2026-11-24T12:00:00Z');
    await enqueueMail(db, 'payment-refunded', message('reembolso@example.com'), start);
    await drainOutbox(db, mailer, log, start);
    const row = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'reembolso@example.com')))[0]!;
    expect(await row()).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: expect.stringContaining('ECONNREFUSED') });
    // Not again before its backoff has passed.
    await drainOutbox(db, mailer, log, new Date(start.getTime() + 5_000));
    expect((await row()).attempts).toBe(1);

    mailer.down = false;
    await drainOutbox(db, mailer, log, new Date(start.getTime() + 60_000));
    expect(await row()).toMatchObject({ attempts: 2, sentAt: expect.any(Date), lastError: null });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(['reembolso@example.com']);

    mailer.down = true;
    await enqueueMail(db, 'payment-refunded', message('nunca@example.com'), start);
    let at = start.getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) await drainOutbox(db, mailer, log, new Date((at += 2 * 3_600_000)));
    const [given] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'nunca@example.com'));
    expect(given).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, failedAt: expect.any(Date) });
  });

  it('delivers a signup confirmation that failed at first, once SMTP is back: the account never loses it', async () => {
    const mailer = recordingMailer();
    mailer.down = true;
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent-web-build' }), db, mailer });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/staggered-auth/user/signup',
        payload: {
          email: 'sin-smtp@example.com',
          name: 'Lucía Gómez',
          dateOfBirth: '1999-02-10',
          phoneNumber: '5512345678',
          acceptsPrivacyNotice: true,
        },
      });
      expect(response.statusCode).toBe(200);
      await expect
        .poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'sin-smtp@example.com')))[0]?.attempts)
        .toBe(1);
      mailer.down = false;
      await drainOutbox(db, mailer, log, new Date(Date.now() + 60_000));
      expect(mailer.sent.find((sent) => sent.to === 'sin-smtp@example.com')?.text).toContain('/login?email=sin-smtp%40example.com');
    } finally {
      await app.close();
    }
  });
});

describe('jobs that must run once across instances', () => {
  it('never run twice at the same time: a second instance skips (PostgreSQL) or waits its turn (PGlite)', async () => {
    let running = 0;
    let most = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await held;
      running--;
      return 'hecho';
    };
    const first = runExclusive(db, 'test-job', job);
    // Let the first take the lock before the second asks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = runExclusive(db, 'test-job', async () => {
      running++;
      most = Math.max(most, running);
      running--;
      return 'otra vez';
    });
    if (database.kind === 'postgres') expect(await second).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 'hecho' });
    if (database.kind === 'pglite') expect(await second).toEqual({ ran: true, result: 'otra vez' });
    expect(most).toBe(1);
    // Another job's name is another lock.
    expect(await runExclusive(db, 'other-job', async () => 1)).toEqual({ ran: true, result: 1 });
  });
});

/** A logger that keeps every line it writes, as the log shipper would see them. */
function recordingLog() {
  const lines: string[] = [];
  const logger = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } }).log;
  return { logger, text: () => lines.join('') };
}

describe('what the outbox logs when it fails', () => {
  it('never the statement’s values nor the refused recipient: the SQL text, the SMTP step and codes only', async () => {
    const { logger, text } = recordingLog();
    const refusing: Mailer = {
      async send(outgoing) {
        // As nodemailer reports an SMTP refusal: the server's answer quotes the address.
        throw Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${outgoing.to}>: Recipient unknown`), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
          response: `550 5.1.1 <${outgoing.to}>: Recipient unknown`,
          rejected: [outgoing.to],
        });
      },
      close() {},
    };
    const worker = startOutboxWorker({ db, mailer: refusing, log: logger });
    try {
      const queued = await enqueueMail(db, 'login-notice', message('rechazada@example.com'));
      await worker.deliver([queued]);
      expect(text()).toContain('outbox e-mail failed');
      expect(text()).toContain('RCPT TO');

      // The table out of reach: the claim's statement fails with its timestamps as parameters.
      await db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
      try {
        await worker.deliver([queued]);
        worker.kick();
        await worker.settled();
      } finally {
        await db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
      }
      expect(text()).toContain('outbox delivery failed');
      expect(text()).toContain('outbox drain failed');
      expect(text()).toContain('update \\"mail_outbox\\"');
      expect(text()).not.toContain('rechazada@example.com');
      expect(text()).not.toContain('params:');
      expect(text()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    } finally {
      await worker.stop();
    }
  });
});
