import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';
import { answers, quizSessions } from '../../db/schema/quiz.ts';
import { refreshPeerSnapshots } from './peers.ts';
import { optionCounts, recountOptionCounts } from '../sessions/answers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // q-peer-001's key is A (0); Endocrinología, Medicina Interna (the factory's tags).
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-peer-001'), singleQuestionContent('q-peer-002')]);
});
afterAll(async () => {
  await t?.close();
});

async function studentAnswering(questionId: string, option: number) {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/quiz/evaluate/question',
    cookies,
    payload: { questionId, selectedOption: option },
  });
  return { user, cookies, evaluation: response.json() };
}

describe('how other students answered an item', () => {
  it('stays hidden below 20 students, then shows the share per option, counting each student’s first answer only', async () => {
    const picks = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2];
    for (const option of picks) expect((await studentAnswering('q-peer-001', option)).evaluation.optionShares).toBeNull();
    // The same student answering again does not count twice.
    const repeater = await studentAnswering('q-peer-001', 3);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/evaluate/question',
      cookies: repeater.cookies,
      payload: { questionId: 'q-peer-001', selectedOption: 3 },
    });
    // 20 students now: 10 A, 5 B, 4 C, 1 D.
    expect(again.json().optionShares).toEqual([50, 25, 20, 5]);
    // Only percentages: nothing names or counts anyone.
    expect(Object.keys(again.json())).toEqual(['questionId', 'correct', 'correctAnswer', 'feedback', 'tags', 'optionShares']);
    // Recounting from the answers (the migration's rule) gives the counts the gradings kept.
    const kept = await optionCounts(t.database.db, ['q-peer-001']);
    await recountOptionCounts(t.database.db, ['q-peer-001']);
    expect(await optionCounts(t.database.db, ['q-peer-001'])).toEqual(kept);
    expect(kept.get('q-peer-001')).toEqual([10, 5, 4, 1]);
  });
});

describe('a student’s percentile in an area', () => {
  it('is computed on the server among active students (50+ saved answers) and absent for an inactive student', async () => {
    const db = t.database.db;
    const now = Date.now();
    const seedStudent = async (correctOutOf60: number) => {
      const user = await createUser(db);
      // Sixty saved sessions of one answer each (a question counts once per session).
      const sessions = await db
        .insert(quizSessions)
        .values(
          Array.from({ length: 60 }, () => ({ userId: user.id, kind: 'quick' as const, startedAt: new Date(now), savedAt: new Date(now) })),
        )
        .returning({ id: quizSessions.id });
      await db.insert(answers).values(
        Array.from({ length: 60 }, (_, i) => ({
          userId: user.id,
          questionId: i % 2 ? 'q-peer-001' : 'q-peer-002',
          quizSessionId: sessions[i]!.id,
          selectedIndex: 0,
          correct: i < correctOutOf60,
          especialidad: 'Medicina Interna',
          subEspecialidad: 'Endocrinología',
          answeredAt: new Date(now - i * 1000),
        })),
      );
      return user;
    };
    // Twelve active peers at 10%, 15%, … 65%; one student at 60 of 60.
    for (let k = 0; k < 12; k++) await seedStudent(6 + 3 * k);
    const best = await seedStudent(60);
    expect(await refreshPeerSnapshots(db)).toBe(1);

    const summary = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies: await sessionCookieFor(db, best) })).json();
    expect(summary.percentiles).toEqual([{ speciality: 'Medicina Interna', percentile: 96, activeStudents: 13 }]);
    expect(JSON.stringify(summary)).not.toMatch(/userId|email/);

    // A student with a few answers is not ranked.
    const newcomer = await studentAnswering('q-peer-002', 0);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/stats/summary', cookies: newcomer.cookies })).json();
    expect(theirs.percentiles).toEqual([]);
  });
});
