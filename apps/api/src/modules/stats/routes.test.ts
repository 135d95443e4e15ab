import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  clinicalCaseContent,
  createClinicalCases,
  createSingleQuestions,
  createUser,
  sessionCookieFor,
  singleQuestionContent,
} from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(t.database.db, [clinicalCaseContent('cc-stats-001'), clinicalCaseContent('cc-stats-002')]);
  // Endocrinología has single questions only: no clinical case to practise it with.
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-stats-001'), singleQuestionContent('q-stats-002')]);
});
afterAll(async () => {
  await t?.close();
});

describe('statistics summary', () => {
  it('recommends weak sub-specialities and says which of them have clinical cases to practise', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/quiz${url}`, cookies, payload });
    for (let i = 0; i < 5; i++) {
      await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 1 });
      await post('/evaluate/clinic-case', {
        clinicCaseId: 'cc-stats-001',
        selectedOptions: [
          { questionId: 'cc-stats-001-q1', optionSelectedIndex: 3 },
          { questionId: 'cc-stats-001-q2', optionSelectedIndex: 3 },
        ],
      });
    }

    const summary = await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies });
    expect(summary.statusCode).toBe(200);
    const byName = Object.fromEntries(
      summary.json().recommendations.map((item: { subSpeciality: string; hasCases: boolean }) => [item.subSpeciality, item.hasCases]),
    );
    expect(byName).toEqual({ 'Cirugía General': true, Endocrinología: false });

    // Once every Endocrinología question has been seen, it is no longer recommended: nothing left to practise.
    await post('/evaluate/question', { questionId: 'q-stats-002', selectedOption: 1 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json();
    expect(after.recommendations.map((item: { subSpeciality: string }) => item.subSpeciality)).toEqual(['Cirugía General']);
  });

  it('can be limited to one bank: our own ENARM questions or the MIR ones', async () => {
    await createSingleQuestions(t.database.db, [singleQuestionContent('headqa-stats-001')], 'head-qa');
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/quiz${url}`, cookies, payload });
    await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 0 });
    await post('/evaluate/question', { questionId: 'headqa-stats-001', selectedOption: 1 });
    await post('/evaluate/question', { questionId: 'headqa-stats-001', selectedOption: 1 });
    const totals = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/stats/summary${query}`, cookies })).json().totals;
    expect(await totals('')).toEqual({ answered: 3, correct: 1, accuracy: 33, secondsPerQuestion: null, sessionsSaved: 0 });
    expect(await totals('?bank=galeno')).toEqual({ answered: 1, correct: 1, accuracy: 100, secondsPerQuestion: null, sessionsSaved: 0 });
    expect(await totals('?bank=mir')).toEqual({ answered: 2, correct: 0, accuracy: 0, secondsPerQuestion: null, sessionsSaved: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/summary?bank=todos', cookies })).statusCode).toBe(400);
  });

  it('never shows «Sin clasificar» as an area: its answers count in the totals only (issue 35, N20)', async () => {
    await createSingleQuestions(
      t.database.db,
      [
        singleQuestionContent('headqa-unclassified-001', {
          tags: { especialidad: 'Sin clasificar', subEspecialidad: 'Sin clasificar', tema: 'Bioquímica', dificultad: 'Media' },
        }),
      ],
      'head-qa',
    );
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/quiz/evaluate/question', cookies, payload });
    await post({ questionId: 'headqa-unclassified-001', selectedOption: 1 });
    await post({ questionId: 'q-stats-001', selectedOption: 0 });
    const summary: StatsSummary = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json();
    expect(summary.specialities.map((area) => area.speciality)).toEqual(['Medicina Interna']);
    expect(summary.areaDetails.map((area) => area.speciality)).toEqual(['Medicina Interna']);
    expect(summary.recommendations.map((item) => item.speciality)).not.toContain('Sin clasificar');
    expect(summary.totals).toMatchObject({ answered: 2, correct: 1 });
  });

  it('counts every graded answer at once, whatever becomes of its session (issue 35, N2)', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/quiz${url}`, cookies, payload });
    const totals = async () => (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json().totals;
    const saved = (await post('/sessions', { kind: 'quick' })).json().quizSessionId;
    const left = (await post('/sessions', { kind: 'quick' })).json().quizSessionId;
    await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 0, quizSessionId: saved });
    await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 1, quizSessionId: left });
    expect(await totals()).toEqual({ answered: 2, correct: 1, accuracy: 50, secondsPerQuestion: null, sessionsSaved: 2 });

    // Saving one and leaving the other changes nothing that counts.
    expect((await post('/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: saved })).statusCode).toBe(200);
    expect((await post(`/sessions/${left}/discard`, {})).statusCode).toBe(200);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json();
    expect(summary.totals).toEqual({ answered: 2, correct: 1, accuracy: 50, secondsPerQuestion: null, sessionsSaved: 2 });
    expect(summary.accuracyOverTime.reduce((sum: number, point: { answered: number }) => sum + point.answered, 0)).toBe(2);
    expect(summary.specialities.map((area: { totalSpecialityQuestionsAnswered: number }) => area.totalSpecialityQuestionsAnswered)).toEqual(
      [2],
    );
  });

  it('keeps the time of a timed quiz per question and per session, and averages it in the statistics', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/quiz${url}`, cookies, payload });
    const quizSessionId = (await post('/sessions', { kind: 'timed' })).json().quizSessionId;
    // A two-question case in 90 s: 45 s each.
    await post('/evaluate/clinic-case', {
      clinicCaseId: 'cc-stats-001',
      quizSessionId,
      elapsedMs: 90_000,
      selectedOptions: [
        { questionId: 'cc-stats-001-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-stats-001-q2', optionSelectedIndex: 1 },
      ],
    });
    await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 0, quizSessionId, elapsedMs: 30_000 });
    const saved = (await post('/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId })).json();
    expect(saved.quickQuizEvaluation.totalTimeMs).toBe(120_000);
    const listed = (await post('/evaluate/get-quick-quiz-evaluations', { userId: user.id })).json();
    expect(listed[0].quickQuizEvaluation.totalTimeMs).toBe(120_000);
    expect(listed[0].kind).toBe('timed');
    const summary = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json();
    expect(summary.totals).toEqual({ answered: 3, correct: 3, accuracy: 100, secondsPerQuestion: 40, sessionsSaved: 1 });
    // «Evaluaciones recientes» are the saved evaluations as their own list gives them, to the field.
    expect(summary.recentEvaluations).toEqual(listed);
    // Per area, sub-speciality and topic: the time per question, and for the area and each sub-speciality the 30-day trend.
    const details = Object.fromEntries(summary.areaDetails.map((area: { speciality: string }) => [area.speciality, area]));
    const today = [{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), answered: 2, correct: 2, accuracy: 100 }];
    expect(details['Cirugía']).toMatchObject({ secondsPerQuestion: 45, trend: today });
    expect(details['Cirugía'].subSpecialities).toEqual([
      {
        subSpeciality: 'Cirugía General',
        trend: today,
        secondsPerQuestion: 45,
        topics: [{ topic: 'Apendicitis aguda', answered: 2, correct: 2, secondsPerQuestion: 45 }],
      },
    ]);
    expect(details['Medicina Interna']).toMatchObject({ secondsPerQuestion: 30 });
    expect(details['Medicina Interna'].subSpecialities[0].topics).toEqual([
      { topic: 'Diabetes mellitus tipo 2', answered: 1, correct: 1, secondsPerQuestion: 30 },
    ]);
    // An hour and more is not a plausible time for one answer: refused.
    expect((await post('/evaluate/question', { questionId: 'q-stats-001', selectedOption: 0, elapsedMs: 4_000_000 })).statusCode).toBe(400);
  });
  it('adds up: topics to sub-specialities, sub-specialities to areas, areas to the totals, and each trend to the page’s days', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/quiz${url}`, cookies, payload });
    for (const [index, right] of [true, false].entries()) {
      const quizSessionId = (await post('/sessions', { kind: 'quick' })).json().quizSessionId;
      await post('/evaluate/clinic-case', {
        clinicCaseId: 'cc-stats-002',
        quizSessionId,
        selectedOptions: [
          { questionId: 'cc-stats-002-q1', optionSelectedIndex: right ? 0 : 3 },
          { questionId: 'cc-stats-002-q2', optionSelectedIndex: right ? 1 : 3 },
        ],
      });
      await post('/evaluate/question', { questionId: index === 0 ? 'q-stats-001' : 'q-stats-002', selectedOption: 1, quizSessionId });
      await post('/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId });
    }
    const summary: StatsSummary = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies })).json();
    expect(summary.totals).toMatchObject({ answered: 6, correct: 2, accuracy: 33, sessionsSaved: 2 });
    const sum = (points: readonly { answered: number; correct: number }[]) =>
      points.reduce((total, point) => ({ answered: total.answered + point.answered, correct: total.correct + point.correct }), {
        answered: 0,
        correct: 0,
      });
    expect(sum(summary.accuracyOverTime)).toEqual({ answered: 6, correct: 2 });
    expect(sum(summary.areaDetails.flatMap((area) => area.trend))).toEqual({ answered: 6, correct: 2 });
    for (const area of summary.specialities) {
      const detail = summary.areaDetails.find((each) => each.speciality === area.speciality)!;
      expect(sum(detail.trend)).toEqual({ answered: area.totalSpecialityQuestionsAnswered, correct: area.correctAnswers });
      for (const sub of area.subSpecialities) {
        const subDetail = detail.subSpecialities.find((each) => each.subSpeciality === sub.subSpeciality)!;
        const expected = { answered: sub.totalSubSpecialityQuestionsAnswered, correct: sub.correctAnswers };
        expect(sum(subDetail.topics)).toEqual(expected);
        expect(sum(subDetail.trend)).toEqual(expected);
      }
    }
    // Cirugía General is 2 of 4 and Endocrinología 0 of 2: the weakest comes first, as a first hint (fewer than 5 answers).
    expect(summary.recommendations.map((item) => [item.subSpeciality, item.accuracy, item.preliminary])).toEqual([
      ['Endocrinología', 0, true],
      ['Cirugía General', 50, true],
    ]);
  });
});
