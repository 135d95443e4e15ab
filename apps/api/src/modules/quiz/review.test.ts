import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  clinicalCaseContent,
  createClinicalCases,
  createSingleQuestions,
  createUser,
  sessionCookieFor,
  singleQuestionContent,
} from '../../test/factories.ts';
import { questionOptionCounts } from '../../db/schema/quiz.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Case questions: q1's key is A (0), q2's is B (1); the single question's key is A (0).
  await createClinicalCases(t.database.db, [clinicalCaseContent('cc-rev-001')]);
  // Two cases of a sub-speciality nothing else uses, to run out of unseen ones.
  const urology = { especialidad: 'Cirugía', subEspecialidad: 'Urología', tema: 'Litiasis urinaria', dificultad: 'Media' } as const;
  await createClinicalCases(t.database.db, [
    clinicalCaseContent('cc-uro-001', { tags: urology }),
    clinicalCaseContent('cc-uro-002', { tags: urology }),
  ]);
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-rev-001'), singleQuestionContent('q-rev-002')]);
  // Timed cases; 19 students answered cc-time-001-q1 before (10 A, 5 B, 4 C), nobody its q2.
  await createClinicalCases(t.database.db, [clinicalCaseContent('cc-time-001'), clinicalCaseContent('cc-time-002')]);
  await t.database.db.insert(questionOptionCounts).values([
    { questionId: 'cc-time-001-q1', optionIndex: 0, students: 10 },
    { questionId: 'cc-time-001-q1', optionIndex: 1, students: 5 },
    { questionId: 'cc-time-001-q1', optionIndex: 2, students: 4 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });
  return { user, cookies, call };
}

/** A saved session: the case with q1 wrong and q2 right, then the single question wrong. */
async function savedSessionWithTwoMisses(call: Awaited<ReturnType<typeof student>>['call'], userId: string) {
  const quizSessionId = (await call('POST', '/sessions', { kind: 'quick' })).json().quizSessionId as string;
  const graded = await call('POST', '/evaluate/clinic-case', {
    clinicCaseId: 'cc-rev-001',
    quizSessionId,
    selectedOptions: [
      { questionId: 'cc-rev-001-q1', optionSelectedIndex: 2 },
      { questionId: 'cc-rev-001-q2', optionSelectedIndex: 1 },
    ],
  });
  expect(graded.statusCode).toBe(200);
  expect((await call('POST', '/evaluate/question', { questionId: 'q-rev-001', selectedOption: 3, quizSessionId })).statusCode).toBe(200);
  return { quizSessionId, save: () => call('POST', '/evaluate/save-quick-quiz-evaluation', { userId, quizSessionId }) };
}

describe('the review of a saved session', () => {
  it('lists every answer beside the key and the explanation, with the case text, once the session is saved', async () => {
    const { user, call } = await student();
    const { quizSessionId, save } = await savedSessionWithTwoMisses(call, user.id);
    expect((await call('GET', `/sessions/${quizSessionId}/review`)).json().code).toBe('QUIZ_SESSION_NOT_SAVED');
    const saved = (await save()).json();
    expect(saved.quizSessionId).toBe(quizSessionId);

    const review = await call('GET', `/sessions/${quizSessionId}/review`);
    expect(review.statusCode).toBe(200);
    const items = review.json().items as {
      question: { id: string };
      caseText: string | null;
      selectedIndex: number;
      correct: boolean;
      correctAnswer: number;
      feedback: string;
    }[];
    expect(
      items.map(({ question, selectedIndex, correct, correctAnswer }) => [question.id, selectedIndex, correct, correctAnswer]),
    ).toEqual([
      ['cc-rev-001-q1', 2, false, 0],
      ['cc-rev-001-q2', 1, true, 1],
      ['q-rev-001', 3, false, 0],
    ]);
    expect(items[0]!.caseText).toContain('cc-rev-001');
    expect(items[2]!.caseText).toBeNull();
    expect(items[0]!.feedback).toBe('Explicación 1.');

    // The statistics page lists the saved session with the id its review opens with.
    const listed = await call('POST', '/evaluate/get-quick-quiz-evaluations', { userId: user.id });
    expect(listed.json()[0].quizSessionId).toBe(quizSessionId);
  });

  it("is the student's own: another account gets a 404 that says nothing, a trial a 403", async () => {
    const owner = await student();
    const { quizSessionId, save } = await savedSessionWithTwoMisses(owner.call, owner.user.id);
    await save();
    const other = await student();
    expect((await other.call('GET', `/sessions/${quizSessionId}/review`)).statusCode).toBe(404);
    const trial = await t.app.inject({
      method: 'GET',
      url: '/api/staggered-auth/login/trial-period',
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: '198.51.100.70',
    });
    const trialCookie = trial.cookies.find((cookie) => cookie.name === 'galeno_session')!.value;
    const asTrial = await t.app.inject({
      method: 'GET',
      url: `/api/quiz/sessions/${quizSessionId}/review`,
      cookies: { galeno_session: trialCookie },
    });
    expect(asTrial.statusCode).toBe(403);
  });
});

