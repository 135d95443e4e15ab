import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  clinicalCaseContent,
  createClinicalCases,
  createSingleQuestions,
  createUser,
  sessionCookieFor,
  singleQuestionContent,
} from '../../test/factories.ts';
import { answers, quizEvaluations, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';

let t: TestApp;
let student: User;
let cookies: { galeno_session: string };

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(t.database.db, [
    clinicalCaseContent('cc-test-001'),
    clinicalCaseContent('cc-test-002'),
    clinicalCaseContent('cc-test-003', {
      tags: {
        especialidad: 'Ginecología y Obstetricia',
        subEspecialidad: 'Obstetricia',
        tema: 'Preeclampsia y eclampsia',
        dificultad: 'Difícil',
      },
    }),
  ]);
  await createSingleQuestions(t.database.db, [
    singleQuestionContent('q-test-001'),
    singleQuestionContent('q-test-002', { source: { citation: 'HEAD-QA v1.0, MIR 2014' } }),
  ]);
  student = await createUser(t.database.db);
  cookies = await sessionCookieFor(t.database.db, student);
});
afterAll(async () => {
  await t?.close();
});

const request = (method: 'GET' | 'POST', url: string, payload?: object, as = cookies) =>
  t.app.inject({ method, url: `/api/quiz${url}`, cookies: as, ...(payload ? { payload } : {}) });

/** A quiz session the server opens for this account, as the page does before its first answer. */
async function openSession(as = cookies, kind: 'quick' | 'speciality' = 'quick'): Promise<string> {
  const response = await request('POST', '/sessions', { kind }, as);
  expect(response.statusCode).toBe(200);
  return response.json().quizSessionId as string;
}

/** Grades a case with these options (cc-test cases: option 0 is right in q1, option 1 in q2). */
async function answerCase(as: typeof cookies, clinicCaseId: string, quizSessionId: string, picks: [number, number]) {
  const response = await request(
    'POST',
    '/evaluate/clinic-case',
    {
      clinicCaseId,
      quizSessionId,
      selectedOptions: picks.map((optionSelectedIndex, index) => ({ questionId: `${clinicCaseId}-q${index + 1}`, optionSelectedIndex })),
    },
    as,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as { correct: boolean }[];
}

describe('random picks', () => {
  it('never reveal the answer or the explanation', async () => {
    const question = await request('GET', '/question/random');
    expect(question.statusCode).toBe(200);
    const body = JSON.stringify(question.json());
    expect(body).not.toMatch(/correct|explanation|feedback/i);
    const clinicCase = await request('GET', '/clinic-case/random');
    expect(clinicCase.statusCode).toBe(200);
    expect(clinicCase.json().questions.length).toBeGreaterThan(0);
    expect(JSON.stringify(clinicCase.json())).not.toMatch(/correct|explanation|Explicación/i);
  });

  it('prefer cases the user has not answered', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const clinicCase = (await request('GET', '/clinic-case/random', undefined, as)).json();
      expect(seen.has(clinicCase.id)).toBe(false);
      seen.add(clinicCase.id);
      await request(
        'POST',
        '/evaluate/clinic-case',
        {
          clinicCaseId: clinicCase.id,
          selectedOptions: clinicCase.questions.map((q: { id: string }) => ({ questionId: q.id, optionSelectedIndex: 0 })),
        },
        as,
      );
    }
    expect(seen.size).toBe(3);
  });

  it('by speciality serve only that speciality', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await request('POST', '/clinic-case/random-by-speciality', {
        speciality: 'Ginecología y Obstetricia',
        subSpeciality: 'Obstetricia',
      });
      expect(response.json().tags).toMatchObject({ Especialidad: 'Ginecología y Obstetricia', SubEspecialidad: 'Obstetricia' });
    }
    const none = await request('POST', '/clinic-case/random-by-speciality', { speciality: 'Pediatría y Neonatología' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errorMessage).toBe('No se encontraron casos clínicos para esta especialidad.');
  });

  it('avoid cases already answered in the quiz session once the user has answered every case, and repeat only when all are used', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const earlier = await openSession(as);
    for (const id of ['cc-test-001', 'cc-test-002', 'cc-test-003']) await answerCase(as, id, earlier, [0, 1]);

    // Every case is seen: the current session still gets the one it has not answered.
    const current = await openSession(as);
    await answerCase(as, 'cc-test-001', current, [0, 1]);
    await answerCase(as, 'cc-test-003', current, [0, 1]);
    for (let i = 0; i < 8; i++) {
      const random = await request('GET', `/clinic-case/random?quizSessionId=${current}`, undefined, as);
      expect(random.json().id).toBe('cc-test-002');
    }

    const bySpeciality = await openSession(as, 'speciality');
    await answerCase(as, 'cc-test-001', bySpeciality, [0, 1]);
    const body = { speciality: 'Cirugía', subSpeciality: 'Cirugía General', quizSessionId: bySpeciality };
    for (let i = 0; i < 8; i++)
      expect((await request('POST', '/clinic-case/random-by-speciality', body, as)).json().id).toBe('cc-test-002');

    // The sub-speciality is used up in this session: a case again rather than none.
    await answerCase(as, 'cc-test-002', bySpeciality, [0, 1]);
    const again = await request('POST', '/clinic-case/random-by-speciality', body, as);
    expect(again.statusCode).toBe(200);
    expect(['cc-test-001', 'cc-test-002']).toContain(again.json().id);
    expect((await request('GET', '/clinic-case/random?quizSessionId=not-a-uuid', undefined, as)).statusCode).toBe(400);
  });

  it('carry the source citation of imported questions', async () => {
    const found = new Set<string | null>();
    for (let i = 0; i < 30 && found.size < 2; i++) found.add((await request('GET', '/question/random')).json().source?.citation ?? null);
    expect(found).toContain('HEAD-QA v1.0, MIR 2014');
  });
});

