import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createClinicalCases, createUser, sessionCookieFor } from '../../test/factories.ts';
import { answers } from '../../db/schema/quiz.ts';
import { LEFT_SESSION_IDLE_MS } from '../sessions/evaluations.ts';

// Review finding 15: a session left in a closed tab is saved once idle; one left through «Salir sin guardar» is not.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(t.database.db, [clinicalCaseContent('cc-left-001'), clinicalCaseContent('cc-left-002')]);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
  return { user, call };
}

async function answeredSession(call: Awaited<ReturnType<typeof student>>['call'], caseId: string): Promise<string> {
  const quizSessionId = (await call('POST', '/api/quiz/sessions', { kind: 'quick' })).json().quizSessionId as string;
  const graded = await call('POST', '/api/quiz/evaluate/clinic-case', {
    clinicCaseId: caseId,
    quizSessionId,
    selectedOptions: [
      { questionId: `${caseId}-q1`, optionSelectedIndex: 0 },
      { questionId: `${caseId}-q2`, optionSelectedIndex: 0 },
    ],
  });
  expect(graded.statusCode).toBe(200);
  return quizSessionId;
}

/** Moves a session's answers back in time, as if the tab had been closed that long ago. */
async function ageAnswers(quizSessionId: string, ms: number) {
  const rows = await t.database.db.select().from(answers).where(eq(answers.quizSessionId, quizSessionId));
  for (const row of rows) {
    await t.database.db
      .update(answers)
      .set({ answeredAt: new Date(row.answeredAt.getTime() - ms) })
      .where(eq(answers.id, row.id));
  }
}

describe('sessions left open', () => {
  it('count at once; once idle they are saved by their last answer and listed; a discarded one is never listed', async () => {
    const { user, call } = await student();
    const closedTab = await answeredSession(call, 'cc-left-001');
    const discarded = await answeredSession(call, 'cc-left-002');
    expect((await call('POST', `/api/quiz/sessions/${discarded}/discard`)).json()).toEqual({ success: true });
    // A discarded session takes no more answers.
    const late = await call('POST', '/api/quiz/evaluate/clinic-case', {
      clinicCaseId: 'cc-left-001',
      quizSessionId: discarded,
      selectedOptions: [
        { questionId: 'cc-left-001-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-left-001-q2', optionSelectedIndex: 0 },
      ],
    });
    expect(late.json().code).toBe('QUIZ_SESSION_FINISHED');

    // Every graded answer counts at once, whatever becomes of its session (issue 35, N2).
    expect((await call('GET', '/api/stats/summary')).json().totals.answered).toBe(4);
    await ageAnswers(closedTab, LEFT_SESSION_IDLE_MS + 60_000);
    await ageAnswers(discarded, LEFT_SESSION_IDLE_MS + 60_000);

    // Reading saves nothing (issue 36): the closed tab is listed once the «left-sessions» job has run.
    expect((await call('GET', '/api/stats/summary')).json().totals.answered).toBe(4);
    expect((await call('POST', '/api/quiz/evaluate/get-quick-quiz-evaluations', { userId: user.id })).json()).toEqual([]);
    await t.app.jobs.runNow('left-sessions');
    const summary = (await call('GET', '/api/stats/summary')).json();
    expect(summary.totals.answered).toBe(4);
    const listed = (await call('POST', '/api/quiz/evaluate/get-quick-quiz-evaluations', { userId: user.id })).json();
    expect(listed.map((evaluation: { quizSessionId: string }) => evaluation.quizSessionId)).toEqual([closedTab]);
    // Saved once: running the job again changes nothing.
    await t.app.jobs.runNow('left-sessions');
    expect((await call('GET', '/api/stats/summary')).json().totals.answered).toBe(4);
    expect((await call('POST', '/api/quiz/evaluate/get-quick-quiz-evaluations', { userId: user.id })).json()).toHaveLength(1);
  });

  it('refuses to discard another student’s session, or a malformed id', async () => {
    const owner = await student();
    const other = await student();
    const quizSessionId = await answeredSession(owner.call, 'cc-left-001');
    expect((await other.call('POST', `/api/quiz/sessions/${quizSessionId}/discard`)).statusCode).toBe(404);
    expect((await owner.call('POST', '/api/quiz/sessions/not-a-uuid/discard')).statusCode).toBe(400);
  });
});
