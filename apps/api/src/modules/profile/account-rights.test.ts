import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { users, type User } from '../../db/schema/users.ts';
import { AUTH_MESSAGES } from '../auth/service.ts';

// Issue 20, account rights: the name changes freely; the birth date and phone are ways in, so changing them takes a
// code e-mailed for that purpose, and the change ends the account's other sessions.
let t: TestApp;
let smtp: SmtpSink;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Cookies = Record<string, string>;

/** Each student speaks from its own address, so per-IP budgets of one test never leak into another. */
function as(cookies: Cookies | undefined, remoteAddress = `198.51.100.${++ipCounter}`) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress, ...(cookies ? { cookies } : {}), ...(payload ? { payload } : {}) });
}

async function student(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, { dateOfBirth: '1998-04-15', phoneNumber: '5512345678', ...overrides });
  const cookies = await sessionCookieFor(t.database.db, user);
  return { user, cookies, call: as(cookies) };
}

async function stored(user: User): Promise<User> {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row!;
}

/** Asks for the login-data code and reads it from the e-mail. */
async function loginDataCode(user: User, call: ReturnType<typeof as>): Promise<string> {
  const since = smtp.messages.length;
  const response = await call('POST', '/api/user/login-data/code');
  expect(response.json()).toEqual({ success: true });
  const mail = await smtp.waitFor(user.email, { since, subject: /datos de acceso/ });
  expect(mail.subject).toMatch(/^\d{6} es tu código para cambiar tus datos de acceso a Galeno$/);
  expect(mail.text).toContain('se cerrará tu sesión en tus otros dispositivos');
  return codeFromSubject(mail.subject);
}

describe('the name', () => {
  it('changes without a code, trimmed, and is what the session says from then on', async () => {
    const { user, cookies, call } = await student();
    const response = await call('PUT', '/api/user/name', { name: '  María José   O’Connor-Pérez ' });
    expect(response.json()).toEqual({ name: 'María José O’Connor-Pérez' });
    expect((await stored(user)).name).toBe('María José O’Connor-Pérez');
    const me = await t.app.inject({ method: 'GET', url: '/api/staggered-auth/user/me', cookies });
    expect(me.json().authUser.name).toBe('María José O’Connor-Pérez');
  });

  it('refuses what is not a name, in Spanish, and changes nothing', async () => {
    const { user, call } = await student({ name: 'Ana López' });
    for (const [name, message] of [
      ['A', 'El nombre debe tener al menos 2 caracteres'],
      ['   ', 'El nombre es requerido'],
      ['a'.repeat(101), 'El nombre debe tener como máximo 100 caracteres'],
      ['Ana2', 'El nombre solo puede tener letras, espacios, apóstrofos y guiones'],
      ['<b>Ana</b>', 'El nombre solo puede tener letras, espacios, apóstrofos y guiones'],
      [42, 'El nombre es requerido'],
    ] as const) {
      const response = await call('PUT', '/api/user/name', { name });
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.json().errorMessage, String(name)).toContain(message);
    }
    expect((await stored(user)).name).toBe('Ana López');
  });

  it('is for an account only', async () => {
    expect((await as(undefined)('PUT', '/api/user/name', { name: 'Ana López' })).statusCode).toBe(401);
    const trial = await sessionCookieFor(t.database.db, null);
    expect((await as(trial)('PUT', '/api/user/name', { name: 'Ana López' })).statusCode).toBe(403);
  });
});

