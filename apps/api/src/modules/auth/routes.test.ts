import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { sessions } from '../../db/schema/auth.ts';
import { AUTH_MESSAGES } from './service.ts';
import { NAME_CHARACTERS_INVALID } from '@galeno/domain/forms';
import { sessionCookieFor } from '../../test/factories.ts';

let t: TestApp;
let smtp: SmtpSink;
let ipCounter = 0;
/** Each test speaks from its own IP so per-IP limits of one test never leak into another. */
let ip = '';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, TRIAL_SECONDS: '1', STAFF_EMAILS: 'equipo@galeno.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});
beforeEach(() => {
  ip = `203.0.113.${++ipCounter}`;
});

const cookieOf = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'galeno_session');
  return cookie?.value;
};
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staggered-auth${url}`,
    payload,
    remoteAddress: ip,
    ...(cookie ? { cookies: { galeno_session: cookie } } : {}),
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip, ...(cookie ? { cookies: { galeno_session: cookie } } : {}) });

let userCounter = 0;
async function signUp(overrides: Record<string, string> = {}) {
  const email = `alumna${++userCounter}@example.com`;
  const body = {
    email,
    name: 'Ana Pérez',
    dateOfBirth: '1998-04-15',
    phoneNumber: '55 1234 5678',
    acceptsPrivacyNotice: true,
    ...overrides,
  };
  const response = await post('/user/signup', body);
  expect(response.statusCode).toBe(200);
  return { email: body.email, body, response };
}

async function loginWithCode(email: string) {
  const since = smtp.messages.length;
  expect((await post('/request-otp', { email })).statusCode).toBe(200);
  const mail = await smtp.waitFor(email, { since });
  const response = await post('/login/otp', { email, otpCode: codeFromSubject(mail.subject) });
  expect(response.statusCode).toBe(200);
  return cookieOf(response)!;
}

describe('signup', () => {
  it('creates a free account whose 2 hours wait for its first answer, with one e-mail whose code signs the student in', async () => {
    const since = smtp.messages.length;
    const { email, response } = await signUp({ email: 'Nueva.Alumna@Example.com ' });
    expect(response.json()).toMatchObject({
      authData: { authUser: { email: 'nueva.alumna@example.com', name: 'Ana Pérez', isTrial: false } },
    });
    const mail = await smtp.waitFor('nueva.alumna@example.com', { since });
    expect(mail.subject).toMatch(/^\d{6} es tu código: te damos la bienvenida a /);
    // The name was typed by whoever signed the address up: the e-mail does not open with it (F18).
    expect(mail.text).toMatch(/^Hola:\n/);
    expect(mail.text + mail.html).not.toContain('Ana Pérez');
    expect(mail.text).toContain('/login?email=nueva.alumna%40example.com');
    expect(email).toBe('Nueva.Alumna@Example.com ');

    // The code of that one e-mail signs the student in: no second e-mail to ask for.
    const login = await post('/login/otp', { email: 'nueva.alumna@example.com', otpCode: codeFromSubject(mail.subject) });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login)!;
    expect(smtp.messages.slice(since).filter((message) => message.to.includes('nueva.alumna@example.com'))).toHaveLength(1);
    const profile = await get('/api/user/profile', cookie);
    expect(profile.statusCode).toBe(200);
    const info = profile.json().subscriptionInfo;
    // The hours have not started: the end date is a 30-day hold, and the page says they start with the first answer.
    expect(info).toMatchObject({ subscriptionType: 'free', membershipMode: 'individual', daysLeft: 30, freeHoursPending: true });
  });

  it('takes a person’s name only (letters, accents, spaces, apostrophes, hyphens), as the profile does', async () => {
    for (const name of ['Tu cuenta fue suspendida. Reactívala en https://galeno-mx.example/login', 'Ana 2', '<b>Ana</b>', 'Dr. Ana']) {
      const refused = await post('/user/signup', {
        email: `nombre${++userCounter}@example.com`,
        name,
        dateOfBirth: '1998-04-15',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
      });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().errorMessage, name).toBe(`name: ${NAME_CHARACTERS_INVALID}`);
    }
    const { response } = await signUp({ name: 'María José  O’Connor-Pérez' });
    expect(response.json().authData.authUser.name).toBe('María José O’Connor-Pérez');
  });

  it('refuses a taken e-mail and invalid fields with the spec messages', async () => {
    const { email } = await signUp();
    const again = await post('/user/signup', {
      email: email.toUpperCase(),
      name: 'Otra',
      dateOfBirth: '1990-01-01',
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_TAKEN', errorMessage: AUTH_MESSAGES.emailTaken });

    const young = await post('/user/signup', {
      email: 'nino@example.com',
      name: 'Niño',
      dateOfBirth: `${new Date().getFullYear() - 5}-01-01`,
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().errorMessage).toContain('Debes tener entre 13 y 120 años');
    const shortPhone = await post('/user/signup', {
      email: 'tel@example.com',
      name: 'Tel',
      dateOfBirth: '1990-01-01',
      phoneNumber: '123',
      acceptsPrivacyNotice: true,
    });
    expect(shortPhone.json().errorMessage).toContain('Ingresa un número válido');

    // The aviso de privacidad is accepted at signup, and recorded with its version (issue 20).
    const body = { email: 'consiente@example.com', name: 'Consiente', dateOfBirth: '1990-01-01', phoneNumber: '5512345678' };
    for (const consent of [{}, { acceptsPrivacyNotice: false }]) {
      const refused = await post('/user/signup', { ...body, ...consent });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorMessage).toContain('Para crear tu cuenta, acepta el aviso de privacidad y los términos.');
    }
    expect((await post('/user/signup', { ...body, acceptsPrivacyNotice: true })).statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'consiente@example.com'));
    expect(account).toMatchObject({ privacyNoticeVersion: '2026-11-24' });
    expect(Date.now() - account!.privacyAcceptedAt!.getTime()).toBeLessThan(60_000);
  });
});

describe('user/exists', () => {
  it('tells whether an e-mail has an account', async () => {
    const { email } = await signUp();
    expect((await post('/user/exists', { email })).json()).toMatchObject({ exists: true });
    expect((await post('/user/exists', { email: 'nadie@example.com' })).json()).toMatchObject({ exists: false });
  });
});

describe('code login', () => {
  it('logs in with the e-mailed code and sets an HttpOnly, SameSite=Lax cookie', async () => {
    const { email } = await signUp();
    const since = smtp.messages.length;
    await post('/request-otp', { email });
    const mail = await smtp.waitFor(email, { since });
    const response = await post('/login/otp', { email, otpCode: ` ${codeFromSubject(mail.subject)} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json().authUser).toMatchObject({ email, isTrial: false });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const me = await get('/api/staggered-auth/user/me', cookieOf(response));
    expect(me.json().authUser.email).toBe(email);
  });

  it('serves the misspelled alias login/opt', async () => {
    const { email } = await signUp();
    const since = smtp.messages.length;
    await post('/request-otp', { email });
    const mail = await smtp.waitFor(email, { since });
    expect((await post('/login/opt', { email, otpCode: codeFromSubject(mail.subject) })).statusCode).toBe(200);
  });

  it('answers an unregistered e-mail with the spec message', async () => {
    const response = await post('/request-otp', { email: 'desconocida@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMessage).toBe('Este correo aun no está registrado, por favor registrate para poder iniciar sesión');
  });

  it('is single use', async () => {
    const { email } = await signUp();
    const since = smtp.messages.length;
    await post('/request-otp', { email });
    const code = codeFromSubject((await smtp.waitFor(email, { since })).subject);
    expect((await post('/login/otp', { email, otpCode: code })).statusCode).toBe(200);
    expect((await post('/login/otp', { email, otpCode: code })).json().code).toBe('OTP_EXPIRED');
  });

  it('refuses the sixth try of one code even when it is right', async () => {
    const { email } = await signUp();
    const since = smtp.messages.length;
    await post('/request-otp', { email });
    const code = codeFromSubject((await smtp.waitFor(email, { since })).subject);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/login/otp', { email, otpCode: wrong })).json().code).toBe('OTP_WRONG');
    const sixth = await post('/login/otp', { email, otpCode: code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('OTP_LOCKED');
  });

  it('refuses a fourth code within 10 minutes (the signup e-mail’s counts), and a new code replaces the old one', async () => {
    const since = smtp.messages.length;
    const { email } = await signUp();
    for (let i = 0; i < 2; i++) expect((await post('/request-otp', { email })).statusCode).toBe(200);
    const fourth = await post('/request-otp', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('OTP_REQUEST_LIMIT');
    await expect.poll(() => smtp.messages.slice(since).filter((m) => m.to === email).length).toBe(3);
    const [first, , last] = smtp.messages.slice(since).filter((m) => m.to === email);
    const firstCode = codeFromSubject(first!.subject);
    const lastCode = codeFromSubject(last!.subject);
    if (firstCode !== lastCode) expect((await post('/login/otp', { email, otpCode: firstCode })).json().code).toBe('OTP_WRONG');
    expect((await post('/login/otp', { email, otpCode: lastCode })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email } = await signUp();
    const since = smtp.messages.length;
    await post('/request-otp', { email });
    const code = codeFromSubject((await smtp.waitFor(email, { since })).subject);
    const { otpCodes } = await import('../../db/schema/auth.ts');
    await t.database.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/login/otp', { email, otpCode: code })).json().code).toBe('OTP_EXPIRED');
  });
});

/** Signs up, proves the address with a code, and confirms the birth date and phone in the profile. */
async function signUpWithFallback(overrides: Record<string, string> = {}) {
  const signed = await signUp(overrides);
  const cookie = await loginWithCode(signed.email);
  const confirm = await putFallback(cookie, { dateOfBirth: signed.body.dateOfBirth, phoneNumber: signed.body.phoneNumber });
  expect(confirm.statusCode).toBe(200);
  return { ...signed, cookie };
}

const putFallback = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user/fallback-login', payload, remoteAddress: ip, cookies: { galeno_session: cookie } });

/** The failed logins recorded for an account. */
async function failuresOf(email: string): Promise<number> {
  const { loginFailures } = await import('../../db/schema/auth.ts');
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await t.database.db.select().from(loginFailures).where(eq(loginFailures.userId, user!.id))).length;
}

describe('birth-date and phone login', () => {
  it('log in with the right values once the owner confirmed them, and e-mail a notice', async () => {
    const { email } = await signUpWithFallback();
    const since = smtp.messages.length;
    const byDate = await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(byDate.statusCode).toBe(200);
    expect(cookieOf(byDate)).toBeTruthy();
    const byPhone = await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '(55) 1234-5678' });
    expect(byPhone.statusCode).toBe(200);
    // The same number written the international or the old mobile way is the same number (+52 55 1234 5678).
    for (const phoneNumber of ['+52 55 1234 5678', '+52 1 55 1234 5678', '044 55 1234 5678'])
      expect((await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber })).statusCode, phoneNumber).toBe(200);
    expect((await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '+52 55 1234 5679' })).statusCode).toBe(401);
    await expect
      .poll(() => smtp.messages.slice(since).filter((m) => m.to === email && m.subject.startsWith('Nuevo inicio de sesión')).length)
      .toBe(5);
  });

  it('open nothing for an address nobody proved: the right values are answered and counted exactly like wrong ones', async () => {
    const { email } = await signUp();
    const right = [
      await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' }),
      await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' }),
    ];
    const wrong = [
      await post('/login/birthdate', { email, birthdate: '1999-04-15', phoneNumber: '5512345678' }),
      await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '5500000000' }),
    ];
    for (const [index, response] of right.entries()) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(wrong[index]!.body);
      expect(cookieOf(response)).toBeUndefined();
    }
    expect(await failuresOf(email)).toBe(4);
  });

  it('stop a pre-registration hijack: the owner’s first code ends the squatter’s sessions and the squatter’s data opens nothing', async () => {
    // The squatter signs up with the owner's address and chooses the birth date and phone.
    const { email } = await signUp({ email: 'duena.real@example.com', dateOfBirth: '1980-01-01', phoneNumber: '5599990000' });
    const { users } = await import('../../db/schema/users.ts');
    const { createSession } = await import('./sessions.ts');
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    // A session the squatter opened before this fix (or any other way): it must not survive the owner's proof.
    const squatter = await createSession(t.database.db, { userId: account!.id, ipHash: 'squatter' });
    expect((await get('/api/staggered-auth/user/me', squatter.token)).statusCode).toBe(200);

    const owner = await loginWithCode(email);
    expect((await get('/api/staggered-auth/user/me', squatter.token)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/user/me', owner)).statusCode).toBe(200);
    // The squatter's birth date still opens nothing: the owner never confirmed it.
    expect((await post('/login/birthdate', { email, birthdate: '1980-01-01', phoneNumber: '5599990000' })).json().code).toBe(
      'BIRTHDATE_WRONG',
    );
    const profile = await get('/api/user/profile', owner);
    expect(profile.json().fallbackLogin).toEqual({ dateOfBirth: '1980-01-01', phoneNumber: '5599990000', confirmed: false });

    // The owner corrects them, which takes a code e-mailed for it (issue 20): now only the owner's own values are a way in.
    const corrected = { dateOfBirth: '1995-07-20', phoneNumber: '55 4444 3333' };
    expect((await putFallback(owner, corrected)).json().code).toBe('LOGIN_DATA_CODE_REQUIRED');
    const since = smtp.messages.length;
    const user = (path: string, method: 'POST' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: `/api/user${path}`,
        remoteAddress: ip,
        cookies: { galeno_session: owner },
        ...(payload ? { payload } : {}),
      });
    expect((await user('/login-data/code', 'POST')).statusCode).toBe(200);
    const code = codeFromSubject((await smtp.waitFor(email, { since, subject: /datos de acceso/ })).subject);
    const confirmed = await user('/login-data', 'PUT', { ...corrected, code });
    expect(confirmed.json()).toEqual({ fallbackLogin: { dateOfBirth: '1995-07-20', phoneNumber: '5544443333', confirmed: true } });
    expect((await post('/login/birthdate', { email, birthdate: '1980-01-01', phoneNumber: '5599990000' })).statusCode).toBe(401);
    expect((await post('/login/birthdate', { email, birthdate: '1995-07-20', phoneNumber: '5544443333' })).statusCode).toBe(200);
  });

  it('answer a staff address exactly like any other: a wrong guess alike, the right one like a wrong one, only the code opens', async () => {
    const staff = await signUpWithFallback({ email: 'equipo@galeno.test' });
    const student = await signUpWithFallback();
    const wrongStaff = await post('/login/birthdate', { email: staff.email, birthdate: '1999-04-15', phoneNumber: '5512345678' });
    const wrongStudent = await post('/login/birthdate', { email: student.email, birthdate: '1999-04-15', phoneNumber: '5512345678' });
    expect(wrongStaff.statusCode).toBe(wrongStudent.statusCode);
    expect(wrongStaff.body).toBe(wrongStudent.body);
    const wrongStaffPhone = await post('/login/phone-number', { email: staff.email, birthdate: '1998-04-15', phoneNumber: '5500000000' });
    const wrongStudentPhone = await post('/login/phone-number', {
      email: student.email,
      birthdate: '1998-04-15',
      phoneNumber: '5500000000',
    });
    expect(wrongStaffPhone.body).toBe(wrongStudentPhone.body);
    const failures = await failuresOf(staff.email);
    const rightStaff = await post('/login/birthdate', { email: staff.email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(rightStaff.statusCode).toBe(401);
    expect(rightStaff.body).toBe(wrongStaff.body);
    expect(cookieOf(rightStaff)).toBeUndefined();
    const rightStaffPhone = await post('/login/phone-number', { email: staff.email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(rightStaffPhone.body).toBe(wrongStaffPhone.body);
    expect(await failuresOf(staff.email)).toBe(failures + 2);
    expect(await loginWithCode(staff.email)).toBeTruthy();
  });

  it('take only plausible birth dates, with signup’s message', async () => {
    const { email } = await signUpWithFallback();
    for (const birthdate of ['1800-01-01', '2099-01-01', `${new Date().getFullYear() - 5}-01-01`]) {
      const response = await post('/login/birthdate', { email, birthdate, phoneNumber: '5512345678' });
      expect(response.statusCode, birthdate).toBe(400);
      expect(response.json().errorMessage).toContain('Debes tener entre 13 y 120 años');
    }
    const cookie = (await signUpWithFallback()).cookie;
    expect((await putFallback(cookie, { dateOfBirth: '1800-01-01', phoneNumber: '5512345678' })).json().errorMessage).toContain(
      'Debes tener entre 13 y 120 años',
    );
  });

  it('take the birth date and the phone only together, at either path, and never say which one was wrong', async () => {
    const { email } = await signUpWithFallback();
    // One value alone is not a login any more (ux N11).
    expect((await post('/login/birthdate', { email, birthdate: '1998-04-15' })).statusCode).toBe(400);
    expect((await post('/login/phone-number', { email, phoneNumber: '5512345678' })).statusCode).toBe(400);
    const before = await failuresOf(email);
    for (const [path, code] of [
      ['/login/birthdate', 'BIRTHDATE_WRONG'],
      ['/login/phone-number', 'PHONE_WRONG'],
    ] as const) {
      const wrongDate = await post(path, { email, birthdate: '1999-04-15', phoneNumber: '5512345678' });
      const wrongPhone = await post(path, { email, birthdate: '1998-04-15', phoneNumber: '5500000000' });
      const bothWrong = await post(path, { email, birthdate: '1999-04-15', phoneNumber: '5500000000' });
      expect(wrongDate.statusCode).toBe(401);
      expect(wrongDate.json()).toEqual({ code, errorMessage: AUTH_MESSAGES.fallbackWrong });
      expect(wrongPhone.body).toBe(wrongDate.body);
      expect(bothWrong.body).toBe(wrongDate.body);
      expect(cookieOf(wrongPhone)).toBeUndefined();
    }
    expect(await failuresOf(email)).toBe(before + 6);
    expect((await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '+52 55 1234 5678' })).statusCode).toBe(200);
  });

  it('are offered only to an address that can use them: request-otp, user/exists and the code limit say so', async () => {
    const unconfirmed = await signUp();
    const confirmed = await signUpWithFallback();
    // The staff address (STAFF_EMAILS), confirmed as any student would; another test of this file may have made it.
    const staff = { email: 'equipo@galeno.test' };
    if (!(await post('/user/exists', staff)).json().exists) await signUpWithFallback(staff);
    for (const [email, offered] of [
      [unconfirmed.email, false],
      [confirmed.email, true],
      [staff.email, false],
    ] as const) {
      if (email !== staff.email)
        expect((await post('/request-otp', { email })).json(), email).toEqual({ success: true, fallbackLogin: offered });
      expect((await post('/user/exists', { email })).json(), email).toEqual({ exists: true, fallbackLogin: offered });
    }
    expect((await post('/user/exists', { email: 'nadie.aqui@example.com' })).json()).toEqual({ exists: false, fallbackLogin: false });
    // The code limit mentions the birth date and phone only where they work.
    const limited = async (email: string) => {
      let answer = await post('/request-otp', { email });
      for (let i = 0; i < 5 && answer.statusCode === 200; i++) answer = await post('/request-otp', { email });
      expect(answer.json().code).toBe('OTP_REQUEST_LIMIT');
      return answer.json().errorMessage as string;
    };
    expect(await limited(confirmed.email)).toContain('entra con tu fecha de nacimiento y tu teléfono');
    expect(await limited(unconfirmed.email)).not.toContain('fecha de nacimiento');
  });

  it('refuse the eleventh failure in an hour from one network even when right, while the code login keeps working', async () => {
    const { email } = await signUpWithFallback();
    for (let i = 0; i < 10; i++) {
      const response =
        i % 2
          ? await post('/login/phone-number', { email, birthdate: '1998-04-15', phoneNumber: '5500000000' })
          : await post('/login/birthdate', { email, birthdate: '2000-01-01', phoneNumber: '5512345678' });
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ code: 'KNOWLEDGE_LOGIN_LOCKED', errorMessage: AUTH_MESSAGES.knowledgeLocked });
    expect(await loginWithCode(email)).toBeTruthy();
  });

  it('keep one failure budget per network and account across every spelling of the address', async () => {
    const { email } = await signUpWithFallback();
    const spellings = [
      '/api/staggered-auth/login/birthdate',
      '/%61pi/staggered-auth/login/birthdate',
      '/api/staggered-auth/login/birthdat%65',
      '/api/staggered-auth/login/birthdate?x=1',
    ];
    const codes: string[] = [];
    // 20: the per-IP limit of the route (a minute's worth from one address).
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: spellings[i % spellings.length]!,
        payload: { email, birthdate: '2000-01-01', phoneNumber: '5512345678' },
        remoteAddress: '198.51.102.7',
      });
      codes.push(response.json().code as string);
    }
    expect(codes.filter((code) => code === 'BIRTHDATE_WRONG')).toHaveLength(10);
    expect(codes.filter((code) => code === 'KNOWLEDGE_LOGIN_LOCKED')).toHaveLength(10);
  });

  it('cannot be outrun by parallel guesses: of 19 at once from one network at most 10 are judged, then even the right one is refused', async () => {
    const { email } = await signUpWithFallback();
    const guess = (birthdate: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staggered-auth/login/birthdate',
        payload: { email, birthdate, phoneNumber: '5512345678' },
        remoteAddress,
      });
    // 19 and then one more: the per-IP limit of the route is 20 a minute.
    const guesses = await Promise.all(Array.from({ length: 19 }, () => guess('2000-01-01', '198.51.101.7')));
    const codes = guesses.map((response) => response.json().code as string);
    expect(codes.filter((code) => code === 'BIRTHDATE_WRONG')).toHaveLength(10);
    expect(codes.filter((code) => code === 'KNOWLEDGE_LOGIN_LOCKED')).toHaveLength(9);
    expect(await failuresOf(email)).toBe(10);

    const right = await guess('1998-04-15', '198.51.101.7');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('KNOWLEDGE_LOGIN_LOCKED');
    expect(cookieOf(right)).toBeUndefined();
    // Another network still has its own budget.
    expect((await guess('1998-04-15', '198.51.101.8')).statusCode).toBe(200);
  });

  it('keep a ceiling per account: of 40 parallel guesses from 40 networks at most 30 are judged in the hour', async () => {
    const { email } = await signUpWithFallback();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/staggered-auth/login/phone-number',
          payload: { email, birthdate: '2000-01-01', phoneNumber: '5512345678' },
          remoteAddress: `198.51.103.${i}`,
        }),
      ),
    );
    const codes = guesses.map((response) => response.json().code as string);
    expect(codes.filter((code) => code === 'PHONE_WRONG')).toHaveLength(30);
    expect(codes.filter((code) => code === 'KNOWLEDGE_LOGIN_LOCKED')).toHaveLength(10);
    expect(await failuresOf(email)).toBe(30);
  });
});

