import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulacroScore } from '@galeno/domain/simulacro';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank } from '../../test/bank.ts';
import { simulacroForms } from '../../db/schema/exams.ts';
import { questions, sealedQuestions } from '../../db/schema/quiz.ts';
import { loadContent } from '../content/load.ts';

/*
 * Issue 34, F1: the questions of an open sitting (a simulacro, a custom exam in exam mode) reveal no key and no
 * verdict by any door until the sitting is finished; F7: in a session, the first verdict on a question stands.
 */

let t: TestApp;
let keys: Map<string, number>;
let caseOf: Map<string, string | null>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await loadContent(db, generateBank({ cases: 60, questionsPerCase: 2, spread: 'taxonomy', prefix: 'seal' }));
  const rows = await db.select({ id: questions.id, key: questions.correctIndex, caseId: questions.clinicalCaseId }).from(questions);
  keys = new Map(rows.map((row) => [row.id, row.key]));
  caseOf = new Map(rows.map((row) => [row.id, row.caseId]));
  // Two small forms of whole cases: the first twenty cases, and the next five.
  const form = (number: number, cases: number[]) => {
    const unitIds = cases.map((i) => `seal-cc-${i}`);
    const questionIds = rows.filter((row) => unitIds.includes(row.caseId!)).map((row) => row.id);
    return { id: `mini-${number}`, kind: 'mini' as const, number, questionIds, spanishQuestionIds: questionIds, unitIds };
  };
  await db.insert(simulacroForms).values([
    form(
      1,
      Array.from({ length: 20 }, (_, i) => i),
    ),
    form(2, [20, 21, 22, 23, 24]),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, cookies, ...(payload ? { payload } : {}) });
  return { user, call };
}

const wrong = (questionId: string) => (keys.get(questionId)! + 1) % 4;

async function formIds(formId: string): Promise<string[]> {
  const [form] = await t.database.db.select().from(simulacroForms).where(eq(simulacroForms.id, formId));
  return form!.questionIds;
}

describe('an open simulacro sitting', () => {
  it('reveals no key or verdict by any door, and the scripted attempt scores what its answers deserve', async () => {
    const { call } = await student();
    const { quizSessionId } = (await call('POST', '/simulacros', { formId: 'mini-1' })).json();
    const ids = await formIds('mini-1');
    const [first, second] = ids;
    const firstCase = caseOf.get(first!)!;

    // Autosave records wrong answers to the first two questions (no key shown).
    const saved = await call('PUT', `/simulacros/${quizSessionId}/answers`, {
      answers: [
        { questionId: first, optionSelectedIndex: wrong(first!) },
        { questionId: second, optionSelectedIndex: wrong(second!) },
      ],
    });
    expect(saved.statusCode).toBe(200);

    // 1. A bare grading of one of its questions, without a session.
    const graded = await call('POST', '/quiz/evaluate/question', { questionId: first, selectedOption: 0 });
    expect(graded.statusCode).toBe(409);
    expect(graded.json()).toEqual({
      code: 'EXAM_IN_PROGRESS',
      errorMessage: 'Esta pregunta es parte de tu simulacro o examen en curso. Termínalo para ver su respuesta.',
    });
    expect(graded.body).not.toContain('correctAnswer');
    // 2. The whole case, without a session and inside another session of the student's.
    const caseQuestions = ids.filter((id) => caseOf.get(id) === firstCase);
    const caseBody = {
      clinicCaseId: firstCase,
      selectedOptions: caseQuestions.map((questionId) => ({ questionId, optionSelectedIndex: 0 })),
    };
    expect((await call('POST', '/quiz/evaluate/clinic-case', caseBody)).json().code).toBe('EXAM_IN_PROGRESS');
    const quick = (await call('POST', '/quiz/sessions', { kind: 'quick' })).json();
    const inQuick = await call('POST', '/quiz/evaluate/clinic-case', { ...caseBody, quizSessionId: quick.quizSessionId });
    expect(inQuick.statusCode).toBe(409);
    expect(inQuick.body).not.toContain('correctAnswer');
    // 3. The export carries the sitting's answers without their verdicts.
    const exported = (await call('GET', '/user/export')).json();
    const sittingAnswers = exported.answers.filter((answer: { quizSessionId: string }) => answer.quizSessionId === quizSessionId);
    expect(sittingAnswers).toHaveLength(2);
    expect(sittingAnswers.filter((answer: object) => 'correct' in answer)).toEqual([]);
    // 4. The statistics count none of them yet; «Repasar errores» finds none of them.
    expect((await call('GET', '/stats/summary')).json().totals).toMatchObject({ answered: 0, correct: 0 });
    const errors = await call('POST', '/quiz/review-sessions', { source: 'errores' });
    expect(errors.json().code).toBe('NO_MISSED_QUESTIONS');
    // 5. «Crear examen» counts none of them as wrong, and draws none of the sitting's questions.
    expect((await call('POST', '/quiz/exams/available', { which: 'incorrectas' })).json().available).toBe(0);
    const all = (await call('POST', '/quiz/exams/available', { which: 'todas' })).json().available;
    expect(all).toBe(keys.size - ids.length);
    // Draws leave the sitting's cases out.
    for (let i = 0; i < 25; i++) {
      const drawn = (await call('GET', '/quiz/clinic-case/random')).json();
      expect(ids).not.toContain(drawn.questions[0].id);
    }

    // The scripted attempt: every door refused, it answers A everywhere and scores exactly what that deserves.
    let peeked = 0;
    for (const id of ids) {
      const attempt = await call('POST', '/quiz/evaluate/question', { questionId: id, selectedOption: 0 });
      if (attempt.statusCode === 200) peeked++;
    }
    expect(peeked).toBe(0);
    await call('PUT', `/simulacros/${quizSessionId}/answers`, {
      answers: ids.slice(2).map((questionId) => ({ questionId, optionSelectedIndex: 0 })),
    });
    const results = (await call('POST', `/simulacros/${quizSessionId}/finish`)).json();
    const deserved = ids.slice(2).filter((id) => keys.get(id) === 0).length;
    expect(results).toMatchObject({ correct: deserved, total: ids.length, score: simulacroScore(deserved, ids.length) });
    expect(results.score).toBeLessThan(50);
    // Finished: every answer of the sitting counts, with the verdicts the finish gave.
    expect((await call('GET', '/stats/summary')).json().totals).toMatchObject({ answered: ids.length, correct: deserved });

    // Finished: its questions are the student's to review and grade again.
    expect(await t.database.db.select().from(sealedQuestions).where(eq(sealedQuestions.quizSessionId, quizSessionId))).toEqual([]);
    expect((await call('POST', '/quiz/evaluate/question', { questionId: first, selectedOption: 0 })).statusCode).toBe(200);
    expect((await call('POST', '/quiz/review-sessions', { source: 'errores' })).statusCode).toBe(200);
    expect((await call('GET', '/user/export')).json().answers.every((answer: object) => 'correct' in answer)).toBe(true);
  });

  it('seals only its own student’s questions', async () => {
    const owner = await student();
    const other = await student();
    await owner.call('POST', '/simulacros', { formId: 'mini-2' });
    const [id] = await formIds('mini-2');
    expect((await other.call('POST', '/quiz/evaluate/question', { questionId: id, selectedOption: 0 })).statusCode).toBe(200);
    expect((await owner.call('POST', '/quiz/evaluate/question', { questionId: id, selectedOption: 0 })).statusCode).toBe(409);
  });
});

