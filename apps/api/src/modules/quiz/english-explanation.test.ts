import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';
import { readContent } from '../content/files.ts';
import { loadContent } from '../content/load.ts';

/*
 * An English item of content/ carries its explanation in Spanish (N24 of the review of 933b5f1): the loader stores
 * it, and grading and the review of a saved session send it beside the English explanation, for English items only.
 */

const GUIDELINE = {
  id: 'gpc-imss-031-08',
  kind: 'GPC',
  title: 'Diagnóstico de apendicitis aguda',
  code: 'IMSS-031-08',
  year: 2009,
  status: 'vigente',
};
const SPANISH_SINGLE = 'La metformina es el fármaco de primera línea en la diabetes tipo 2 sin contraindicación.';
const SPANISH_CASE = [
  'La migración del dolor a la fosa iliaca derecha orienta a apendicitis aguda.',
  'El ultrasonido es el estudio inicial.',
];

function contentFolder() {
  const root = mkdtempSync(path.join(tmpdir(), 'galeno-english-'));
  const englishCase = clinicalCaseContent('cc-eng-001', {
    gpc: undefined,
    guideline: GUIDELINE.id,
    language: 'en',
    caseText: 'A 34-year-old woman with right lower quadrant pain for 12 hours.',
  });
  englishCase.questions.forEach((question, index) =>
    Object.assign(question, { explanation: `English explanation ${index + 1}.`, explanationEs: SPANISH_CASE[index] }),
  );
  const files = {
    'guidelines.json': [GUIDELINE],
    'clinical-cases/cases.json': [englishCase],
    'questions/questions.json': [
      {
        ...singleQuestionContent('q-eng-001', { language: 'en', explanation: 'Metformin is first line.' }),
        guideline: GUIDELINE.id,
        explanationEs: SPANISH_SINGLE,
      },
      {
        ...singleQuestionContent('q-esp-001', { question: '¿Fármaco de primera línea en la diabetes tipo 2 de reciente diagnóstico?' }),
        guideline: GUIDELINE.id,
      },
    ],
  };
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), JSON.stringify(data));
  }
  return root;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const { items, problems } = readContent(contentFolder());
  expect(problems).toEqual([]);
  await loadContent(t.database.db, items);
});
afterAll(async () => {
  await t?.close();
});

describe('the Spanish explanation of an English item', () => {
  it('comes with the grading of an English question and case, and with their review; never with a Spanish item', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const call = (url: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });
    const quizSessionId = (await call('/sessions', { kind: 'quick' })).json().quizSessionId as string;

    const single = await call('/evaluate/question', { questionId: 'q-eng-001', selectedOption: 1, quizSessionId });
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ feedback: 'Metformin is first line.', explanationEs: SPANISH_SINGLE });

    const graded = await call('/evaluate/clinic-case', {
      clinicCaseId: 'cc-eng-001',
      quizSessionId,
      selectedOptions: [
        { questionId: 'cc-eng-001-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-eng-001-q2', optionSelectedIndex: 0 },
      ],
    });
    expect(graded.statusCode).toBe(200);
    const evaluations = graded.json() as { feedback: string; explanationEs?: string }[];
    expect(evaluations.map((evaluation) => [evaluation.feedback, evaluation.explanationEs])).toEqual([
      ['English explanation 1.', SPANISH_CASE[0]],
      ['English explanation 2.', SPANISH_CASE[1]],
    ]);

    const spanish = await call('/evaluate/question', { questionId: 'q-esp-001', selectedOption: 0, quizSessionId });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json()).not.toHaveProperty('explanationEs');

    expect((await call('/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId })).statusCode).toBe(200);
    const review = await call(`/sessions/${quizSessionId}/review`);
    expect(review.statusCode).toBe(200);
    const items = review.json().items as { question: { id: string }; explanationEs?: string }[];
    expect(items.map((item) => [item.question.id, item.explanationEs ?? null])).toEqual([
      ['q-eng-001', SPANISH_SINGLE],
      ['cc-eng-001-q1', SPANISH_CASE[0]],
      ['cc-eng-001-q2', SPANISH_CASE[1]],
      ['q-esp-001', null],
    ]);
  });

  it('is written again when only the translation changes, and nothing is rewritten on a reload without changes', async () => {
    const { items } = readContent(contentFolder());
    expect((await loadContent(t.database.db, items)).written).toBe(0);
    const english = items.questions.find((item) => item.id === 'q-eng-001')!;
    english.explanationEs = 'La metformina es de primera línea.';
    expect((await loadContent(t.database.db, items)).written).toBe(1);
  });
});