describe('a stranger cannot lock the owner out (security review F2)', () => {
  const codeMailsTo = (email: string) => smtp.messages.filter((m) => m.to === email && /^\d{6} es tu código/.test(m.subject));

  it('codes asked and failed, and birth dates failed, from one network never stop the owner on another', async () => {
    const { email } = await signUpWithFallback();
    // The stranger, on 127.0.0.2: three codes, five wrong tries on the live one, five wrong birth dates.
    ip = '127.0.0.2';
    const before = codeMailsTo(email).length;
    for (let i = 0; i < 3; i++) expect((await post('/request-otp', { email })).statusCode).toBe(200);
    expect((await post('/request-otp', { email })).json().code).toBe('OTP_REQUEST_LIMIT');
    await expect.poll(() => codeMailsTo(email).length).toBe(before + 3);
    const mailed = codeFromSubject(codeMailsTo(email).at(-1)!.subject);
    const wrong = mailed === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/login/otp', { email, otpCode: wrong })).json().code).toBe('OTP_WRONG');
    expect((await post('/login/otp', { email, otpCode: mailed })).json().code).toBe('OTP_LOCKED');
    for (let i = 0; i < 5; i++)
      expect((await post('/login/birthdate', { email, birthdate: '2000-01-01', phoneNumber: '5512345678' })).json().code).toBe(
        'BIRTHDATE_WRONG',
      );
    expect((await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' })).json().code).toBe(
      'KNOWLEDGE_LOGIN_LOCKED',
    );

    // The owner, on 127.0.0.1: the code the stranger failed still works here, a fresh one can be asked for and works,
    // and the birth date and phone open the account.
    ip = '127.0.0.1';
    const owner = await post('/login/otp', { email, otpCode: mailed });
    expect(owner.statusCode).toBe(200);
    expect(await loginWithCode(email)).toBeTruthy();
    expect((await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' })).statusCode).toBe(200);
  });

  it('keeps a ceiling per account across networks: 6 codes in 10 minutes, 10 wrong tries on one code', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) {
      ip = `127.0.1.${i}`;
      expect((await post('/request-otp', { email })).statusCode).toBe(200);
    }
    ip = '127.0.1.9';
    const ceiling = (await post('/request-otp', { email })).json();
    expect(ceiling.code).toBe('OTP_REQUEST_LIMIT');
    expect(ceiling.errorMessage).toMatch(/^Se pidieron demasiados códigos para esta cuenta en los últimos 10 minutos\./);
    await expect.poll(() => codeMailsTo(email).length).toBe(6);
    const mailed = codeFromSubject(codeMailsTo(email).at(-1)!.subject);
    const wrong = mailed === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) {
      ip = `127.0.2.${i % 5}`;
      expect((await post('/login/otp', { email, otpCode: wrong })).json().code).toBe('OTP_WRONG');
    }
    ip = '127.0.2.9';
    expect((await post('/login/otp', { email, otpCode: mailed })).json().code).toBe('OTP_LOCKED');
  });

  it('never keeps the owner out on a device the account signed in on, whatever strangers spent from many networks', async () => {
    const { email } = await signUp();
    // The owner signed in on her phone once: the login gave it a device cookie, kept with the session.
    const since = smtp.messages.length;
    expect((await post('/request-otp', { email })).statusCode).toBe(200);
    const login = await post('/login/otp', { email, otpCode: codeFromSubject((await smtp.waitFor(email, { since })).subject) });
    const device = login.cookies.find((cookie) => cookie.name === 'galeno_device')!.value;
    // Strangers on five networks spend the account's ceiling.
    for (let i = 0; i < 5; i++) {
      ip = `127.0.3.${i}`;
      await post('/request-otp', { email });
    }
    ip = '127.0.3.9';
    expect((await post('/request-otp', { email })).json().code).toBe('OTP_REQUEST_LIMIT');
    // The owner, signed out, on her own phone from yet another network: a fresh code, which signs her in.
    ip = '127.0.3.10';
    const before = smtp.messages.length;
    const owner = (payload: object, url = '/request-otp') =>
      t.app.inject({ method: 'POST', url: `/api/staggered-auth${url}`, payload, remoteAddress: ip, cookies: { galeno_device: device } });
    expect((await owner({ email })).statusCode).toBe(200);
    const code = codeFromSubject((await smtp.waitFor(email, { since: before })).subject);
    expect((await owner({ email, otpCode: code }, '/login/otp')).statusCode).toBe(200);
    // Another device is still held to the ceiling.
    ip = '127.0.3.11';
    expect((await post('/request-otp', { email })).json().code).toBe('OTP_REQUEST_LIMIT');
  });
});