describe('"Repasar incorrectas"', () => {
  it('opens a new session with exactly the missed questions, without their keys, that saves like any other', async () => {
    const { user, call } = await student();
    const first = await savedSessionWithTwoMisses(call, user.id);
    await first.save();

    const started = await call('POST', '/review-sessions', { source: 'incorrectas', quizSessionId: first.quizSessionId });
    expect(started.statusCode).toBe(200);
    expect(started.json().kind).toBe('review');
    const retry = started.json().quizSessionId as string;
    const listed = (await call('GET', `/sessions/${retry}/questions`)).json();
    expect(listed.items.map((item: { question: { id: string } }) => item.question.id)).toEqual(['cc-rev-001-q1', 'q-rev-001']);
    expect(JSON.stringify(listed)).not.toMatch(/correct|Explicación/);
    expect(listed.items[0].caseText).toContain('cc-rev-001');

    for (const id of ['cc-rev-001-q1', 'q-rev-001'])
      expect((await call('POST', '/evaluate/question', { questionId: id, selectedOption: 0, quizSessionId: retry })).json().correct).toBe(
        true,
      );
    expect(
      (await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: retry })).json().quickQuizEvaluation,
    ).toMatchObject({ totalQuestions: 2, totalCorrect: 2 });

    // A session with nothing missed has nothing to review again.
    expect((await call('POST', '/review-sessions', { source: 'incorrectas', quizSessionId: retry })).json().code).toBe(
      'NO_MISSED_QUESTIONS',
    );
    // An ordinary session has no fixed list.
    expect((await call('GET', `/sessions/${first.quizSessionId}/questions`)).json().code).toBe('NOT_A_REVIEW_SESSION');
  });
});

describe('"Marcar para repasar"', () => {
  it('keeps flags across sessions, shows them in the review, and opens a session of the flagged questions', async () => {
    const { user, call } = await student();
    expect((await call('POST', '/review-sessions', { source: 'marcadas' })).json().code).toBe('NO_FLAGGED_QUESTIONS');
    expect((await call('PUT', '/flags/q-rev-002', { flagged: true })).json()).toEqual({ questionId: 'q-rev-002', flagged: true });
    expect((await call('PUT', '/flags/q-rev-002', { flagged: true })).statusCode).toBe(200);
    expect((await call('PUT', '/flags/cc-rev-001-q2', { flagged: true })).statusCode).toBe(200);
    expect((await call('PUT', '/flags/no-existe', { flagged: true })).statusCode).toBe(404);
    const flags = (await call('GET', '/flags')).json();
    expect(flags.total).toBe(2);
    expect([...flags.questionIds].sort()).toEqual(['cc-rev-001-q2', 'q-rev-002']);

    const { quizSessionId, save } = await savedSessionWithTwoMisses(call, user.id);
    await save();
    const review = (await call('GET', `/sessions/${quizSessionId}/review`)).json();
    expect(review.items.map((item: { flagged: boolean }) => item.flagged)).toEqual([false, true, false]);

    const flaggedSession = (await call('POST', '/review-sessions', { source: 'marcadas' })).json().quizSessionId;
    const questions = (await call('GET', `/sessions/${flaggedSession}/questions`)).json();
    expect(questions.items.map((item: { question: { id: string } }) => item.question.id).sort()).toEqual(['cc-rev-001-q2', 'q-rev-002']);

    expect((await call('PUT', '/flags/q-rev-002', { flagged: false })).json()).toEqual({ questionId: 'q-rev-002', flagged: false });
    expect((await call('GET', '/flags')).json()).toEqual({ total: 1, questionIds: ['cc-rev-001-q2'] });
    // The flagged list names each question for the page.
    const listed = (await call('GET', '/flags/questions')).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ questionId: 'cc-rev-001-q2', especialidad: expect.any(String), question: expect.any(String) });
    expect(listed.items[0].question.length).toBeGreaterThan(0);
  });
});

