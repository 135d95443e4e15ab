import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTargets, seededRandom } from '@galeno/domain/simulacro';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank } from '../../test/bank.ts';
import { simulacroForms } from '../../db/schema/exams.ts';
import { questions, quizSessions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';
import type { ContentItems } from '../content/files.ts';
import { loadContent } from '../content/load.ts';
import { drawSimulacroForms } from './forms.ts';
import {
  endPart,
  finishSittingNow,
  listForms,
  resumeSitting,
  saveSittingAnswers,
  sittingResults,
  sittingState,
  startSittings,
} from './sittings.ts';

let t: TestApp;
let keys: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  // Cases of two and of three questions over every sub-speciality: one full form (Ginecología y Obstetricia runs
  // out first) and a few minis.
  await loadContent(t.database.db, bank(['sim', 'simt']));
  await drawSimulacroForms(t.database.db, seededRandom(11));
  const rows = await t.database.db.select({ id: questions.id, key: questions.correctIndex }).from(questions);
  keys = new Map(rows.map((row) => [row.id, row.key]));
});
afterAll(async () => {
  await t?.close();
});

/** Content is loaded whole (what is missing is retired): each prefix adds 350 cases of two questions, or 100 of three. */
function bank(prefixes: string[]): ContentItems {
  const parts = prefixes.map((prefix) =>
    generateBank({ cases: prefix === 'simt' ? 100 : 350, questionsPerCase: prefix === 'simt' ? 3 : 2, spread: 'taxonomy', prefix }),
  );
  return {
    'clinical-cases': parts.flatMap((part) => part['clinical-cases']),
    questions: [],
    guides: [],
    'discount-quiz': [],
  };
}

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
  return { user, call };
}

/** Answers `right` of the ids correctly and the rest wrongly. */
const answersFor = (ids: readonly string[], right: number) =>
  ids.map((questionId, index) => ({
    questionId,
    optionSelectedIndex: index < right ? keys.get(questionId)! : (keys.get(questionId)! + 1) % 4,
  }));

const MINUTE = 60_000;

describe('simulacro forms', () => {
  it('are drawn once in the exam’s area shares, never share a question within a kind, and stay fixed as the bank grows', async () => {
    const db = t.database.db;
    const forms = await db.select().from(simulacroForms);
    const full = forms.filter((form) => form.kind === 'completo');
    const minis = forms.filter((form) => form.kind === 'mini');
    expect(full.map((form) => form.id)).toEqual(['completo-1']);
    expect(minis.length).toBeGreaterThanOrEqual(2);
    const form = full[0]!;
    expect(form.questionIds).toHaveLength(280);
    const rows = await db
      .select({ id: questions.id, area: questions.especialidad })
      .from(questions)
      .where(inArray(questions.id, form.questionIds));
    const perArea = new Map<string, number>();
    for (const row of rows) perArea.set(row.area, (perArea.get(row.area) ?? 0) + 1);
    expect(perArea).toEqual(areaTargets(280));
    const miniIds = minis.flatMap((mini) => mini.questionIds);
    expect(new Set(miniIds).size).toBe(miniIds.length);

    // Nothing new to fill: no form added. More content: new forms, the old ones untouched.
    expect(await drawSimulacroForms(db, seededRandom(12))).toBe(0);
    await loadContent(db, bank(['sim', 'simt', 'sim2']));
    expect(await drawSimulacroForms(db, seededRandom(13))).toBeGreaterThan(0);
    const [again] = await db.select().from(simulacroForms).where(eq(simulacroForms.id, 'completo-1'));
    expect(again!.questionIds).toEqual(form.questionIds);
    expect((await db.select().from(simulacroForms).where(eq(simulacroForms.id, 'completo-2'))).length).toBe(1);
  });
});