describe('sessions', () => {
  it('"Cerrar sesión en todos los dispositivos" ends every session of the account, and only that account’s', async () => {
    const { email } = await signUp();
    const phone = await loginWithCode(email);
    const laptop = await loginWithCode(email);
    const other = await loginWithCode((await signUp()).email);
    const response = await post('/logout-all', {}, laptop);
    expect(response.json()).toEqual({ success: true });
    expect(response.cookies.find((c) => c.name === 'galeno_session')?.value).toBe('');
    expect((await get('/api/staggered-auth/user/me', phone)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/user/me', laptop)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/user/me', other)).statusCode).toBe(200);
    expect((await post('/logout-all', {})).statusCode).toBe(401);
  });

  it('refuses addresses a mailer could read another recipient into, at signup and login', async () => {
    for (const email of [
      '"ana@example.com" <evil@x.test>',
      'ana@example.com,evil@x.test',
      'Ana <ana@example.com>',
      'ana@example.com (x)',
    ]) {
      const signup = await post('/user/signup', {
        email,
        name: 'Ana Pérez',
        dateOfBirth: '1998-04-15',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
      });
      expect(signup.statusCode, email).toBe(400);
      expect((await post('/request-otp', { email })).statusCode, email).toBe(400);
    }
  });

  it('refresh rotates the token; the old one stops working after the grace period', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    const refresh = await get('/api/staggered-auth/token/refresh', cookie);
    // It names who is signed in, as user/me would: the app opens with one round trip (issue 41).
    expect(refresh.json()).toEqual({ success: true, authUser: (await get('/api/staggered-auth/user/me', cookieOf(refresh)!)).json().authUser });
    expect(refresh.json().authUser).toMatchObject({ email, isTrial: false });
    const rotated = cookieOf(refresh)!;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(cookie);
    expect((await get('/api/staggered-auth/user/me', rotated)).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 120_000) });
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/user/me', rotated)).statusCode).toBe(200);
  });

  it('concurrent refreshes with one cookie rotate once, so every cookie the browser can end up with keeps working', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    const refreshes = await Promise.all(Array.from({ length: 8 }, () => get('/api/staggered-auth/token/refresh', cookie)));
    for (const refresh of refreshes) expect(refresh.json()).toMatchObject({ success: true, authUser: { isTrial: false } });
    // The browser keeps the last Set-Cookie it received, whichever answer that was.
    const issued = refreshes.map(cookieOf).filter((value): value is string => Boolean(value));
    expect(issued).toHaveLength(1);
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(200); // the grace period
    // Long after the grace period, the cookie it ended up with still works.
    await t.database.db.update(sessions).set({ rotatedAt: new Date(Date.now() - 120_000) });
    expect((await get('/api/staggered-auth/user/me', issued[0])).statusCode).toBe(200);
    const next = await get('/api/staggered-auth/token/refresh', issued[0]);
    expect(next.json()).toMatchObject({ success: true, authUser: { email } });
    expect((await get('/api/staggered-auth/user/me', cookieOf(next))).statusCode).toBe(200);
  });

  it('refresh without a session answers success=false', async () => {
    expect((await get('/api/staggered-auth/token/refresh')).json()).toEqual({ success: false });
    expect((await get('/api/staggered-auth/token/refresh', 'forged-token')).json()).toEqual({ success: false });
  });

  it('logout makes the old cookie useless', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    const logout = await t.app.inject({ method: 'POST', url: '/api/staggered-auth/logout', cookies: { galeno_session: cookie } });
    expect(logout.json()).toEqual({ success: true });
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/user/profile', cookie)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/token/refresh', cookie)).json()).toEqual({ success: false });
  });

  it('ends a session idle for 7 days', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 7 * 86_400_000 - 1000) });
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(401);
  });
});

