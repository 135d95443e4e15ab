import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, singleQuestionContent } from '../../test/factories.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { requestCheckout } from '../../test/checkout.ts';
import { payments } from '../../db/schema/memberships.ts';
import { answers } from '../../db/schema/quiz.ts';
import { users } from '../../db/schema/users.ts';

// Issue 20, ARCO cancellation: an e-mail code confirms it; the account, its sessions and answers go; the
// payment stays without the person; the address can sign up again.
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await createSingleQuestions(t.database.db, [singleQuestionContent('sq-delete-1')]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inject = (method: 'GET' | 'POST', url: string, cookies: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

async function signUpAndLogIn(email: string) {
  const since = smtp.messages.length;
  const body = { email, name: 'Sam Borra', dateOfBirth: '1998-02-03', phoneNumber: '5512345678', acceptsPrivacyNotice: true };
  expect((await inject('POST', '/api/staggered-auth/user/signup', {}, body)).statusCode).toBe(200);
  const mail = await smtp.waitFor(email, { since });
  const login = await inject('POST', '/api/staggered-auth/login/otp', {}, { email, otpCode: codeFromSubject(mail.subject) });
  return { galeno_session: login.cookies.find((cookie) => cookie.name === 'galeno_session')!.value };
}

describe('«Eliminar mi cuenta»', () => {
  it('needs the code e-mailed for it, deletes the account and its answers, keeps the payment without the person, and frees the address', async () => {
    const email = 'borrar@example.com';
    const cookies = await signUpAndLogIn(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await inject('POST', '/api/quiz/evaluate/question', cookies, { questionId: 'sq-delete-1', optionSelectedIndex: 0 });
    // A paid payment through the local provider.
    const checkout = await requestCheckout(t, user!, {});
    const path = new URL(checkout.json().sessionUrl).pathname;
    await t.app.inject({
      method: 'POST',
      url: `${path}/complete`,
      cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

    // A checkout left open: closed with the account, so it can no longer be paid.
    const open = new URL((await requestCheckout(t, user!, { membershipTypeSelected: '1-year' })).json().sessionUrl).pathname
      .split('/')
      .pop()!;

    // Without the code (or with a wrong one) nothing happens.
    expect((await inject('POST', '/api/staggered-auth/account/delete', cookies, { otpCode: '000000' })).statusCode).toBe(400);
    const since = smtp.messages.length;
    expect((await inject('POST', '/api/staggered-auth/account/delete-code', cookies)).json()).toEqual({ success: true });
    const mail = await smtp.waitFor(email, { since, subject: /eliminar tu cuenta/ });
    expect(mail.subject).toMatch(/^\d{6} es tu código para eliminar tu cuenta de Galeno$/);
    expect(mail.text).toContain('no se puede deshacer');

    const deleted = await inject('POST', '/api/staggered-auth/account/delete', cookies, { otpCode: codeFromSubject(mail.subject) });
    expect(deleted.json()).toEqual({ success: true });
    expect(deleted.cookies.find((cookie) => cookie.name === 'galeno_session')?.value).toBe('');
    expect((await inject('GET', '/api/staggered-auth/user/me', cookies)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await t.database.db.select().from(answers).where(eq(answers.userId, user!.id))).toEqual([]);
    const kept = await t.database.db.select().from(payments).where(eq(payments.amountPaid, 930));
    expect(kept.some((row) => row.userId === null && row.status === 'paid')).toBe(true);
    const [closed] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, open));
    expect(closed).toMatchObject({ status: 'expired', userId: null });

    // The address is free again.
    await signUpAndLogIn(email);
  });

  it('is for a signed-in account only', async () => {
    expect((await inject('POST', '/api/staggered-auth/account/delete-code', {})).statusCode).toBe(401);
    expect((await inject('POST', '/api/staggered-auth/account/delete', {}, { otpCode: '123456' })).statusCode).toBe(401);
  });
});