describe('repeats, once the unseen cases of a choice run out', () => {
  it('are announced, come missed-first and never twice in a row, and "Repasar mis errores" gathers the missed questions', async () => {
    const { call } = await student();
    const quizSessionId = (await call('POST', '/sessions', { kind: 'speciality' })).json().quizSessionId as string;
    const draw = async () =>
      (await call('POST', '/clinic-case/random-by-speciality', { speciality: 'Cirugía', subSpeciality: 'Urología', quizSessionId })).json();
    const answer = (caseId: string, right: boolean, inSession = quizSessionId) =>
      call('POST', '/evaluate/clinic-case', {
        clinicCaseId: caseId,
        quizSessionId: inSession,
        selectedOptions: [
          { questionId: `${caseId}-q1`, optionSelectedIndex: right ? 0 : 3 },
          { questionId: `${caseId}-q2`, optionSelectedIndex: 1 },
        ],
      });
    const missed = async () => {
      const errors = (
        await call('POST', '/review-sessions', { source: 'errores', speciality: 'Cirugía', subSpeciality: 'Urología' })
      ).json();
      if (errors.code) return errors.code as string;
      const listed = (await call('GET', `/sessions/${errors.quizSessionId}/questions`)).json();
      return listed.items.map((item: { question: { id: string } }) => item.question.id) as string[];
    };

    const first = await draw();
    expect(first.repeated).toBeUndefined();
    await answer(first.id, false);
    const second = await draw();
    expect(second.id).not.toBe(first.id);
    expect(second.repeated).toBeUndefined();
    await answer(second.id, true);

    // Both seen: the next one is a repeat, the missed case first, though it was not the last one answered.
    const third = await draw();
    expect(third).toMatchObject({ id: first.id, repeated: true });
    expect((await answer(first.id, true)).json()[0].correct).toBe(true);
    // Never the same case twice in a row.
    const fourth = await draw();
    expect(fourth).toMatchObject({ id: second.id, repeated: true });

    // Right on its repeat in the same session, whose first grading showed the key: the first verdict still counts (F7).
    expect(await missed()).toEqual([`${first.id}-q1`]);
    // Answered right in a later session, it is no longer wrong; missed there, the other case's q1 is.
    const later = (await call('POST', '/sessions', { kind: 'speciality' })).json().quizSessionId as string;
    await answer(first.id, true, later);
    expect(await missed()).toBe('NO_MISSED_QUESTIONS');
    await answer(second.id, false, later);
    expect(await missed()).toEqual([`${second.id}-q1`]);
  });
});

