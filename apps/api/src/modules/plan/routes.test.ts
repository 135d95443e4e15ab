import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank } from '../../test/bank.ts';
import { loadContent } from '../content/load.ts';
import { readCutoffs, studyPlan } from './service.ts';
import { sendDueDigests } from './digest.ts';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadContent(t.database.db, generateBank({ cases: 3, singles: 4, prefix: 'plan' }));
});
afterAll(async () => {
  await t?.close();
});

const SETTINGS = { examDate: '2027-09-01', hoursByWeekday: [2, 2, 2, 2, 2, 4, 0], daysOff: ['2027-08-16'] };

describe('the study plan (issue 40)', () => {
  it('has no plan until she sets one, offering the next ENARM as the date; then plans from her settings and history', async () => {
    const db = t.database.db;
    const student = await createUser(db);
    const cookies = await sessionCookieFor(db, student);
    const first = (await t.app.inject({ method: 'GET', url: '/api/plan', cookies })).json();
    expect(first).toMatchObject({
      settings: null,
      plan: { kind: 'not-set', days: [] },
      answeredToday: 0,
      dueCards: 0,
      unseenQuestions: 10,
    });
    expect(first.defaultExamDate).toMatch(/^\d{4}-09-01$/);
    // Never a score band from fewer than 50 answers: it says how many it needs.
    expect(first.standing.band).toMatchObject({ kind: 'too-few', answers: 0, needed: 50 });

    const saved = await t.app.inject({ method: 'PUT', url: '/api/plan/settings', cookies, payload: SETTINGS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual(SETTINGS);
    // A question answered today counts toward today's line and leaves the unseen bank.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/quiz/evaluate/question',
          cookies,
          payload: { questionId: 'plan-q-0', selectedOption: 0 },
        })
      ).statusCode,
    ).toBe(200);
    const monday = await studyPlan(db, student, new Date('2027-08-02T15:00:00Z'));
    expect(monday.plan).toMatchObject({ kind: 'plan', daysLeft: 30, today: { date: '2027-08-02', questions: 28 } });
    expect(monday.plan.days.map((day) => day.date)).not.toContain('2027-08-16');
    // Only the next 12 weeks travel; the totals count every day to the exam.
    const far = await studyPlan(db, student, new Date('2027-01-04T15:00:00Z'));
    expect(far.plan.days.at(-1)!.date < '2027-03-29').toBe(true);
    expect(far.plan.plannedQuestions).toBeGreaterThan(far.plan.days.reduce((sum, day) => sum + day.questions, 0));
    expect(monday.unseenQuestions).toBe(9);
    // Monday: the week asked 28 so far; the answer given today (real time) is not in that week, so she is 28 behind.
    expect(monday.week).toEqual({ planned: 28, answered: 0, difference: -28 });
    // The exam date passed: the page asks for the next one.
    expect((await studyPlan(db, student, new Date('2027-09-02T15:00:00Z'))).plan).toMatchObject({ kind: 'exam-past', days: [] });
  });

  it('refuses settings it cannot plan from, in Spanish, and keeps what was saved', async () => {
    const db = t.database.db;
    const cookies = await sessionCookieFor(db, await createUser(db));
    for (const [payload, message] of [
      [{ ...SETTINGS, examDate: '2027-02-30' }, 'Escribe la fecha del examen como día, mes y año.'],
      [{ ...SETTINGS, hoursByWeekday: [2, 2, 2] }, 'Indica las horas de cada día de la semana.'],
      [{ ...SETTINGS, hoursByWeekday: [2, 2, 2, 2, 2, 2, 13] }, 'Como máximo 12 horas al día.'],
      [{ ...SETTINGS, examDate: '2099-09-01' }, 'La fecha del examen debe estar dentro de los próximos 3 años.'],
    ] as const) {
      const refused = await t.app.inject({ method: 'PUT', url: '/api/plan/settings', cookies, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorMessage).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/plan', cookies })).json().settings).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/plan' })).statusCode).toBe(401);
  });

  it('reads the cut-off table from the content folder, showing no figures when it is missing or malformed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'galeno-cutoffs-'));
    expect(readCutoffs(dir)).toEqual([]);
    const other = mkdtempSync(path.join(tmpdir(), 'galeno-cutoffs-'));
    mkdirSync(path.join(other, 'enarm'));
    const row = {
      speciality: 'Medicina Familiar',
      year: 2020,
      places: null,
      lastSelectedScore: 21.333,
      source: 'CIFRHS, resultados 2020',
      url: null,
    };
    writeFileSync(path.join(other, 'enarm', 'cutoffs.json'), JSON.stringify([row]));
    expect(readCutoffs(other)).toEqual([row]);
    rmSync(dir, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  it('sends the morning e-mail she asked for, once a morning and only on study days if so, and stops at the one-click link', async () => {
    const db = t.database.db;
    const student = await createUser(db);
    const cookies = await sessionCookieFor(db, student);
    const mails = async () =>
      (
        await db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, student.email), eq(mailOutbox.kind, 'plan-digest')))
      ).length;
    // Turning it on sends this morning's at once.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/plan/settings',
      cookies,
      payload: { ...SETTINGS, hoursByWeekday: [2, 2, 2, 2, 2, 2, 2], digest: 'diario' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await mails()).toBe(1);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, student.email));
    expect(mail!.subject).toBe('Tu plan de hoy: 28 preguntas nuevas');
    expect(mail!.text).toContain('Dejar de recibirlo: ');
    // The job, later the same day, sends nothing more; the next morning (after 6:00 in Mexico City) it sends one.
    const config = { appName: 'Galeno', appOrigin: 'http://localhost', secret: 'development-secret-not-for-production-use' };
    await sendDueDigests(db, config, new Date());
    expect(await mails()).toBe(1);
    const tomorrowAtFive = new Date(Date.now() + 86_400_000);
    tomorrowAtFive.setUTCHours(11, 0, 0, 0); // 5:00 in Mexico City: too early.
    expect(await sendDueDigests(db, config, tomorrowAtFive)).toBe(0);
    const tomorrowAtSeven = new Date(tomorrowAtFive.getTime() + 2 * 3_600_000);
    expect(await sendDueDigests(db, config, tomorrowAtSeven)).toBeGreaterThanOrEqual(1);
    expect(await mails()).toBe(2);

    // The link's signature is checked; a forged one changes nothing, the genuine one turns the e-mail off.
    const link = new URL(/Dejar de recibirlo: (\S+)/.exec(mail!.text)![1]!);
    expect(link.pathname).toBe('/recordatorios/baja');
    const u = link.searchParams.get('u')!;
    const s = link.searchParams.get('s')!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/plan/digest/unsubscribe', payload: { u, s: 'x'.repeat(s.length) } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/plan', cookies })).json().settings.digest).toBe('diario');
    expect((await t.app.inject({ method: 'POST', url: '/api/plan/digest/unsubscribe', payload: { u, s } })).json()).toEqual({
      success: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/plan', cookies })).json().settings.digest).toBe('no');
    expect(await sendDueDigests(db, config, new Date(tomorrowAtSeven.getTime() + 86_400_000))).toBe(0);
    expect(await mails()).toBe(2);
  });
});
