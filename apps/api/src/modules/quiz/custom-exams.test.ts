import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, quizSessions } from '../../db/schema/quiz.ts';
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
  // Cirugía General: 4 cases of 2 questions; Medicina Interna · Endocrinología: 6 single questions.
  await createClinicalCases(
    t.database.db,
    ['cc-ex-1', 'cc-ex-2', 'cc-ex-3', 'cc-ex-4'].map((id) => clinicalCaseContent(id)),
  );
  await createSingleQuestions(
    t.database.db,
    ['q-ex-1', 'q-ex-2', 'q-ex-3', 'q-ex-4', 'q-ex-5', 'q-ex-6'].map((id) => singleQuestionContent(id)),
  );
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });
  return { user, call };
}

describe('"Crear examen"', () => {
  it('counts what the choice offers, live, and narrows with every filter and with what the student has seen', async () => {
    const { call } = await student();
    const available = async (choice: object) => (await call('POST', '/exams/available', choice)).json().available;
    expect(await available({ which: 'todas' })).toBe(14);
    expect(await available({ areas: ['Cirugía'] })).toBe(8);
    expect(await available({ subSpecialities: ['Endocrinología'] })).toBe(6);
    expect(await available({ areas: ['Pediatría y Neonatología'] })).toBe(0);
    await call('POST', '/evaluate/question', { questionId: 'q-ex-1', selectedOption: 3 });
    expect(await available({ subSpecialities: ['Endocrinología'], which: 'no-vistas' })).toBe(5);
    expect(await available({ subSpecialities: ['Endocrinología'], which: 'incorrectas' })).toBe(1);
    await call('PUT', '/flags/q-ex-2', { flagged: true });
    expect(await available({ which: 'marcadas' })).toBe(1);
  });

  it('draws the exam once, keeps a case’s questions together, resumes where it was left, and refuses a choice too small', async () => {
    const { user, call } = await student();
    const tooMany = await call('POST', '/exams', { areas: ['Cirugía'], count: 10, mode: 'tutor' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errorMessage).toBe('Solo hay 8 preguntas disponibles para esta selección.');
    expect((await call('POST', '/exams', { count: 3 })).json().errorMessage).toContain('Elige entre 5 y 100 preguntas.');

    const exam = (await call('POST', '/exams', { areas: ['Cirugía'], count: 8, mode: 'tutor' })).json();
    expect(exam.kind).toBe('exam');
    const listed = (await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json();
    const ids: string[] = listed.items.map((item: { question: { id: string } }) => item.question.id);
    expect(ids).toHaveLength(8);
    // q1 then q2 of each case, side by side.
    for (let i = 0; i < 8; i += 2) expect(ids[i + 1]).toBe(ids[i]!.replace(/-q1$/, '-q2'));
    expect(listed.mode).toBe('tutor');
    expect(listed.answeredIds).toEqual([]);

    // Tutor mode grades each answer; the session shows as "Continuar" until every question is answered.
    await call('POST', '/evaluate/question', { questionId: ids[0], selectedOption: 0, quizSessionId: exam.quizSessionId });
    expect((await call('GET', '/sessions/open')).json().session).toMatchObject({
      quizSessionId: exam.quizSessionId,
      kind: 'exam',
      total: 8,
      answered: 1,
    });
    expect((await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json().answeredIds).toEqual([ids[0]]);
    await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: exam.quizSessionId });
    expect((await call('GET', '/sessions/open')).json().session).toBeNull();
  });

  it("in 'examen' mode records answers without revealing any key, and shows every explanation once finished", async () => {
    const { user, call } = await student();
    const exam = (await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, mode: 'examen' })).json();
    const listed = (await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json();
    expect(listed.mode).toBe('examen');
    const first = listed.items[0].question.id;
    const graded = await call('POST', '/evaluate/question', { questionId: first, selectedOption: 0, quizSessionId: exam.quizSessionId });
    expect(graded.statusCode).toBe(409);
    expect(graded.json()).toEqual({ code: 'EXAM_MODE', errorMessage: 'En modo examen las respuestas se califican al terminar.' });
    const recorded = await call('POST', `/sessions/${exam.quizSessionId}/answers`, {
      answers: listed.items.map((item: { question: { id: string } }, index: number) => ({
        questionId: item.question.id,
        optionSelectedIndex: index % 2,
      })),
    });
    expect(recorded.json()).toEqual({ recorded: 5, answeredInSession: 5 });
    expect(JSON.stringify(recorded.json())).not.toMatch(/correct/);
    // Only the exam's own questions.
    const outsider = await call('POST', `/sessions/${exam.quizSessionId}/answers`, {
      answers: [{ questionId: 'cc-ex-1-q1', optionSelectedIndex: 0 }],
    });
    expect(outsider.json()).toEqual({ code: 'NOT_IN_SESSION', errorMessage: 'Esa pregunta no es parte de esta sesión.' });
    const saved = (
      await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: exam.quizSessionId })
    ).json();
    expect(saved.quickQuizEvaluation).toMatchObject({ totalQuestions: 5, totalCorrect: 3 });
    const review = (await call('GET', `/sessions/${exam.quizSessionId}/review`)).json();
    expect(review.items).toHaveLength(5);
    expect(review.items.every((item: { feedback: string }) => item.feedback.length > 0)).toBe(true);
  });

  it("in 'examen' mode lets a question be skipped and an answer changed with its time kept, and scores the skipped ones as not correct (ux N8)", async () => {
    const { user, call } = await student();
    const exam = (
      await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, mode: 'examen', secondsPerQuestion: 90 })
    ).json();
    const listed = (await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json();
    const ids: string[] = listed.items.map((item: { question: { id: string } }) => item.question.id);
    const keys = new Map(
      (await t.database.db.select({ id: questions.id, key: questions.correctIndex }).from(questions).where(inArray(questions.id, ids))).map(
        (row) => [row.id, row.key],
      ),
    );
    const answer = (index: number, right: boolean, elapsedMs: number) =>
      call('POST', `/sessions/${exam.quizSessionId}/answers`, {
        answers: [
          { questionId: ids[index], optionSelectedIndex: right ? keys.get(ids[index]!)! : (keys.get(ids[index]!)! + 1) % 4, elapsedMs },
        ],
      });
    // Question 1 answered wrong, then changed to right with the time of both visits; 2 and 3 right; 4 and 5 skipped.
    await answer(0, false, 20_000);
    await answer(1, true, 30_000);
    await answer(2, true, 40_000);
    await answer(0, true, 50_000);
    const resumed = (await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json();
    expect(resumed.recorded).toEqual([
      { questionId: ids[1], selectedIndex: keys.get(ids[1]!), timeMs: 30_000 },
      { questionId: ids[2], selectedIndex: keys.get(ids[2]!), timeMs: 40_000 },
      { questionId: ids[0], selectedIndex: keys.get(ids[0]!), timeMs: 50_000 },
    ]);
    // The page adds the time spent on the two skipped questions, which no answer carries.
    const saved = (
      await call('POST', '/evaluate/save-quick-quiz-evaluation', {
        userId: user.id,
        quizSessionId: exam.quizSessionId,
        skippedTimeMs: 15_000,
      })
    ).json();
    expect(saved.quickQuizEvaluation).toMatchObject({ totalQuestions: 5, totalCorrect: 3, averageScore: 60, totalTimeMs: 135_000 });
    // The review follows the exam's order, the skipped questions in place with their key and explanation.
    const review = (await call('GET', `/sessions/${exam.quizSessionId}/review`)).json();
    expect(review.items.map((item: { question: { id: string } }) => item.question.id)).toEqual(ids);
    expect(
      review.items.map((item: { selectedIndex: number | null; correct: boolean }) => [item.selectedIndex === null, item.correct]),
    ).toEqual([
      [false, true],
      [false, true],
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(review.items[3]).toMatchObject({ correctAnswer: keys.get(ids[3]!), timeMs: null });
    expect(review.items[3].feedback.length).toBeGreaterThan(0);
    // «Repasar incorrectas» takes the skipped ones too.
    const retry = (await call('POST', '/review-sessions', { source: 'incorrectas', quizSessionId: exam.quizSessionId })).json();
    const again = (await call('GET', `/sessions/${retry.quizSessionId}/questions`)).json();
    expect(again.items.map((item: { question: { id: string } }) => item.question.id)).toEqual([ids[3], ids[4]]);
  });

  it("in 'examen' mode ends with nothing answered when the time ran out: every question counts as not correct", async () => {
    const { user, call } = await student();
    const exam = (await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, mode: 'examen' })).json();
    const saved = await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: exam.quizSessionId });
    expect(saved.json().quickQuizEvaluation).toMatchObject({ totalQuestions: 5, totalCorrect: 0 });
    // A tutor-mode exam (or any other session) with nothing answered still has nothing to save.
    const tutor = (await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, mode: 'tutor' })).json();
    const empty = await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: tutor.quizSessionId });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps a time per question when one is chosen (one of the paces), and the time of each answer', async () => {
    const { user, call } = await student();
    const refused = await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, secondsPerQuestion: 30 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorMessage).toContain('Elige un tiempo por pregunta de la lista.');
    const untimed = (await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5 })).json();
    expect((await call('GET', `/sessions/${untimed.quizSessionId}/questions`)).json().secondsPerQuestion).toBeNull();

    const exam = (
      await call('POST', '/exams', { subSpecialities: ['Endocrinología'], count: 5, mode: 'examen', secondsPerQuestion: 90 })
    ).json();
    const listed = (await call('GET', `/sessions/${exam.quizSessionId}/questions`)).json();
    expect(listed.secondsPerQuestion).toBe(90);
    for (const [index, item] of listed.items.entries()) {
      await call('POST', `/sessions/${exam.quizSessionId}/answers`, {
        answers: [{ questionId: item.question.id, optionSelectedIndex: 0 }],
        elapsedMs: (index + 1) * 10_000,
      });
    }
    const saved = (
      await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: exam.quizSessionId })
    ).json();
    expect(saved.quickQuizEvaluation.totalTimeMs).toBe(150_000);
  });
});