describe('a custom exam', () => {
  const examChoice = { areas: ['Medicina Interna'], which: 'todas', count: 5 };

  it('in exam mode seals its questions until it is finished; in tutor mode it grades as it goes', async () => {
    const { user, call } = await student();
    const exam = (await call('POST', '/quiz/exams', { ...examChoice, mode: 'examen' })).json();
    const { items } = (await call('GET', `/quiz/sessions/${exam.quizSessionId}/questions`)).json();
    const ids: string[] = items.map((item: { question: { id: string } }) => item.question.id);
    await call('POST', `/quiz/sessions/${exam.quizSessionId}/answers`, {
      answers: ids.map((questionId) => ({ questionId, optionSelectedIndex: wrong(questionId) })),
    });
    expect((await call('POST', '/quiz/evaluate/question', { questionId: ids[0], selectedOption: 0 })).json().code).toBe('EXAM_IN_PROGRESS');
    const tutor = (await call('POST', '/quiz/exams', { ...examChoice, which: 'incorrectas', mode: 'tutor' })).json();
    expect(tutor.code).toBe('NOT_ENOUGH_QUESTIONS');
    // Fully answered but not finished: still offered as «Continuar», so it can be graded.
    expect((await call('GET', '/quiz/sessions/open')).json().session).toMatchObject({ quizSessionId: exam.quizSessionId, answered: 5 });

    const finished = await call('POST', '/quiz/evaluate/save-quick-quiz-evaluation', {
      userId: user.id,
      quizSessionId: exam.quizSessionId,
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json().quickQuizEvaluation.totalCorrect).toBe(0);
    // Its address knows it is finished (issue 35, N3): the page opens the results, not question 1.
    expect((await call('GET', `/quiz/sessions/${exam.quizSessionId}/questions`)).json()).toMatchObject({ saved: true, mode: 'examen' });
    expect((await call('POST', '/quiz/evaluate/question', { questionId: ids[0], selectedOption: wrong(ids[0]!) })).statusCode).toBe(200);
    expect((await call('POST', '/quiz/exams/available', { areas: ['Medicina Interna'], which: 'incorrectas' })).json().available).toBe(5);
  });
});

describe('a graded question in a session (F7)', () => {
  it('keeps its first verdict: grading again after seeing the key changes nothing that counts', async () => {
    const { user, call } = await student();
    const session = (await call('POST', '/quiz/sessions', { kind: 'single' })).json();
    const id = [...keys.keys()][0]!;
    const first = await call('POST', '/quiz/evaluate/question', {
      questionId: id,
      selectedOption: wrong(id),
      quizSessionId: session.quizSessionId,
    });
    expect(first.json()).toMatchObject({ correct: false, correctAnswer: keys.get(id) });
    // With the key in hand, grading again (or recording the right option) is answered but not counted.
    const again = await call('POST', '/quiz/evaluate/question', {
      questionId: id,
      selectedOption: keys.get(id),
      quizSessionId: session.quizSessionId,
    });
    expect(again.json().correct).toBe(true);
    await call('POST', `/quiz/sessions/${session.quizSessionId}/answers`, {
      answers: [{ questionId: id, optionSelectedIndex: keys.get(id) }],
    });
    const saved = await call('POST', '/quiz/evaluate/save-quick-quiz-evaluation', {
      userId: user.id,
      quizSessionId: session.quizSessionId,
    });
    expect(saved.json().quickQuizEvaluation).toMatchObject({ totalQuestions: 1, totalCorrect: 0 });
  });
});
