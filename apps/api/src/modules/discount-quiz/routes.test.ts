import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { upsertDiscountQuizQuestions } from '../content/load.ts';
import { discounts, publicDiscountClaims } from '../../db/schema/discount-quiz.ts';
import { DISCOUNT_MESSAGES, secureDraw } from './service.ts';

let t: TestApp;
let smtp: SmtpSink;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, NETWORK_DAILY_CEILING: '3' });
  await upsertDiscountQuizQuestions(t.database.db, [
    {
      id: 'dq-test-1',
      question: '¿Antihipertensivo de elección en preeclampsia con datos de severidad?',
      options: [
        { type: 'text', text: 'Labetalol' },
        { type: 'text', text: 'Enalapril' },
        { type: 'text', text: 'Losartán' },
        { type: 'text', text: 'Espironolactona' },
      ],
      correctIndex: 0,
      explanation: 'El labetalol es seguro en el embarazo; IECA y ARA II están contraindicados.',
      tags: { especialidad: 'Ginecología y Obstetricia', tema: 'Preeclampsia', dificultad: 'Fácil' },
    },
    {
      id: 'dq-test-2',
      question: '¿Primera línea en crisis asmática en urgencias?',
      options: [
        { type: 'text', text: 'Salbutamol inhalado' },
        { type: 'text', text: 'Teofilina oral' },
        { type: 'text', text: 'Montelukast' },
      ],
      correctIndex: 0,
      explanation: 'Los agonistas beta 2 de acción corta inhalados son la primera línea.',
      tags: { especialidad: 'Pediatría', tema: 'Asma', dificultad: 'Fácil' },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/**
 * A public visitor is known by device (a first-party cookie) on a network address: each test gets its own
 * of both, the device token derived from the address.
 */
const visitor = () => `198.18.0.${++ipCounter}`;
const deviceOf = (ip: string): Record<string, string> => ({ galeno_device: `dev${ip.replaceAll('.', '_')}`.padEnd(22, 'x') });
const post = (url: string, payload: object, ip: string, cookies?: Record<string, string>, device = deviceOf(ip)) =>
  t.app.inject({ method: 'POST', url: `/api/discount-quiz${url}`, payload, remoteAddress: ip, cookies: { ...device, ...cookies } });
const get = (url: string, ip: string, cookies?: Record<string, string>, device = deviceOf(ip)) =>
  t.app.inject({ method: 'GET', url: `/api/discount-quiz${url}`, remoteAddress: ip, cookies: { ...device, ...cookies } });
/** Loads a question as the page does (the server remembers it as served), then answers it. Option 0 is right in both. */
async function answer(ip: string, index: number, cookies?: Record<string, string>) {
  const question = (await get('/question/random', ip, cookies)).json();
  return post(
    '/evaluations/save',
    { questionId: question.id, difficulty: 'Fácil', answerIndexSelected: index, wasCorrect: true },
    ip,
    cookies,
  );
}

async function onDay(day: string, run: () => Promise<void>) {
  const { vi } = await import('vitest');
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T18:00:00Z`) });
  try {
    await run();
  } finally {
    vi.useRealTimers();
  }
}

describe('attempts', () => {
  it('grade on the server, ignoring the wasCorrect the browser sends', async () => {
    const response = await answer(visitor(), 2);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      correct: false,
      correctAnswer: 0,
      prize: null,
      attemptsRemaining: 2,
      evaluation: { wasCorrect: false, answerIndexSelected: 2 },
    });
  });

  it('allow one participation a day and three in all', async () => {
    const ip = visitor();
    await onDay('2026-11-01', async () => {
      expect((await answer(ip, 1)).statusCode).toBe(200);
      const again = await answer(ip, 1);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'ALREADY_PARTICIPATED_TODAY', errorMessage: 'Ya participaste hoy' });
    });
    await onDay('2026-11-02', async () => expect((await answer(ip, 1)).json().attemptsRemaining).toBe(1));
    await onDay('2026-11-03', async () => expect((await answer(ip, 1)).json().attemptsRemaining).toBe(0));
    await onDay('2026-11-04', async () => {
      const fourth = await answer(ip, 1);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json()).toEqual({ code: 'MAX_ATTEMPTS_REACHED', errorMessage: 'Has agotado todos tus intentos' });
    });
    expect((await get('/evaluations', ip)).json()).toHaveLength(3);
  });

  it('count per device: classmates on one network each play, up to the network ceiling; a new device gets its cookie', async () => {
    const network = visitor();
    const classmate = (n: number) => ({ galeno_device: `classmate${n}`.padEnd(22, 'x') });
    const play = async (device: Record<string, string>) => {
      const served = await get('/question/random', network, undefined, device);
      // A network out of plays for today is not served a question it could not answer.
      if (served.statusCode !== 200) return served;
      const question = served.json();
      return post(
        '/evaluations/save',
        { questionId: question.id, difficulty: 'Fácil', answerIndexSelected: 1 },
        network,
        undefined,
        device,
      );
    };
    await onDay('2026-11-05', async () => {
      for (const n of [1, 2, 3]) expect((await play(classmate(n))).statusCode).toBe(200);
      // One device still gets its own daily refusal, never a classmate's.
      expect((await play(classmate(1))).json().code).toBe('ALREADY_PARTICIPATED_TODAY');
      const fourth = await play(classmate(4));
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({
        code: 'NETWORK_LIMIT',
        errorMessage: 'Se alcanzó el límite de participaciones en esta red por hoy. Crea tu cuenta gratis o vuelve mañana.',
      });
    });
    // The next day the network starts again.
    await onDay('2026-11-06', async () => expect((await play(classmate(4))).statusCode).toBe(200));

    // A new browser's first requests run in parallel: only serving the question gives it its device cookie.
    const newcomer = visitor();
    const [served, attempts, last] = await Promise.all(
      ['/question/random', '/evaluations', '/discounts/last'].map((url) =>
        t.app.inject({ method: 'GET', url: `/api/discount-quiz${url}`, remoteAddress: newcomer }),
      ),
    );
    expect(served!.cookies.filter((entry) => entry.name === 'galeno_device')).toHaveLength(1);
    expect(attempts!.cookies.concat(last!.cookies).filter((entry) => entry.name === 'galeno_device')).toEqual([]);
    expect(attempts!.json()).toEqual([]);
    expect(last!.json()).toEqual({ discount: null });
    // Answering without that cookie is answering a question never served.
    const cookieless = await t.app.inject({
      method: 'POST',
      url: '/api/discount-quiz/evaluations/save',
      remoteAddress: newcomer,
      payload: { questionId: served!.json().id, difficulty: 'Fácil', answerIndexSelected: 0 },
    });
    expect(cookieless.json().code).toBe('QUESTION_NOT_SERVED');

    const fresh = await t.app.inject({ method: 'GET', url: '/api/discount-quiz/question/random', remoteAddress: visitor() });
    const cookie = fresh.cookies.find((entry) => entry.name === 'galeno_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('draw a prize after a right answer, once, and keep it', async () => {
    const ip = visitor();
    let prize = 0;
    await onDay('2026-11-01', async () => {
      const right = (await answer(ip, 0)).json();
      expect([30, 50, 80]).toContain(right.prize);
      prize = right.prize;
    });
    await onDay('2026-11-02', async () => {
      expect((await answer(ip, 0)).json().prize).toBe(prize);
      expect((await get('/discounts/last', ip)).json()).toMatchObject({ discount: { discount: `${prize}%`, userAccepted: null } });
    });
  });

  it('grade only the question served to this participant, once per serving', async () => {
    const ip = visitor();
    const served = (await get('/question/random', ip)).json();
    const other = served.id === 'dq-test-1' ? 'dq-test-2' : 'dq-test-1';
    const chosen = await post(
      '/evaluations/save',
      { questionId: other, difficulty: 'Fácil', answerIndexSelected: 0, wasCorrect: true },
      ip,
    );
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json()).toEqual({
      code: 'QUESTION_NOT_SERVED',
      errorMessage: 'Esta pregunta ya no está vigente: carga una pregunta nueva para participar.',
    });
    await onDay('2026-11-01', async () => {
      expect(
        (await post('/evaluations/save', { questionId: served.id, difficulty: 'Fácil', answerIndexSelected: 1, wasCorrect: false }, ip))
          .statusCode,
      ).toBe(200);
    });
    await onDay('2026-11-02', async () => {
      // The next day the same question cannot be replayed with the answer now known...
      const replay = await post(
        '/evaluations/save',
        { questionId: served.id, difficulty: 'Fácil', answerIndexSelected: 0, wasCorrect: true },
        ip,
      );
      expect(replay.json().code).toBe('QUESTION_NOT_SERVED');
      // ...and the question served next is one this participant has not attempted.
      expect((await get('/question/random', ip)).json().id).toBe(other);
    });
  });

  it('never offer a discount already used by a payment, and draw a new one after the next right answer', async () => {
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    const ip = visitor();
    await onDay('2026-11-01', async () => expect([30, 50, 80]).toContain((await answer(ip, 0, cookies)).json().prize));
    await t.database.db.update(discounts).set({ usedAt: new Date() }).where(eq(discounts.userId, student.id));
    expect((await get('/discounts/last', ip, cookies)).json()).toEqual({ discount: null });
    await onDay('2026-11-02', async () => expect([30, 50, 80]).toContain((await answer(ip, 0, cookies)).json().prize));
    const rows = await t.database.db.select().from(discounts).where(eq(discounts.userId, student.id));
    expect(rows.filter((row) => row.usedAt === null)).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });
});

describe('the wheel on one network (F3)', () => {
  it('draws at most 3 prizes a day per network, however many fresh devices answer right; the next day it draws again', async () => {
    // The default budgets: 60 attempts and 3 prizes a network a day.
    const app = await createTestApp({ SMTP_URL: smtp.url });
    try {
      await upsertDiscountQuizQuestions(app.database.db, [
        {
          id: 'dq-net-1',
          question: '¿Pregunta?',
          options: [
            { type: 'text', text: 'Sí' },
            { type: 'text', text: 'No' },
          ],
          correctIndex: 0,
          explanation: 'Porque sí.',
          tags: { especialidad: 'Pediatría', tema: 'Asma', dificultad: 'Fácil' },
        },
      ]);
      const network = visitor();
      let devices = 0;
      /** A browser with no cookie: drop the device cookie and come back. */
      const freshDevice = async (index: number) => {
        const cookies = { galeno_device: `wheel${++devices}${network}`.replaceAll('.', '_').padEnd(22, 'x') };
        const served = await app.app.inject({ method: 'GET', url: '/api/discount-quiz/question/random', remoteAddress: network, cookies });
        const saved = await app.app.inject({
          method: 'POST',
          url: '/api/discount-quiz/evaluations/save',
          remoteAddress: network,
          cookies,
          payload: { questionId: 'dq-net-1', answerIndexSelected: index },
        });
        return { served, saved };
      };
      await onDay('2026-11-10', async () => {
        // Misses spin nothing: they do not spend the network's prizes.
        for (let i = 0; i < 2; i++) expect((await freshDevice(1)).saved.json().prize).toBeNull();
        const prizes = [];
        for (let i = 0; i < 3; i++) prizes.push((await freshDevice(0)).saved.json().prize);
        expect(prizes.every((prize) => [30, 50, 80].includes(prize))).toBe(true);
        const fourth = await freshDevice(0);
        const limit = { code: 'NETWORK_LIMIT', errorMessage: DISCOUNT_MESSAGES.networkLimit };
        expect(fourth.served.statusCode).toBe(429);
        expect(fourth.served.json()).toEqual(limit);
        expect(fourth.saved.statusCode).toBe(429);
        expect(fourth.saved.json()).toEqual(limit);
      });
      await onDay('2026-11-11', async () => expect([30, 50, 80]).toContain((await freshDevice(0)).saved.json().prize));
    } finally {
      await app.close();
    }
  });

  it('serves the same question on every reload until it is answered', async () => {
    const ip = visitor();
    const first = (await get('/question/random', ip)).json().id;
    for (let i = 0; i < 6; i++) expect((await get('/question/random', ip)).json().id).toBe(first);
  });
});

describe('discounts', () => {
  it('refuse a discount the server did not draw, and accept the drawn one', async () => {
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    const ip = visitor();
    const { prize } = (await answer(ip, 0, cookies)).json();
    const forged = prize === 80 ? 50 : 80;
    const refused = await post('/discounts/save', { discount: `${forged}%`, userAccepted: true }, ip, cookies);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('DISCOUNT_NOT_DRAWN');
    const accepted = await post('/discounts/save', { discount: prize, userAccepted: true }, ip, cookies);
    expect(accepted.json()).toMatchObject({ discount: `${prize}%`, userAccepted: true, claimed: false });
    const [row] = await t.database.db.select().from(discounts).where(eq(discounts.userId, student.id));
    expect(row).toMatchObject({ percent: prize, userAccepted: true });
  });

  it('of a visitor with no prize are refused', async () => {
    expect((await post('/discounts/save', { discount: 80, userAccepted: true }, visitor())).statusCode).toBe(400);
  });
});

describe('public claims', () => {
  it('e-mail the discount, are unique per e-mail, and attach it to the account that signs up', async () => {
    const ip = visitor();
    const { prize } = (await answer(ip, 0)).json();
    const since = smtp.messages.length;
    const claim = await post(
      '/public-discounts',
      { name: 'Laura Gómez', email: 'Laura.Gomez@Example.com', dateOfBirth: '1996-02-10', discount: `${prize}%` },
      ip,
    );
    expect(claim.statusCode).toBe(200);
    const mail = await smtp.waitFor('laura.gomez@example.com', { since });
    expect(mail.subject).toContain(`${prize}%`);

    const second = await post(
      '/public-discounts',
      { name: 'Laura Gómez', email: 'laura.gomez@example.com', dateOfBirth: '1996-02-10', discount: prize },
      ip,
    );
    expect(second.statusCode).toBe(409);

    const otherIp = visitor();
    const other = (await answer(otherIp, 0)).json();
    const sameEmail = await post(
      '/public-discounts',
      { name: 'Otra', email: 'laura.gomez@example.com', dateOfBirth: '1996-02-10', discount: other.prize },
      otherIp,
    );
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_ALREADY_CLAIMED', errorMessage: 'Este correo ya recibió un descuento.' });

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/user/signup',
      remoteAddress: ip,
      payload: {
        email: 'laura.gomez@example.com',
        name: 'Laura Gómez',
        dateOfBirth: '1996-02-10',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
      },
    });
    const userId = signup.json().authData.authUser.id;
    // Signing up proves nothing about the address: the discount waits for the first code login.
    expect(await t.database.db.select().from(discounts).where(eq(discounts.userId, userId))).toEqual([]);
    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/request-otp',
      remoteAddress: ip,
      payload: { email: 'laura.gomez@example.com' },
    });
    const codeMail = await smtp.waitFor('laura.gomez@example.com', { since: before });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/login/otp',
      remoteAddress: ip,
      payload: { email: 'laura.gomez@example.com', otpCode: codeFromSubject(codeMail.subject) },
    });
    expect(login.statusCode).toBe(200);
    const [attached] = await t.database.db.select().from(discounts).where(eq(discounts.userId, userId));
    expect(attached!.percent).toBe(prize);
  });

  it('send one e-mail when the same prize is claimed twice at once', async () => {
    const ip = visitor();
    const { prize } = (await answer(ip, 0)).json();
    const since = smtp.messages.length;
    const claims = await Promise.all(
      ['uno', 'dos'].map((name) =>
        post(
          '/public-discounts',
          { name: `Ana ${name}`, email: `ana.${name}.${ip}@example.com`, dateOfBirth: '1990-01-01', discount: prize },
          ip,
        ),
      ),
    );
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([200, 409]);
    expect(claims.find((claim) => claim.statusCode === 409)!.json().code).toBe('DISCOUNT_ALREADY_CLAIMED');
    // The claim that lost got its 409 before any send, and the winner's send finished before its 200: every e-mail
    // these two requests could send has been sent by now.
    expect(smtp.messages.slice(since).filter((message) => message.to.includes(ip))).toHaveLength(1);
  });

  it('take a claim back when its e-mail cannot be sent, so it can be claimed again', async () => {
    const failing = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await upsertDiscountQuizQuestions(failing.database.db, [
        {
          id: 'dq-fail',
          question: '¿Pregunta?',
          options: [
            { type: 'text', text: 'Sí' },
            { type: 'text', text: 'No' },
          ],
          correctIndex: 0,
          explanation: 'Porque sí.',
          tags: { especialidad: 'Pediatría', tema: 'Asma', dificultad: 'Fácil' },
        },
      ]);
      const ip = visitor();
      await failing.app.inject({ method: 'GET', url: '/api/discount-quiz/question/random', remoteAddress: ip, cookies: deviceOf(ip) });
      const { prize } = (
        await failing.app.inject({
          method: 'POST',
          url: '/api/discount-quiz/evaluations/save',
          remoteAddress: ip,
          cookies: deviceOf(ip),
          payload: { questionId: 'dq-fail', difficulty: 'Fácil', answerIndexSelected: 0 },
        })
      ).json();
      const claim = await failing.app.inject({
        method: 'POST',
        url: '/api/discount-quiz/public-discounts',
        remoteAddress: ip,
        cookies: deviceOf(ip),
        payload: { name: 'Eva Luna', email: 'eva@example.com', dateOfBirth: '1994-03-03', discount: prize },
      });
      expect(claim.statusCode).toBe(502);
      expect(claim.json()).toMatchObject({
        code: 'EMAIL_SEND_FAILED',
        errorMessage: 'No pudimos enviar el correo con tu descuento. Intenta nuevamente.',
      });
      expect(await failing.database.db.select().from(publicDiscountClaims)).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it("let a signed-in player of the public quiz claim the prize they won, with their account's address only", async () => {
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    const ip = visitor();
    const { prize } = (await answer(ip, 0, cookies)).json();
    const elsewhere = await post(
      '/public-discounts',
      { name: 'Sofía Ruiz', email: `sofia.${student.id}@example.com`, dateOfBirth: '1995-05-05', discount: prize },
      ip,
      cookies,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ code: 'CLAIM_NOT_ACCOUNT_EMAIL', errorMessage: DISCOUNT_MESSAGES.notAccountEmail });
    const claim = await post(
      '/public-discounts',
      { name: 'Sofía Ruiz', email: student.email, dateOfBirth: '1995-05-05', discount: prize },
      ip,
      cookies,
    );
    expect(claim.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(discounts).where(eq(discounts.userId, student.id));
    expect(row!.percent).toBe(prize);
  });

  it('show a claimed prize as claimed, with the date it is valid until (ux N16)', async () => {
    const ip = visitor();
    const { prize } = (await answer(ip, 0)).json();
    const before = (await get('/discounts/last', ip)).json().discount;
    expect(before).toMatchObject({ discount: `${prize}%`, claimed: false });
    const [drawn] = await t.database.db.select().from(discounts).orderBy(desc(discounts.createdAt)).limit(1);
    expect(before.validUntil).toBe(new Date(drawn!.createdAt.getTime() + 30 * 86_400_000).toISOString());
    const email = `rita.${ipCounter}@example.com`;
    const since = smtp.messages.length;
    const claim = await post('/public-discounts', { name: 'Rita Paz', email, dateOfBirth: '1996-02-10', discount: prize }, ip);
    expect(claim.json()).toEqual({ success: true, discount: `${prize}%`, validUntil: before.validUntil });
    const until = new Intl.DateTimeFormat('es-MX', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Mexico_City',
    }).format(new Date(before.validUntil));
    expect((await smtp.waitFor(email, { since })).text).toContain(`es válido hasta el ${until}.`);
    expect((await get('/discounts/last', ip)).json().discount).toEqual({ ...before, userAccepted: true, claimed: true });
  });

  it('never offer, claim or charge a prize past its 30 days', async () => {
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    const ip = visitor();
    await onDay('2026-01-05', async () => expect([30, 50, 80]).toContain((await answer(ip, 0, cookies)).json().prize));
    expect((await get('/discounts/last', ip, cookies)).json()).toEqual({ discount: null });
    const quotes = await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies });
    expect(quotes.json().discountPercent).toBe(0);
  });

  it('check the claim form in the spec order and refuse a forged discount', async () => {
    const ip = visitor();
    const first = await post('/public-discounts', { name: '', email: '', dateOfBirth: '', discount: 30 }, ip);
    expect(first.json().errorMessage).toContain('Por favor ingresa tu nombre.');
    // The name opens the e-mail sent to whatever address is typed: a person's name only, never a stranger's message.
    const message = await post(
      '/public-discounts',
      {
        name: 'Tu cuenta fue suspendida. Reactivala en https://galeno-mx.example/login',
        email: 'ana@example.com',
        dateOfBirth: '1990-01-01',
        discount: 30,
      },
      ip,
    );
    expect(message.statusCode).toBe(400);
    expect(message.json().errorMessage).toContain('El nombre solo puede tener letras, espacios, apóstrofos y guiones');
    const future = await post('/public-discounts', { name: 'Ana', email: 'ana@example.com', dateOfBirth: '2999-01-01', discount: 30 }, ip);
    expect(future.json().errorMessage).toContain('La fecha de nacimiento no puede ser en el futuro.');
    // Only plausible birth dates enter, judged as signup judges them.
    for (const dateOfBirth of ['1850-01-01', `${new Date().getFullYear() - 3}-05-05`]) {
      const implausible = await post('/public-discounts', { name: 'Ana', email: 'ana@example.com', dateOfBirth, discount: 30 }, ip);
      expect(implausible.statusCode, dateOfBirth).toBe(400);
      expect(implausible.json().errorMessage).toContain('Debes tener entre 13 y 120 años');
    }
    const recipients = await post(
      '/public-discounts',
      { name: 'Ana', email: 'ana@example.com, evil@x.test', dateOfBirth: '1990-01-01', discount: 30 },
      ip,
    );
    expect(recipients.json().errorMessage).toContain('Por favor ingresa un email válido.');
    const forged = await post('/public-discounts', { name: 'Ana', email: 'ana@example.com', dateOfBirth: '1990-01-01', discount: 80 }, ip);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('DISCOUNT_NOT_DRAWN');
  });
});

describe('the draw', () => {
  it('lands each prize within 1.5 points of its odds over 20,000 draws', () => {
    const counts = { 30: 0, 50: 0, 80: 0 };
    for (let i = 0; i < 20_000; i++) counts[secureDraw()]++;
    expect(Math.abs((counts[30] / 20_000) * 100 - 30)).toBeLessThan(1.5);
    expect(Math.abs((counts[50] / 20_000) * 100 - 50)).toBeLessThan(1.5);
    expect(Math.abs((counts[80] / 20_000) * 100 - 20)).toBeLessThan(1.5);
  });
});

describe('random question', () => {
  it('does not reveal the answer', async () => {
    const response = await get('/question/random', visitor());
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).not.toMatch(/correct|explanation|labetalol es seguro/i);
  });
});