describe('a simulacro sitting', () => {
  it('lists the forms, starts once per form, hides every key, autosaves answers and continues anywhere with them', async () => {
    const { call } = await student();
    const list = (await call('GET', '/api/simulacros')).json();
    expect(list.forms[0]).toMatchObject({ formId: 'completo-1', name: 'Simulacro 1', questions: 280, minutes: 300, attempt: null });
    expect(list.forms.some((form: { name: string }) => form.name === 'Mini simulacro 1')).toBe(true);

    const started = (await call('POST', '/api/simulacros', { formId: 'completo-1' })).json();
    // A second device starting the same form gets the same sitting.
    expect((await call('POST', '/api/simulacros', { formId: 'completo-1', parts: 2 })).json()).toEqual(started);
    const state = await call('GET', `/api/simulacros/${started.quizSessionId}`);
    expect(state.statusCode).toBe(200);
    const sitting = state.json();
    expect(sitting.items).toHaveLength(280);
    expect(sitting.parts).toEqual([{ from: 0, to: 280, minutes: 300 }]);
    expect(sitting.status).toBe('en-curso');
    expect(sitting.msLeft).toBeGreaterThan(299 * MINUTE);
    expect(state.body).not.toContain('correctIndex');
    expect(state.body).not.toContain('explanation');
    expect(state.body).not.toContain('Explicación');

    const ids: string[] = sitting.items.map((item: { question: { id: string } }) => item.question.id);
    const saved = await call('PUT', `/api/simulacros/${started.quizSessionId}/answers`, { answers: answersFor(ids.slice(0, 3), 2) });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toMatch(/correct"/);
    expect(saved.json()).toMatchObject({ saved: 3, answered: 3, status: 'en-curso' });
    // Changing an answer replaces it; the question on screen is kept for the next device.
    await call('PUT', `/api/simulacros/${started.quizSessionId}/answers`, {
      answers: [{ questionId: ids[2], optionSelectedIndex: keys.get(ids[2]!)! }],
      position: 2,
    });
    const resumed = (await call('GET', `/api/simulacros/${started.quizSessionId}`)).json();
    expect(resumed.answers).toHaveLength(3);
    expect(resumed.position).toBe(2);
    expect(resumed.answers.find((answer: { questionId: string }) => answer.questionId === ids[2]).selectedIndex).toBe(keys.get(ids[2]!));
    expect((await call('GET', '/api/quiz/sessions/open')).json().session).toMatchObject({ kind: 'simulacro', answered: 3, total: 280 });
    const listed = (await call('GET', '/api/simulacros')).json().forms[0];
    expect(listed.attempt).toMatchObject({ quizSessionId: started.quizSessionId, status: 'en-curso', answered: 3 });

    // No key before the end, by any door.
    const byQuiz = await call('POST', '/api/quiz/evaluate/question', {
      questionId: ids[4],
      selectedOption: 0,
      quizSessionId: started.quizSessionId,
    });
    expect(byQuiz.statusCode).toBe(409);
    expect(byQuiz.json().code).toBe('EXAM_MODE');
    const bySession = await call('POST', `/api/quiz/sessions/${started.quizSessionId}/answers`, {
      answers: [{ questionId: ids[4], optionSelectedIndex: 0 }],
    });
    expect(bySession.json().code).toBe('SIMULACRO_SESSION');
    expect((await call('GET', `/api/simulacros/${started.quizSessionId}/results`)).json().code).toBe('SIMULACRO_NOT_FINISHED');
    const outside = await call('PUT', `/api/simulacros/${started.quizSessionId}/answers`, {
      answers: [{ questionId: 'sim2-cc-1-q1', optionSelectedIndex: 0 }],
    });
    expect(outside.statusCode).toBe(400);

    const results = (await call('POST', `/api/simulacros/${started.quizSessionId}/finish`)).json();
    expect(results).toMatchObject({ correct: 3, answered: 3, total: 280, score: 1.1, retake: false, percentile: null });
    expect(results.byArea.reduce((sum: number, area: { total: number }) => sum + area.total, 0)).toBe(280);
    expect(results.byArea[0]).toMatchObject({ area: 'Medicina Interna', total: 98 });
    // Saved like any session: its review opens, and answering again is refused.
    expect((await call('GET', `/api/quiz/sessions/${started.quizSessionId}/review`)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/simulacros/${started.quizSessionId}/answers`, { answers: answersFor(ids.slice(5, 6), 1) })).statusCode,
    ).toBe(409);
  });

  it('keeps the server’s clock: two parts with a pause between them, and the time running out closes the sitting', async () => {
    const db = t.database.db;
    const { user } = await student();
    const start = new Date('2026-11-20T15:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const { quizSessionId } = await startSittings(db, user, { formId: 'completo-1', includeEnglish: true, parts: 2 }, start);
    const sitting = await sittingState(db, user, quizSessionId, at(10));
    expect(sitting.parts).toHaveLength(2);
    const [first, second] = sitting.parts;
    expect(first!.minutes).toBe(150);
    expect(Math.abs(first!.to - 140)).toBeLessThanOrEqual(1);
    expect(sitting.msLeft).toBe(140 * MINUTE);
    const ids = sitting.items.map((item) => item.question.id);
    await expect(
      saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(second!.from, second!.from + 1), 1), at(11)),
    ).rejects.toMatchObject({
      code: 'NOT_IN_PART',
    });
    await saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(0, 10), 10), at(20));
    expect(await endPart(db, user, quizSessionId, at(60))).toMatchObject({ status: 'pausa', part: 0, answered: 10 });
    await expect(saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(10, 11), 1), at(61))).rejects.toMatchObject({
      code: 'SIMULACRO_PAUSED',
    });
    // The pause does not count: part two starts a day later with its whole time.
    expect(await resumeSitting(db, user, quizSessionId, at(24 * 60))).toMatchObject({ status: 'en-curso', part: 1, msLeft: 150 * MINUTE });
    await saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(second!.from, second!.from + 5), 0), at(24 * 60 + 5));
    // Past the part's end, the next save is refused and the sitting is graded with what was saved.
    await expect(saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(200, 201), 1), at(24 * 60 + 151))).rejects.toMatchObject({
      code: 'SIMULACRO_TIME_UP',
    });
    const results = await sittingResults(db, user, quizSessionId, at(24 * 60 + 152));
    expect(results).toMatchObject({ correct: 10, answered: 15, total: 280, usedMs: (60 + 150) * MINUTE });
    const [session] = await db.select().from(quizSessions).where(eq(quizSessions.id, quizSessionId));
    expect(session!.savedAt).not.toBeNull();
  });

  it('ranks a score among the form’s first finished sittings once ten others finished, never showing who', async () => {
    const db = t.database.db;
    const ids = (await db.select().from(simulacroForms).where(eq(simulacroForms.id, 'mini-1')))[0]!.questionIds;
    // Every question answered, `right` of them correctly.
    const finish = async (user: User, right: number) => {
      const { quizSessionId } = await startSittings(db, user, { formId: 'mini-1', includeEnglish: true, parts: 1 });
      await saveSittingAnswers(db, user, quizSessionId, answersFor(ids, right));
      return finishSittingNow(db, user, quizSessionId);
    };
    const peers: User[] = [];
    for (let i = 0; i < 10; i++) peers.push(await createUser(db));
    for (const [index, peer] of peers.slice(0, 9).entries()) await finish(peer, (index + 1) * 10);
    const me = await createUser(db);
    const early = await finish(me, 55);
    // Nine others: too few to rank.
    expect(early).toMatchObject({ score: 55, percentile: null, finishers: 9, retake: false });
    await finish(peers[9]!, 100);
    const [mine] = await db
      .select({ id: quizSessions.id })
      .from(quizSessions)
      .where(and(eq(quizSessions.userId, me.id), eq(quizSessions.kind, 'simulacro')));
    const ranked = await sittingResults(db, me, mine!.id);
    // Five of ten scored below 55: 50th percentile.
    expect(ranked).toMatchObject({ percentile: 50, finishers: 10 });
    expect(JSON.stringify(ranked)).not.toMatch(new RegExp(peers.map((peer) => peer.id).join('|')));
    // A retake is ranked against the first sittings, but does not join them.
    const retake = await finish(me, 100);
    expect(retake).toMatchObject({ retake: true, percentile: 95, finishers: 10 });
  });

  it('compares only sittings that count: ten throwaway accounts with empty or barely answered sittings move no one (F8)', async () => {
    const db = t.database.db;
    const ids = (await db.select().from(simulacroForms).where(eq(simulacroForms.id, 'mini-3')))[0]!.questionIds;
    const sit = async (user: User, answered: number, right: number) => {
      const { quizSessionId } = await startSittings(db, user, { formId: 'mini-3', includeEnglish: true, parts: 1 });
      if (answered > 0) await saveSittingAnswers(db, user, quizSessionId, answersFor(ids.slice(0, answered), right));
      return finishSittingNow(db, user, quizSessionId);
    };
    // The exploit: ten fresh accounts finish at once with nothing (or almost nothing) answered, then a 6 % sitting.
    for (let i = 0; i < 5; i++) await sit(await createUser(db), 0, 0);
    for (let i = 0; i < 5; i++) await sit(await createUser(db), Math.floor(ids.length / 2) - 1, 0);
    // Unproved addresses do not count either, however complete their sittings.
    for (let i = 0; i < 10; i++) await sit(await createUser(db, { verified: null }), ids.length, 0);
    const cheat = await sit(await createUser(db), ids.length, Math.round(ids.length * 0.06));
    expect(cheat).toMatchObject({ percentile: null, finishers: 0 });
    const listed = (await listForms(db, await createUser(db))).forms.find((form) => form.formId === 'mini-3');
    expect(listed!.finishers).toBe(1);
  });

  it('stays readable once access ends: the list and past results, never a new sitting (issue 35, N4)', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const { quizSessionId } = await startSittings(db, user, { formId: 'mini-2', includeEnglish: true, parts: 1 });
    await finishSittingNow(db, user, quizSessionId);
    const [lapsed] = await db
      .update(users)
      .set({ membershipEnd: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, user.id))
      .returning();
    const cookies = await sessionCookieFor(db, lapsed!);
    const listed = await t.app.inject({ method: 'GET', url: '/api/simulacros', cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().forms.find((form: { formId: string }) => form.formId === 'mini-2').attempt).toMatchObject({ status: 'terminado' });
    expect((await t.app.inject({ method: 'GET', url: `/api/simulacros/${quizSessionId}/results`, cookies })).statusCode).toBe(200);
    const start = await t.app.inject({ method: 'POST', url: '/api/simulacros', cookies, payload: { formId: 'mini-1' } });
    expect(start.json().code).toBe('MEMBERSHIP_EXPIRED');
  });

  it('belongs to its student: another account gets a 404, a trial a 403', async () => {
    const owner = await student();
    const other = await student();
    const { quizSessionId } = (await owner.call('POST', '/api/simulacros', { formId: 'mini-2' })).json();
    expect((await other.call('GET', `/api/simulacros/${quizSessionId}`)).statusCode).toBe(404);
    expect(
      (await other.call('PUT', `/api/simulacros/${quizSessionId}/answers`, { answers: [{ questionId: 'x', optionSelectedIndex: 0 }] }))
        .statusCode,
    ).toBe(404);
    expect((await other.call('POST', '/api/simulacros', { formId: 'no-such-form' })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.call('POST', '/api/simulacros', { formId: 'completo-1', parts: 3 })).statusCode).toBe(400);
    const trial = await sessionCookieFor(t.database.db, null);
    const refused = await t.app.inject({ method: 'GET', url: '/api/simulacros', cookies: trial });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe('El simulacro es para cuentas registradas. Crea tu cuenta para presentarlo.');
  });
});