describe('grading', () => {
  it('matches the stored answer and records it on the server', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const right = await request('POST', '/evaluate/question', { questionId: 'q-test-001', selectedOption: 0 }, as);
    expect(right.json()).toMatchObject({
      questionId: 'q-test-001',
      correct: true,
      correctAnswer: 0,
      feedback: 'La metformina es de primera línea.',
    });
    const wrong = await request('POST', '/evaluate/question', { questionId: 'q-test-001', optionSelectedIndex: 2 }, as);
    expect(wrong.json()).toMatchObject({ correct: false, correctAnswer: 0 });
    const recorded = await t.database.db.select().from(answers).where(eq(answers.userId, user.id));
    expect(recorded.map((row) => [row.selectedIndex, row.correct])).toEqual([
      [0, true],
      [2, false],
    ]);
  });

  it('grades a clinical case only when every question has an option', async () => {
    const partial = await request('POST', '/evaluate/clinic-case', {
      clinicCaseId: 'cc-test-001',
      selectedOptions: [{ questionId: 'cc-test-001-q1', optionSelectedIndex: 0 }],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errorMessage).toBe('Responde todas las preguntas del caso antes de calificar.');
    const out = await request('POST', '/evaluate/clinic-case', {
      clinicCaseId: 'cc-test-001',
      selectedOptions: [
        { questionId: 'cc-test-001-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-test-001-q2', optionSelectedIndex: 9 },
      ],
    });
    expect(out.statusCode).toBe(400);
    expect(out.json().code).toBe('OPTION_OUT_OF_RANGE');
  });
});

