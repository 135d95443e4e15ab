import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the exam year', () => {
  it('is saved for the account, shown in the profile, cleared with null, and refused outside the offered years', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/exam-year', cookies, payload });
    const profile = async () => (await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies })).json();

    expect((await profile()).examYear).toBeNull();
    expect((await put({ examYear: 2027 })).json()).toEqual({ examYear: 2027 });
    expect((await profile()).examYear).toBe(2027);
    expect((await put({ examYear: null })).statusCode).toBe(200);
    expect((await profile()).examYear).toBeNull();
    const refused = await put({ examYear: 1999 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorMessage).toContain('Elige el año de tu examen.');
    // A trial has no account to keep it in.
    const trial = await sessionCookieFor(t.database.db, null);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/user/exam-year', cookies: trial, payload: { examYear: 2027 } })).statusCode,
    ).toBe(403);
  });
});
