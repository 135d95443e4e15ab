import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';

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

describe('«Descargar mis datos»', () => {
  it('gives the student a JSON file of what is held about them, their answers included, and nothing of anyone else or any secret', async () => {
    await createSingleQuestions(t.database.db, [singleQuestionContent('sq-export-1')]);
    const user = await createUser(t.database.db, { name: 'Dra. Exporta' });
    const cookies = await sessionCookieFor(t.database.db, user);
    const other = await createUser(t.database.db);
    const otherCookies = await sessionCookieFor(t.database.db, other);
    for (const [as, selected] of [
      [cookies, 0],
      [otherCookies, 1],
    ] as const)
      await t.app.inject({
        method: 'POST',
        url: '/api/quiz/evaluate/question',
        cookies: as,
        payload: { questionId: 'sq-export-1', optionSelectedIndex: selected },
      });

    const response = await t.app.inject({ method: 'GET', url: '/api/user/export', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({ email: user.email, name: 'Dra. Exporta', dateOfBirth: user.dateOfBirth });
    expect(data.answers).toEqual([expect.objectContaining({ questionId: 'sq-export-1', selectedIndex: 0, correct: true })]);
    expect(data.logins.length).toBeGreaterThan(0);
    expect(response.body).not.toContain('tokenHash');
    expect(response.body).not.toContain('codeHash');
    expect(response.body).not.toContain(other.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });

  it('gives one account five an hour, however many addresses it asks from; another account keeps its own', async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const from = (address: number, as = cookies) =>
      t.app.inject({ method: 'GET', url: '/api/user/export', cookies: as, remoteAddress: `127.0.8.${address}` });
    for (let address = 1; address <= 5; address++) expect((await from(address)).statusCode).toBe(200);
    const refused = await from(6);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_RATE_LIMITED',
      errorMessage: 'Ya descargaste tus datos varias veces en la última hora. Intenta nuevamente más tarde.',
    });
    expect((await from(7, await sessionCookieFor(t.database.db, await createUser(t.database.db)))).statusCode).toBe(200);
  });
});