describe('the welcome’s first quiz (ux N18)', () => {
  async function areasOfFirstQuiz(speciality: string | null) {
    const user = await createUser(t.database.db, { speciality });
    const cookies = await sessionCookieFor(t.database.db, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/exams',
      cookies,
      payload: { bank: 'galeno', which: 'no-vistas', count: 5, mode: 'tutor', favourMySpeciality: true },
    });
    expect(response.statusCode).toBe(200);
    const [session] = await t.database.db.select().from(quizSessions).where(eq(quizSessions.id, response.json().quizSessionId));
    const drawn = await t.database.db
      .select({ area: questions.especialidad })
      .from(questions)
      .where(inArray(questions.id, (session!.configuration as { questionIds: string[] }).questionIds));
    return drawn.map((row) => row.area);
  }

  it('draws most questions from the area of the chosen speciality', async () => {
    // Six draws: by chance alone all six would hold 3 or more of the 6 Medicina Interna questions less than once in 500.
    for (let draw = 0; draw < 6; draw++) {
      const areas = await areasOfFirstQuiz('Medicina Interna');
      expect(areas).toHaveLength(5);
      expect(areas.filter((area) => area === 'Medicina Interna').length).toBeGreaterThanOrEqual(3);
    }
    expect((await areasOfFirstQuiz('Traumatología y Ortopedia')).filter((area) => area === 'Cirugía').length).toBeGreaterThanOrEqual(3);
  });

  it('fills from the whole bank where the area has none, or the student chose no speciality', async () => {
    expect(await areasOfFirstQuiz('Pediatría')).toHaveLength(5);
    expect(await areasOfFirstQuiz(null)).toHaveLength(5);
  });
});