describe('saved evaluations', () => {
  it('are recomputed on the server from the recorded answers', async () => {
    const quizSessionId = await openSession();
    await request('POST', '/evaluate/clinic-case', {
      clinicCaseId: 'cc-test-002',
      quizSessionId,
      selectedOptions: [
        { questionId: 'cc-test-002-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-test-002-q2', optionSelectedIndex: 0 },
      ],
    });
    const forged = { totalQuestions: 2, totalCorrect: 2, averageScore: 100, specialityEvaluations: [] };
    const saved = await request('POST', '/evaluate/save-quick-quiz-evaluation', {
      userId: student.id,
      quizSessionId,
      quickQuizEvaluation: forged,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().quickQuizEvaluation).toMatchObject({ totalQuestions: 2, totalCorrect: 1, averageScore: 50 });
    expect(saved.json().quickQuizEvaluation.specialityEvaluations[0]).toMatchObject({
      speciality: 'Cirugía',
      correctAnswers: 1,
      totalSpecialityQuestionsAnswered: 2,
    });

    // Saving again (the same session) does not add a second evaluation.
    await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: student.id, quizSessionId });
    const list = await request('POST', '/evaluate/get-quick-quiz-evaluations', { userId: student.id });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].quickQuizEvaluation.averageScore).toBe(50);
  });

  it('count a case served again in the same session with its first grading (issue 34, F7: the key was shown with it)', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const quizSessionId = await openSession(as);
    expect((await answerCase(as, 'cc-test-001', quizSessionId, [1, 0])).map((evaluation) => evaluation.correct)).toEqual([false, false]);
    // Graded again with the keys in hand: answered on screen, never counted.
    expect((await answerCase(as, 'cc-test-001', quizSessionId, [0, 1])).map((evaluation) => evaluation.correct)).toEqual([true, true]);

    const saved = await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId }, as);
    expect(saved.json().quickQuizEvaluation).toMatchObject({ totalQuestions: 2, totalCorrect: 0, averageScore: 0 });
    const recorded = await t.database.db.select().from(answers).where(eq(answers.userId, user.id));
    expect(recorded.map((row) => [row.questionId, row.selectedIndex, row.correct]).sort()).toEqual([
      ['cc-test-001-q1', 1, false],
      ['cc-test-001-q2', 0, false],
    ]);
  });

  it('cannot be saved or read for another user', async () => {
    const other = await createUser(t.database.db);
    const saveForOther = await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: other.id, quizSessionId: randomUUID() });
    expect(saveForOther.statusCode).toBe(403);
    const readOther = await request('POST', '/evaluate/get-quick-quiz-evaluations', { userId: other.id });
    expect(readOther.statusCode).toBe(403);
    expect(await t.database.db.select().from(quizEvaluations).where(eq(quizEvaluations.userId, other.id))).toHaveLength(0);
  });

  it('need answers in the session', async () => {
    const empty = await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: student.id, quizSessionId: await openSession() });
    expect(empty.statusCode).toBe(400);
  });
});