describe('the timed quiz', () => {
  it("keeps each answer's time and the students' option shares in the review; a case whose time ran out grades what was chosen", async () => {
    const { user, call } = await student();
    const quizSessionId = (await call('POST', '/sessions', { kind: 'timed' })).json().quizSessionId as string;
    const full = await call('POST', '/evaluate/clinic-case', {
      clinicCaseId: 'cc-time-001',
      quizSessionId,
      elapsedMs: 90_000,
      selectedOptions: [
        { questionId: 'cc-time-001-q1', optionSelectedIndex: 3 },
        { questionId: 'cc-time-001-q2', optionSelectedIndex: 1 },
      ],
    });
    expect(full.statusCode).toBe(200);
    // The 20th student: 10 A, 5 B, 4 C, 1 D.
    expect(full.json().map((evaluation: { optionShares: number[] | null }) => evaluation.optionShares)).toEqual([[50, 25, 20, 5], null]);

    // Only the timed quiz's time runs out, and it says how long the case took.
    const timeUp = { clinicCaseId: 'cc-time-002', timeUp: true, elapsedMs: 60_000 };
    const quickSession = (await call('POST', '/sessions', { kind: 'quick' })).json().quizSessionId as string;
    const chosen = [{ questionId: 'cc-time-002-q1', optionSelectedIndex: 0 }];
    expect(
      (await call('POST', '/evaluate/clinic-case', { ...timeUp, quizSessionId: quickSession, selectedOptions: chosen })).json().code,
    ).toBe('INCOMPLETE_CASE');
    // Without its session, an account's time-up would show the keys of questions it never answered.
    expect((await call('POST', '/evaluate/clinic-case', { ...timeUp, selectedOptions: [] })).json().code).toBe('INCOMPLETE_CASE');
    expect(
      (await call('POST', '/evaluate/clinic-case', { clinicCaseId: 'cc-time-002', timeUp: true, quizSessionId, selectedOptions: chosen }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/evaluate/clinic-case', { clinicCaseId: 'cc-time-002', quizSessionId, selectedOptions: [] })).statusCode,
    ).toBe(400);
    const stray = [...chosen, { questionId: 'cc-time-001-q2', optionSelectedIndex: 0 }];
    expect((await call('POST', '/evaluate/clinic-case', { ...timeUp, quizSessionId, selectedOptions: stray })).json().code).toBe(
      'NOT_IN_CASE',
    );

    // Time ran out with q1 answered: q1 graded, q2 unanswered with its key and explanation, nothing recorded for it.
    const partial = await call('POST', '/evaluate/clinic-case', { ...timeUp, quizSessionId, selectedOptions: chosen });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject([
      { questionId: 'cc-time-002-q1', correct: true, correctAnswer: 0 },
      { questionId: 'cc-time-002-q2', correct: false, correctAnswer: 1, feedback: 'Explicación 2.', unanswered: true },
    ]);
    expect(partial.json()[0]).not.toHaveProperty('unanswered');
    // Nothing chosen at all: every key shown, nothing recorded.
    const none = await call('POST', '/evaluate/clinic-case', { ...timeUp, quizSessionId, selectedOptions: [] });
    expect(none.json().map((evaluation: { unanswered?: boolean }) => evaluation.unanswered)).toEqual([true, true]);

    // The answered questions count, with the case's time shared among them.
    const saved = (await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId })).json();
    expect(saved.quickQuizEvaluation).toMatchObject({ totalQuestions: 3, totalCorrect: 2, totalTimeMs: 150_000 });
    const review = (await call('GET', `/sessions/${quizSessionId}/review`)).json();
    expect(
      review.items.map((item: { question: { id: string }; timeMs: number | null; optionShares: number[] | null }) => [
        item.question.id,
        item.timeMs,
        item.optionShares,
      ]),
    ).toEqual([
      ['cc-time-001-q1', 45_000, [50, 25, 20, 5]],
      ['cc-time-001-q2', 45_000, null],
      ['cc-time-002-q1', 60_000, null],
    ]);
  });

  it('leaves the time out of the review of a session that kept none', async () => {
    const { user, call } = await student();
    const { quizSessionId, save } = await savedSessionWithTwoMisses(call, user.id);
    await save();
    const review = (await call('GET', `/sessions/${quizSessionId}/review`)).json();
    expect(review.items.map((item: { timeMs: number | null }) => item.timeMs)).toEqual([null, null, null]);
    expect(review.items.every((item: { optionShares: unknown }) => item.optionShares === null)).toBe(true);
  });
});
