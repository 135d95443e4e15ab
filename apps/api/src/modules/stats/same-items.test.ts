import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createClinicalCases, createUser, sessionCookieFor } from '../../test/factories.ts';

/*
 * Issue 40: her standing among the students who answered the same questions. Ten cases of two questions: q1's key is
 * A (0), q2's is B (1) (test/factories.ts).
 */

let t: TestApp;
const CASES = Array.from({ length: 10 }, (_, index) => `cc-same-${index + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(
    t.database.db,
    CASES.map((id) => clinicalCaseContent(id)),
  );
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  return {
    /** Answers every question of the first `cases` cases: right (A, B) or wrong (C, C). */
    answer: async (cases: number, right: (caseIndex: number) => boolean) => {
      for (const [index, id] of CASES.slice(0, cases).entries()) {
        const ok = right(index);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/quiz/evaluate/clinic-case',
          cookies,
          payload: {
            clinicCaseId: id,
            selectedOptions: [
              { questionId: `${id}-q1`, optionSelectedIndex: ok ? 0 : 2 },
              { questionId: `${id}-q2`, optionSelectedIndex: ok ? 1 : 2 },
            ],
          },
        });
        expect(response.statusCode).toBe(200);
      }
    },
    standing: async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/stats/same-items', cookies });
      expect(response.statusCode).toBe(200);
      return response.json();
    },
  };
}

describe('her standing on the same questions (issue 40)', () => {
  it('waits for 20 questions of hers, then for 5 other students on 20 of them, and says so', async () => {
    const ana = await student();
    expect(await ana.standing()).toEqual({ kind: 'few-items', items: 0, needed: 20 });
    await ana.answer(9, () => true);
    expect(await ana.standing()).toEqual({ kind: 'few-items', items: 18, needed: 20 });
    await ana.answer(10, () => true);
    // Her second answers to the same questions change nothing: her first answer to each is what counts.
    expect(await ana.standing()).toEqual({ kind: 'few-peers', items: 20, comparable: 0, needed: 20 });
  });

  it('ranks her on each question among those who answered it: right where most were wrong is near the top', async () => {
    // Five others: the first five cases hard (all wrong), the last five easy (all right).
    for (let other = 0; other < 5; other++) await (await student()).answer(10, (index) => index >= 5);
    const ana = await student();
    await ana.answer(10, () => true);
    // Hard questions: beats all others (1.0); easy ones: ties every other (0.5). The others include the first test's
    // student on every question (right): hard 5 wrong of 6 → (5 + 0.5)/6; easy all right → 0.5.
    const standing = await ana.standing();
    expect(standing).toEqual({ kind: 'percentile', percentile: 71, items: 20, peersPerItem: { min: 6, median: 6, max: 6 } });
    const bea = await student();
    await bea.answer(10, (index) => index >= 5);
    expect((await bea.standing()).percentile).toBeLessThan(standing.percentile);
  });

  it('needs an account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/same-items' })).statusCode).toBe(401);
  });
});