describe('the birth date and phone', () => {
  it('are not changed without the code, with a wrong one, with a login code, nor through the fallback-login call', async () => {
    const { user, call } = await student();
    const change = { dateOfBirth: '1990-01-02', phoneNumber: '55 9999 8888' };
    const missing = await call('PUT', '/api/user/login-data', change);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorMessage).toContain('Ingresa el código que te enviamos');

    // The spec's call only confirms the stored values now; a different one needs the code.
    const fallback = await call('PUT', '/api/user/fallback-login', change);
    expect(fallback.statusCode).toBe(403);
    expect(fallback.json()).toEqual({ code: 'LOGIN_DATA_CODE_REQUIRED', errorMessage: AUTH_MESSAGES.loginDataCodeRequired });

    const code = await loginDataCode(user, call);
    const wrong = await call('PUT', '/api/user/login-data', { ...change, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'OTP_WRONG', errorMessage: AUTH_MESSAGES.codeWrong });

    // A code e-mailed to log in is not one to change the login data (nor the other way round).
    const since = smtp.messages.length;
    await as(undefined)('POST', '/api/staggered-auth/request-otp', { email: user.email });
    const loginCode = codeFromSubject((await smtp.waitFor(user.email, { since, subject: /para entrar/ })).subject);
    expect((await call('PUT', '/api/user/login-data', { ...change, code: loginCode })).json().code).toBe('OTP_WRONG');

    const after = await stored(user);
    expect({ dateOfBirth: after.dateOfBirth, phoneNumber: after.phoneNumber }).toEqual({
      dateOfBirth: '1998-04-15',
      phoneNumber: '5512345678',
    });
  });

  it('change with the code: confirmed as a way in, every other session ended, this one kept; the code works once', async () => {
    const { user, cookies, call } = await student({ fallbackConfirmedAt: null });
    const laptop = await sessionCookieFor(t.database.db, user);
    const other = await student();
    const code = await loginDataCode(user, call);

    const changed = await call('PUT', '/api/user/login-data', { phoneNumber: '+52 55 9999 8888', code });
    expect(changed.json()).toEqual({ fallbackLogin: { dateOfBirth: '1998-04-15', phoneNumber: '525599998888', confirmed: true } });
    const me = (cookie: Cookies) => t.app.inject({ method: 'GET', url: '/api/staggered-auth/user/me', cookies: cookie });
    expect((await me(cookies)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(other.cookies)).statusCode).toBe(200);

    // Once.
    const again = await call('PUT', '/api/user/login-data', { dateOfBirth: '1990-01-02', code });
    expect(again.json()).toEqual({ code: 'OTP_EXPIRED', errorMessage: AUTH_MESSAGES.codeExpired });
    expect((await stored(user)).dateOfBirth).toBe('1998-04-15');

    // The new phone is a way in; the old one is not.
    const login = as(undefined);
    expect(
      (
        await login('POST', '/api/staggered-auth/login/phone-number', {
          email: user.email,
          birthdate: '1998-04-15',
          phoneNumber: '55 9999 8888',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await login('POST', '/api/staggered-auth/login/phone-number', {
          email: user.email,
          birthdate: '1998-04-15',
          phoneNumber: '55 1234 5678',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('take a code that neither opens a session nor deletes the account', async () => {
    const { user, call } = await student();
    const code = await loginDataCode(user, call);
    const login = await as(undefined)('POST', '/api/staggered-auth/login/otp', { email: user.email, otpCode: code });
    expect(login.json().code).toBe('OTP_WRONG');
    expect((await call('POST', '/api/staggered-auth/account/delete', { otpCode: code })).json().code).toBe('OTP_WRONG');
    expect(await stored(user)).toBeTruthy();
    expect((await call('PUT', '/api/user/login-data', { phoneNumber: '5522223333', code })).statusCode).toBe(200);
  });

  it('a change of the birth date alone keeps the phone; five wrong tries spend the code', async () => {
    const { user, call } = await student();
    const code = await loginDataCode(user, call);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await call('PUT', '/api/user/login-data', { dateOfBirth: '1990-01-02', code: wrong })).statusCode).toBe(400);
    expect((await call('PUT', '/api/user/login-data', { dateOfBirth: '1990-01-02', code })).json().code).toBe('OTP_LOCKED');

    const next = await loginDataCode(user, call);
    const changed = await call('PUT', '/api/user/login-data', { dateOfBirth: '1990-01-02', code: next });
    expect(changed.json()).toEqual({ fallbackLogin: { dateOfBirth: '1990-01-02', phoneNumber: '5512345678', confirmed: true } });
  });

  it('refuses a body with nothing to change, an implausible birth date or a short phone, before spending the code', async () => {
    const { user, call } = await student();
    const code = await loginDataCode(user, call);
    for (const [body, message] of [
      [{ code }, 'Escribe la fecha de nacimiento o el teléfono que quieres guardar.'],
      [{ dateOfBirth: '1800-01-01', code }, 'Debes tener entre 13 y 120 años'],
      [{ phoneNumber: '123', code }, 'Ingresa un número válido'],
    ] as const) {
      const response = await call('PUT', '/api/user/login-data', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toContain(message);
    }
    expect((await call('PUT', '/api/user/login-data', { phoneNumber: '5522223333', code })).statusCode).toBe(200);
  });

  it('still confirm their stored values without a code, in any spelling of the phone', async () => {
    const { user, call } = await student({ fallbackConfirmedAt: null });
    const response = await call('PUT', '/api/user/fallback-login', { dateOfBirth: '1998-04-15', phoneNumber: '+52 55 1234 5678' });
    expect(response.json()).toEqual({ fallbackLogin: { dateOfBirth: '1998-04-15', phoneNumber: '5512345678', confirmed: true } });
    expect((await stored(user)).fallbackConfirmedAt).not.toBeNull();
  });

  it('need an address its owner proved, and a signed-in account', async () => {
    const { call } = await student({ verified: null, fallbackConfirmedAt: null });
    const since = smtp.messages.length;
    expect((await call('POST', '/api/user/login-data/code')).json().code).toBe('CODE_LOGIN_REQUIRED');
    expect(smtp.messages.length).toBe(since);
    expect((await as(undefined)('POST', '/api/user/login-data/code')).statusCode).toBe(401);
    expect((await as(undefined)('PUT', '/api/user/login-data', { phoneNumber: '5522223333', code: '123456' })).statusCode).toBe(401);
  });

  it('limit the code requests: three per account in ten minutes, said in Spanish', async () => {
    const { user, call } = await student();
    for (let i = 0; i < 3; i++) await loginDataCode(user, call);
    const fourth = await call('POST', '/api/user/login-data/code');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('OTP_REQUEST_LIMIT');
    expect(fourth.json().errorMessage).toMatch(/^Ya pediste 3 códigos en los últimos 10 minutos\. Podrás pedir otro a las /);
  });

  it('limit the code requests per address too: five a minute, whoever asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { cookies } = await student();
      statuses.push((await as(cookies, '198.51.99.1')('POST', '/api/user/login-data/code')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
