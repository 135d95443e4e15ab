import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { seedContent } from '../../boot/seed.ts';

// The bank the product ships (content/ and content/external/), loaded as a fresh start loads it.
let t: TestApp;
beforeAll(async () => {
  // Hundreds of draws from one address: the limits are lifted as in the e2e suite.
  t = await createTestApp({ RATE_LIMIT_ROUTE_FACTOR: '100', RATE_LIMIT_MAX: '100000' });
  await seedContent(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Cookies = { galeno_session: string };
interface DrawnCase {
  id: string;
  questions: { id: string }[];
  source?: { citation: string } | null;
  gpc?: { name: string; year: number } | null;
}

/** Answers every question of a drawn case (the first option), as a student grading it. */
async function answerCase(cookies: Cookies, drawn: DrawnCase) {
  const graded = await t.app.inject({
    method: 'POST',
    url: '/api/quiz/evaluate/clinic-case',
    cookies,
    payload: {
      clinicCaseId: drawn.id,
      selectedOptions: drawn.questions.map((question) => ({ questionId: question.id, optionSelectedIndex: 0 })),
    },
  });
  expect(graded.statusCode).toBe(200);
}

/** Draws and answers cases until `questions` questions were answered; returns every question seen, in order. */
async function answerQuestions(cookies: Cookies, questions: number, body: object) {
  const seen: string[] = [];
  const cases: DrawnCase[] = [];
  while (seen.length < questions) {
    const response = await t.app.inject({ method: 'POST', url: '/api/quiz/clinic-case/random-by-speciality', cookies, payload: body });
    expect(response.statusCode).toBe(200);
    const drawn = response.json() as DrawnCase;
    cases.push(drawn);
    seen.push(...drawn.questions.map((question) => question.id));
    await answerCase(cookies, drawn);
  }
  return { seen, cases };
}

describe('the shipped bank', () => {
  it('serves at least 1,000 distinct questions, ours and the MIR ones counted apart', async () => {
    const counts = (await t.app.inject({ method: 'GET', url: '/api/visits/public-counts' })).json();
    expect(counts.ownQuestions + counts.mirQuestions).toBeGreaterThanOrEqual(1000);
    expect(counts.mirQuestions).toBeGreaterThan(500);
  });

  it('gives a student 200 questions of Medicina Interna from both banks without a repeat, each with a source line or a guideline', async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const { seen, cases } = await answerQuestions(cookies, 200, { speciality: 'Medicina Interna', bank: 'ambos' });
    expect(new Set(seen).size).toBe(seen.length);
    expect(cases.filter((item) => !item.source && !item.gpc).map((item) => item.id)).toEqual([]);
    expect(cases.some((item) => item.source)).toBe(true);
  }, 60_000);

  it('gives a student 100 cases of our own bank without a repeat', async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const ids = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const drawn = (await t.app.inject({ method: 'GET', url: '/api/quiz/clinic-case/random?bank=galeno', cookies })).json() as DrawnCase;
      expect(ids.has(drawn.id)).toBe(false);
      ids.add(drawn.id);
      expect(drawn.source ?? null).toBeNull();
      await answerCase(cookies, drawn);
    }
  }, 60_000);

  it('offers at least 5 cases of our own bank in every sub-speciality of the speciality quiz', async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const response = await t.app.inject({ method: 'GET', url: '/api/quiz/clinic-case/specialities?bank=galeno', cookies });
    expect(response.statusCode, response.body).toBe(200);
    const counts = response.json() as { speciality: string; subSpeciality: string; cases: number }[];
    const short = QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA)
      .flatMap((area) =>
        area.subSpecialities.map((sub) => ({
          sub: `${area.name} / ${sub.name}`,
          cases: counts.find((row) => row.speciality === area.name && row.subSpeciality === sub.name)?.cases ?? 0,
        })),
      )
      .filter((row) => row.cases < 5);
    expect(short).toEqual([]);
  });
});