describe('«No fui yo» (issue 20)', () => {
  it('the login notice carries a signed link that ends every session and turns the birth-date and phone logins off', async () => {
    const { email, cookie } = await signUpWithFallback();
    const since = smtp.messages.length;
    const byDate = await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(byDate.statusCode).toBe(200);
    const notice = await smtp.waitFor(email, { since, subject: /^Nuevo inicio de sesión/ });
    const link = new URL(/https?:\/\/\S+\/no-fui-yo\?\S+/.exec(notice.text)![0]);
    const body = { u: link.searchParams.get('u'), t: link.searchParams.get('t'), s: link.searchParams.get('s') };

    // A forged or altered link does nothing.
    expect((await post('/not-me', { ...body, s: `${body.s}x` })).json().code).toBe('NOT_ME_LINK_INVALID');
    expect((await post('/not-me', { ...body, t: String(Number(body.t) - 1) })).json().code).toBe('NOT_ME_LINK_INVALID');
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(200);

    expect((await post('/not-me', body)).json()).toEqual({ success: true });
    expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/user/me', cookieOf(byDate))).statusCode).toBe(401);
    // The birth date no longer opens the account; the e-mailed code still does.
    expect((await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' })).json().code).toBe(
      'BIRTHDATE_WRONG',
    );
    await loginWithCode(email);
  });
});

describe('«No fui yo» replay (security review F9)', () => {
  /** Signs in with the birth date and phone and returns the «No fui yo» link of its notice. */
  async function fallbackLoginLink(email: string) {
    const since = smtp.messages.length;
    const login = await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' });
    expect(login.statusCode).toBe(200);
    const notice = await smtp.waitFor(email, { since, subject: /^Nuevo inicio de sesión/ });
    const link = new URL(/https?:\/\/\S+\/no-fui-yo\?\S+/.exec(notice.text)![0]);
    return { u: link.searchParams.get('u'), t: link.searchParams.get('t'), s: link.searchParams.get('s') };
  }

  it('a link works once, spends the links of earlier logins, and is void once the owner re-secures the account', async () => {
    const { email, body } = await signUpWithFallback();
    const first = await fallbackLoginLink(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await fallbackLoginLink(email);
    expect((await post('/not-me', second)).json()).toEqual({ success: true });

    // The owner signs in with a code; replaying the used link, or following the earlier one, ends nothing.
    const owner = await loginWithCode(email);
    for (const link of [second, first]) {
      const replay = await post('/not-me', link);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('NOT_ME_LINK_INVALID');
    }
    expect((await get('/api/staggered-auth/user/me', owner)).statusCode).toBe(200);

    // The owner confirms the birth date and phone again; a link never followed is void once they are confirmed
    // again after its login.
    expect((await putFallback(owner, { dateOfBirth: body.dateOfBirth, phoneNumber: body.phoneNumber })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const unused = await fallbackLoginLink(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await putFallback(owner, { dateOfBirth: body.dateOfBirth, phoneNumber: body.phoneNumber })).statusCode).toBe(200);
    expect((await post('/not-me', unused)).json().code).toBe('NOT_ME_LINK_INVALID');
    expect((await get('/api/staggered-auth/user/me', owner)).statusCode).toBe(200);
    expect((await post('/login/birthdate', { email, birthdate: '1998-04-15', phoneNumber: '5512345678' })).statusCode).toBe(200);
  });
});

describe('pre-registration (security review F5)', () => {
  const stranger = 'AAAAAAAAAAAAAAAAAAAAAA';
  const owner = 'BBBBBBBBBBBBBBBBBBBBBB';
  /** Signs up with an affiliate from a browser with the given device cookie (none: a browser without one). */
  async function signUpReferred(email: string, device: string | null, data: Record<string, string> = {}) {
    const { affiliates } = await import('../../db/schema/affiliates.ts');
    await t.database.db
      .insert(affiliates)
      .values({ shortId: 'dra-previa', name: 'Dra. Previa', ownerEmail: 'previa@example.com' })
      .onConflictDoNothing();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/user/signup',
      payload: {
        email,
        name: 'Ana Pérez',
        dateOfBirth: '1998-04-15',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
        affiliateId: 'dra-previa',
        ...data,
      },
      remoteAddress: ip,
      ...(device ? { cookies: { galeno_device: device } } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response;
  }
  /** The first code login, from a browser with the given device cookie. */
  async function proveAddress(email: string, device: string | null) {
    const since = smtp.messages.length;
    expect((await post('/request-otp', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor(email, { since });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/login/otp',
      payload: { email, otpCode: codeFromSubject(mail.subject) },
      remoteAddress: ip,
      ...(device ? { cookies: { galeno_device: device } } : {}),
    });
    expect(login.statusCode).toBe(200);
    return cookieOf(login)!;
  }
  const stored = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;

  it('drops an affiliate chosen at signup when another device proves the address; the typed data waits for the owner', async () => {
    const email = `previa${++userCounter}@example.com`;
    await signUpReferred(email, stranger, { name: 'Nombre Del Atacante', dateOfBirth: '1990-01-01', phoneNumber: '5500000000' });
    expect((await stored(email)).affiliateShortId).toBe('dra-previa');
    const session = await proveAddress(email, owner);
    expect((await stored(email)).affiliateShortId).toBeNull();
    // The birth date and phone typed by whoever signed up are shown to the owner, unconfirmed, and open nothing.
    const profile = await get('/api/user/profile', session);
    expect(profile.json().fallbackLogin).toEqual({ dateOfBirth: '1990-01-01', phoneNumber: '5500000000', confirmed: false });
    expect((await post('/login/birthdate', { email, birthdate: '1990-01-01', phoneNumber: '5500000000' })).statusCode).toBe(401);
  });

  it('drops it as well when the proving browser has no device cookie', async () => {
    const email = `previa${++userCounter}@example.com`;
    await signUpReferred(email, stranger);
    await proveAddress(email, null);
    expect((await stored(email)).affiliateShortId).toBeNull();
  });

  it('keeps it when the device that signed up proves the address, also one that got its device cookie at signup', async () => {
    const email = `referida${++userCounter}@example.com`;
    await signUpReferred(email, owner);
    await proveAddress(email, owner);
    expect((await stored(email)).affiliateShortId).toBe('dra-previa');

    const fresh = `referida${++userCounter}@example.com`;
    const signed = await signUpReferred(fresh, null);
    const device = signed.cookies.find((cookie) => cookie.name === 'galeno_device')?.value;
    expect(device).toBeTruthy();
    await proveAddress(fresh, device!);
    expect((await stored(fresh)).affiliateShortId).toBe('dra-previa');
  });
});

describe('a personal membership (issue 20)', () => {
  it('keeps at most two devices signed in: a third ends the oldest, which is told why', async () => {
    const { email } = await signUp();
    const phone = await loginWithCode(email);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    const laptop = (await sessionCookieFor(t.database.db, account!)).galeno_session;
    expect((await get('/api/staggered-auth/user/me', phone)).statusCode).toBe(200);
    // A third device: the least recently used session (the phone, an hour ago) ends, and the sign-in says so.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.tokenHash, createHash('sha256').update(phone).digest('base64url')));
    const since = smtp.messages.length;
    expect((await post('/request-otp', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor(email, { since });
    const third = await post('/login/otp', { email, otpCode: codeFromSubject(mail.subject) });
    expect(third.json()).toMatchObject({ endedOtherSession: true });
    const tablet = cookieOf(third)!;
    expect((await get('/api/staggered-auth/user/me', phone)).statusCode).toBe(401);
    expect((await get('/api/staggered-auth/token/refresh', phone)).json()).toEqual({ success: false, reason: 'device_limit' });
    expect((await get('/api/staggered-auth/user/me', laptop)).statusCode).toBe(200);
    expect((await get('/api/staggered-auth/user/me', tablet)).statusCode).toBe(200);
    // A second device alone ends nothing.
    const other = await signUp();
    await loginWithCode(other.email);
    const since2 = smtp.messages.length;
    await post('/request-otp', { email: other.email });
    const second = await post('/login/otp', {
      email: other.email,
      otpCode: codeFromSubject((await smtp.waitFor(other.email, { since: since2 })).subject),
    });
    expect(second.json().endedOtherSession).toBeUndefined();
  });
});

describe('trial', () => {
  it("is not started by another site (an <img> or link elsewhere cannot spend the day's trials)", async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/staggered-auth/login/trial-period',
        headers: { 'sec-fetch-site': site },
        remoteAddress: '203.0.113.77',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_SITE_REQUEST');
      expect(cookieOf(response)).toBeUndefined();
    }
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/staggered-auth/login/trial-period',
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: '203.0.113.77',
    });
    expect(own.statusCode).toBe(200);
  });

  it('opens a trial session that the server ends after TRIAL_SECONDS', async () => {
    const response = await get('/api/staggered-auth/login/trial-period');
    expect(response.statusCode).toBe(200);
    const { authUser } = response.json();
    expect(authUser).toMatchObject({ id: 'TRIAL', name: 'Alumno de Galeno', isTrial: true });
    expect(Date.parse(authUser.trialEndsAt) - Date.now()).toBeLessThanOrEqual(1000);
    const cookie = cookieOf(response)!;
    expect((await get('/api/staggered-auth/user/me', cookie)).json().authUser.id).toBe('TRIAL');
    expect((await get('/api/user/profile', cookie)).statusCode).toBe(403);
    // A fake clock a second and a bit later, instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1_100);
      expect((await get('/api/staggered-auth/user/me', cookie)).statusCode).toBe(401);
      expect((await get('/api/staggered-auth/token/refresh', cookie)).json()).toEqual({ success: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('never ends a signed-in account: a trial link answers with that account and leaves its cookie alone', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    const trialSessions = async () => (await t.database.db.select().from(sessions).where(eq(sessions.isTrial, true))).length;
    const trialsBefore = await trialSessions();
    const response = await get('/api/staggered-auth/login/trial-period', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().authUser).toMatchObject({ email, isTrial: false });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/staggered-auth/user/me', cookie)).json().authUser.email).toBe(email);
    expect(await trialSessions()).toBe(trialsBefore);
  });

  it('replaces an earlier trial session with a new trial', async () => {
    const first = cookieOf(await get('/api/staggered-auth/login/trial-period'))!;
    const second = await get('/api/staggered-auth/login/trial-period', first);
    expect(second.json().authUser.isTrial).toBe(true);
    expect(cookieOf(second)).not.toBe(first);
    expect((await get('/api/staggered-auth/user/me', first)).statusCode).toBe(401);
  });

  it('counts trials per device: the fourth of one device in a day is refused, while a classmate on the same network starts theirs', async () => {
    const start = (device?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/staggered-auth/login/trial-period',
        remoteAddress: ip,
        ...(device ? { cookies: { galeno_device: device } } : {}),
      });
    const first = await start();
    const device = first.cookies.find((cookie) => cookie.name === 'galeno_device')!.value;
    for (let i = 0; i < 2; i++) expect((await start(device)).statusCode).toBe(200);
    const fourth = await start(device);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'TRIAL_LIMIT',
      errorMessage: 'Ya usaste la prueba gratuita 3 veces hoy en este dispositivo. Crea tu cuenta gratis para seguir estudiando.',
    });
    expect((await start()).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('saves the speciality, and changes it later (ux N18)', async () => {
    const { email } = await signUp();
    const cookie = await loginWithCode(email);
    expect((await get('/api/user/profile', cookie)).json().speciality).toBeNull();
    const patch = (speciality: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/user/update-speciality', payload: { speciality }, cookies: { galeno_session: cookie } });
    expect((await patch('Especialidad inventada')).statusCode).toBe(400);
    expect((await patch('Pediatría')).json()).toEqual({ success: true });
    expect((await get('/api/user/profile', cookie)).json().speciality).toBe('Pediatría');
    expect((await patch('Psiquiatría')).json()).toEqual({ success: true });
    expect((await get('/api/user/profile', cookie)).json().speciality).toBe('Psiquiatría');
  });

  it('needs a session', async () => {
    expect((await get('/api/user/profile')).statusCode).toBe(401);
  });
});

describe('malformed bodies', () => {
  const routes = ['/user/exists', '/request-otp', '/login/otp', '/login/opt', '/login/birthdate', '/login/phone-number', '/user/signup'];
  const bodies: unknown[] = [
    {},
    [],
    'texto',
    42,
    null,
    { email: 5 },
    { email: 'x'.repeat(10_000) },
    { email: 'a@b.co', otpCode: { $gt: '' } },
    { email: 'a@b.co', birthdate: '31/12/1990' },
  ];
  const invalidForEveryRoute = 7;
  it('never produce a 500', async () => {
    for (const url of routes) {
      for (const body of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/staggered-auth${url}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: `192.0.2.${routes.indexOf(url)}`,
        });
        // Extra fields are dropped by the contracts, so a few of these are valid requests.
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().errorMessage).toBe('string');
        if (bodies.indexOf(body) < invalidForEveryRoute) expect(response.statusCode).toBe(400);
      }
    }
  });
});

describe('e-mail failure', () => {
  it('gives the spec message and keeps the previous code working', async () => {
    const failing = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const { users } = await import('../../db/schema/users.ts');
      await failing.database.db
        .insert(users)
        .values({ email: 'fallo@example.com', name: 'Fallo', dateOfBirth: '1990-01-01', phoneNumber: '5512345678' });
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/staggered-auth/request-otp',
        payload: { email: 'fallo@example.com' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'EMAIL_SEND_FAILED', errorMessage: 'Error al enviar el código. Intenta nuevamente.' });
      const { otpCodes } = await import('../../db/schema/auth.ts');
      expect(await failing.database.db.select().from(otpCodes)).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});

describe('cookies over https', () => {
  it('are Secure and __Host- prefixed', async () => {
    const secure = await createTestApp({ SMTP_URL: smtp.url, APP_ORIGIN: 'https://galeno.example' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/staggered-auth/login/trial-period' });
      const setCookies = [response.headers['set-cookie']].flat().map(String);
      // The session and the device cookie (decision 019).
      expect(setCookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['__Host-galeno_device', '__Host-galeno_session']);
      for (const setCookie of setCookies) {
        expect(setCookie).toMatch(/Secure/);
        expect(setCookie).toMatch(/HttpOnly/);
        expect(setCookie).toMatch(/Path=\//);
      }
      expect(response.headers['strict-transport-security']).toContain('max-age');
    } finally {
      await secure.close();
    }
  });
});

it('stores session tokens only as hashes', async () => {
  const { email } = await signUp();
  const cookie = await loginWithCode(email);
  const rows = await t.database.db.select().from(sessions);
  expect(rows.some((row) => row.tokenHash === cookie)).toBe(false);
  expect(rows.every((row) => !JSON.stringify(row).includes(cookie))).toBe(true);
});
