import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';
import { upsertGuides } from '../content/load.ts';
import { itemReports } from '../../db/schema/reports.ts';
import { REPORTS_PER_STUDENT_PER_DAY } from './service.ts';

let t: TestApp;
let staff: { galeno_session: string };

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAILS: 'staff@galeno.mx' });
  staff = await sessionCookieFor(t.database.db, await createUser(t.database.db, { email: 'staff@galeno.mx' }));
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-rep-001'), singleQuestionContent('q-rep-002')]);
  await upsertGuides(t.database.db, [
    {
      id: 'gpc-rep',
      guideName: 'Guía de reportes',
      category: 'Medicina Interna',
      yearOfUpdate: 2024,
      flashcards: [{ id: 'gpc-rep-01', question: '¿Dosis?', answer: '1 g', explanation: 'Porque sí.' }],
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
  return (payload: object) => t.app.inject({ method: 'POST', url: '/api/reports', cookies, payload });
}

describe('"Reportar un error"', () => {
  it('files a report on a question or a flashcard, and refuses unknown items, bad reasons and overlong text with Spanish messages', async () => {
    const report = await student();
    const first = await report({
      itemKind: 'question',
      itemId: 'q-rep-001',
      reason: 'respuesta-incorrecta',
      detail: 'La guía 2024 cambió la dosis.',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().openReportsOnItem).toBe(1);
    expect((await report({ itemKind: 'flashcard', itemId: 'gpc-rep-01', reason: 'desactualizada' })).statusCode).toBe(200);

    expect((await report({ itemKind: 'question', itemId: 'no-existe', reason: 'otro' })).json().errorMessage).toBe(
      'No encontramos lo que quieres reportar: puede que ya no esté disponible.',
    );
    expect((await report({ itemKind: 'question', itemId: 'q-rep-001', reason: 'me-cae-mal' })).json().errorMessage).toContain(
      'Elige el motivo del reporte.',
    );
    expect(
      (await report({ itemKind: 'question', itemId: 'q-rep-001', reason: 'otro', detail: 'x'.repeat(1001) })).json().errorMessage,
    ).toContain('Escribe como máximo 1000 caracteres.');
  });

  it('lets one student report an item a few times, not flood the queue', async () => {
    const report = await student();
    for (let i = 0; i < 3; i++)
      expect((await report({ itemKind: 'question', itemId: 'q-rep-002', reason: 'redaccion' })).statusCode).toBe(200);
    const fourth = await report({ itemKind: 'question', itemId: 'q-rep-002', reason: 'redaccion' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REPORTS');
  });

  it('caps one account at 50 reports a day, however many addresses it writes from', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const from = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        cookies,
        remoteAddress: address,
        payload: { itemKind: 'flashcard', itemId: 'gpc-rep-01', reason: 'otro' },
      });
    const day = 24 * 60 * 60_000;
    const filed = (count: number, at: Date) =>
      Array.from({ length: count }, (_, index) => ({
        userId: user.id,
        itemKind: 'question' as const,
        itemId: `q-rep-old-${index}`,
        reason: 'otro',
        createdAt: at,
        resolvedAt: at,
      }));
    // Yesterday's reports no longer count; today's do.
    await t.database.db.insert(itemReports).values(filed(REPORTS_PER_STUDENT_PER_DAY, new Date(Date.now() - day - 60_000)));
    await t.database.db.insert(itemReports).values(filed(REPORTS_PER_STUDENT_PER_DAY - 1, new Date(Date.now() - 60_000)));
    expect((await from('127.0.9.1')).statusCode).toBe(200);
    for (const address of ['127.0.9.2', '127.0.9.3']) {
      const refused = await from(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_REPORTS_TODAY',
        errorMessage: 'Ya enviaste muchos reportes en las últimas 24 horas. Gracias: los revisaremos y podrás enviar más mañana.',
      });
    }
    // Out of the staff queue the next test reads.
    await t.database.db.update(itemReports).set({ resolvedAt: new Date() }).where(eq(itemReports.userId, user.id));
  });

  it('needs an account: a trial is asked to sign up', async () => {
    const trial = await t.app.inject({
      method: 'GET',
      url: '/api/staggered-auth/login/trial-period',
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: '198.51.100.90',
    });
    const cookie = trial.cookies.find((entry) => entry.name === 'galeno_session')!.value;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      cookies: { galeno_session: cookie },
      payload: { itemKind: 'question', itemId: 'q-rep-001', reason: 'otro' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the staff queue of reports', () => {
  it('is for staff only, lists reported items with counts, reasons and the students’ words, and resolves them', async () => {
    const someone = await student();
    await someone({ itemKind: 'question', itemId: 'q-rep-001', reason: 'respuesta-incorrecta', detail: 'Debería ser la C.' });
    const notStaff = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    expect((await t.app.inject({ method: 'GET', url: '/api/reports', cookies: notStaff })).statusCode).toBe(403);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/reports', cookies: staff })).json();
    const byId = Object.fromEntries(queue.items.map((item: { itemId: string }) => [item.itemId, item]));
    expect(byId['q-rep-002']).toMatchObject({ itemKind: 'question', openReports: 3, reasons: [{ reason: 'redaccion', count: 3 }] });
    expect(byId['q-rep-001']).toMatchObject({ openReports: 2, reasons: [{ reason: 'respuesta-incorrecta', count: 2 }] });
    expect(byId['q-rep-001'].details.map((entry: { detail: string }) => entry.detail)).toEqual([
      'Debería ser la C.',
      'La guía 2024 cambió la dosis.',
    ]);
    expect(byId['gpc-rep-01']).toMatchObject({ itemKind: 'flashcard', text: '¿Dosis?', openReports: 1 });
    // Most reported first.
    expect(queue.items[0].itemId).toBe('q-rep-002');
    expect(queue.totalOpen).toBe(6);
    // Nothing in the queue says who reported.
    expect(JSON.stringify(queue)).not.toMatch(/userId|email/);

    const resolved = await t.app.inject({
      method: 'POST',
      url: '/api/reports/question/q-rep-001/resolve',
      cookies: staff,
      payload: { resolution: 'corregido' },
    });
    expect(resolved.json()).toEqual({ resolved: 2 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports/question/q-rep-001/resolve',
          cookies: staff,
          payload: { resolution: 'corregido' },
        })
      ).statusCode,
    ).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/reports', cookies: staff })).json();
    expect(after.items.map((item: { itemId: string }) => item.itemId)).not.toContain('q-rep-001');
    expect(after.totalOpen).toBe(4);
  });
});