describe('quiz sessions on the server', () => {
  it('refuse a session id the server did not open for this account, for answers and for saving', async () => {
    const other = await createUser(t.database.db);
    const othersSession = await openSession(await sessionCookieFor(t.database.db, other));
    for (const quizSessionId of [randomUUID(), othersSession]) {
      const graded = await request('POST', '/evaluate/question', { questionId: 'q-test-001', selectedOption: 0, quizSessionId });
      expect(graded.statusCode).toBe(404);
      expect(graded.json().code).toBe('QUIZ_SESSION_NOT_FOUND');
      expect((await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: student.id, quizSessionId })).json().code).toBe(
        'QUIZ_SESSION_NOT_FOUND',
      );
    }
    expect(await t.database.db.select().from(answers).where(eq(answers.quizSessionId, othersSession))).toHaveLength(0);
  });

  it('open bare only the kinds drawn as they go, and keep nothing the page sends as configuration (issue 36)', async () => {
    // A review or a custom exam is opened by the route that fixes its list; a bare one would take answers to any question.
    for (const kind of ['review', 'exam', 'simulacro']) {
      const refused = await request('POST', '/sessions', { kind, configuration: { mode: 'examen' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorMessage).toContain('Este tipo de sesión no se abre desde esta página.');
    }
    const opened = await request('POST', '/sessions', { kind: 'quick', configuration: { mode: 'examen', secondsPerQuestion: 1 } });
    expect(opened.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(quizSessions).where(eq(quizSessions.id, opened.json().quizSessionId));
    expect(row).toMatchObject({ kind: 'quick', configuration: {} });
  });

  it('record answers without revealing the key, and count them when the session is saved', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const quizSessionId = await openSession(as);
    const recorded = await request(
      'POST',
      `/sessions/${quizSessionId}/answers`,
      {
        answers: [
          { questionId: 'cc-test-003-q1', optionSelectedIndex: 0 },
          { questionId: 'cc-test-003-q2', optionSelectedIndex: 0 },
        ],
      },
      as,
    );
    expect(recorded.json()).toEqual({ recorded: 2, answeredInSession: 2 });
    expect(JSON.stringify(recorded.json())).not.toMatch(/correct|feedback/);
    const saved = await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId }, as);
    expect(saved.json().quickQuizEvaluation).toMatchObject({ totalQuestions: 2, totalCorrect: 1 });
    // A saved session takes no more answers.
    const late = await request(
      'POST',
      `/sessions/${quizSessionId}/answers`,
      { answers: [{ questionId: 'q-test-001', optionSelectedIndex: 0 }] },
      as,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('QUIZ_SESSION_SAVED');
    const [session] = await t.database.db.select().from(quizSessions).where(eq(quizSessions.id, quizSessionId));
    expect(session).toMatchObject({ userId: user.id, kind: 'quick' });
    expect(session!.savedAt).not.toBeNull();
  });

  it('give a trial a session whose answers are never recorded', async () => {
    const trial = await sessionCookieFor(t.database.db, null);
    const quizSessionId = await openSession(trial);
    expect(
      (await request('POST', '/evaluate/question', { questionId: 'q-test-001', selectedOption: 0, quizSessionId }, trial)).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(answers).where(eq(answers.quizSessionId, quizSessionId))).toHaveLength(0);
    expect(
      (
        await request(
          'POST',
          `/sessions/${quizSessionId}/answers`,
          { answers: [{ questionId: 'q-test-001', optionSelectedIndex: 0 }] },
          trial,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('specialities with cases', () => {
  it('lists each area and sub-speciality with its number of cases, the banks apart', async () => {
    const response = await request('GET', '/clinic-case/specialities');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { speciality: 'Cirugía', subSpeciality: 'Cirugía General', cases: 2, galeno: 2, mir: 0 },
      { speciality: 'Ginecología y Obstetricia', subSpeciality: 'Obstetricia', cases: 1, galeno: 1, mir: 0 },
    ]);
  });
});

describe('access', () => {
  it('an expired user gets the expired code, but can still read their results', async () => {
    const expired = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 3_600_000) });
    const as = await sessionCookieFor(t.database.db, expired);
    const response = await request('GET', '/clinic-case/random', undefined, as);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'MEMBERSHIP_EXPIRED',
      errorMessage: 'Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.',
    });
    expect((await request('POST', '/evaluate/question', { questionId: 'q-test-001', selectedOption: 0 }, as)).statusCode).toBe(403);
    // Entering the speciality quiz asks for the specialities first: the modal shows before any case is requested.
    expect((await request('GET', '/clinic-case/specialities', undefined, as)).json()).toMatchObject({ code: 'MEMBERSHIP_EXPIRED' });
    expect((await request('POST', '/evaluate/get-quick-quiz-evaluations', { userId: expired.id }, as)).statusCode).toBe(200);
  });

  it('lifetime users never expire; anonymous visitors get 401', async () => {
    const lifetime = await createUser(t.database.db, { subscriptionType: 'lifetime', membershipEnd: null });
    expect((await request('GET', '/question/random', undefined, await sessionCookieFor(t.database.db, lifetime))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/quiz/question/random' })).statusCode).toBe(401);
  });

  it('trial users can answer but not save', async () => {
    const trial = await sessionCookieFor(t.database.db, null);
    expect((await request('POST', '/evaluate/question', { questionId: 'q-test-001', selectedOption: 0 }, trial)).statusCode).toBe(200);
    expect(
      (await request('POST', '/evaluate/save-quick-quiz-evaluation', { userId: 'TRIAL', quizSessionId: randomUUID() }, trial)).statusCode,
    ).toBe(403);
  });
});

describe('malformed bodies', () => {
  it('get 400 with a Spanish errorMessage', async () => {
    const cases: [string, unknown][] = [
      ['/evaluate/question', {}],
      ['/evaluate/question', { questionId: 'q-test-001' }],
      ['/evaluate/question', { questionId: 'q-test-001', selectedOption: -1 }],
      ['/evaluate/clinic-case', { clinicCaseId: 'x', selectedOptions: 'no' }],
      ['/evaluate/save-quick-quiz-evaluation', { userId: student.id, quizSessionId: 'not-a-uuid' }],
      ['/clinic-case/random-by-speciality', { speciality: '' }],
    ];
    for (const [url, payload] of cases) {
      const response = await request('POST', url, payload as object);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errorMessage).toMatch(/[a-záéíóú]/i);
    }
    const missing = await request('POST', '/evaluate/question', { questionId: 'no-existe', selectedOption: 0 });
    expect(missing.statusCode).toBe(404);
  });
});
