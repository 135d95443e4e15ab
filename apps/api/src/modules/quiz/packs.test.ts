import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, quizSessions } from '../../db/schema/quiz.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createClinicalCases, createUser, sessionCookieFor } from '../../test/factories.ts';
import { saveEveryLeftSession } from '../sessions/evaluations.ts';

/*
 * Issue 41: a pack of cases to answer without signal. Cirugía: 6 cases; Pediatría y Neonatología: 3 cases. Each case has 2 questions.
 */

let t: TestApp;

const PEDIATRIA = { especialidad: 'Pediatría y Neonatología', subEspecialidad: 'Pediatría', tema: 'Bronquiolitis', dificultad: 'Media' } as const;

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(t.database.db, [
    ...['cc-pk-1', 'cc-pk-2', 'cc-pk-3', 'cc-pk-4', 'cc-pk-5', 'cc-pk-6'].map((id) => clinicalCaseContent(id)),
    ...['cc-pk-p1', 'cc-pk-p2', 'cc-pk-p3'].map((id) => clinicalCaseContent(id, { tags: PEDIATRIA })),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });
  return { user, call };
}

type PackResponse = {
  quizSessionId: string;
  cases: { clinicCase: { id: string; questions: { id: string }[] }; keys: { questionId: string; correctAnswer: number; feedback: string }[] }[];
};

describe('packs for offline study', () => {
  it('carry cases of the areas she picks, those she has not answered first, each question with its key and explanation', async () => {
    const { call } = await student();
    // She already answered two Cirugía cases.
    for (const id of ['cc-pk-1', 'cc-pk-2'])
      await call('POST', '/evaluate/clinic-case', {
        clinicCaseId: id,
        selectedOptions: [
          { questionId: `${id}-q1`, optionSelectedIndex: 0 },
          { questionId: `${id}-q2`, optionSelectedIndex: 0 },
        ],
      });
    const response = await call('POST', '/packs', { areas: ['Cirugía'], cases: 10 });
    expect(response.statusCode).toBe(200);
    const pack = response.json() as PackResponse;
    const ids = pack.cases.map((entry) => entry.clinicCase.id);
    expect(ids).toHaveLength(6);
    // The four she has not seen come before the two she has.
    expect(new Set(ids.slice(0, 4))).toEqual(new Set(['cc-pk-3', 'cc-pk-4', 'cc-pk-5', 'cc-pk-6']));
    expect(pack.cases[0]!.keys).toEqual([
      expect.objectContaining({ questionId: `${ids[0]}-q1`, correctAnswer: 0, feedback: 'Explicación 1.' }),
      expect.objectContaining({ questionId: `${ids[0]}-q2`, correctAnswer: 1, feedback: 'Explicación 2.' }),
    ]);
    // The questions a student reads carry no key.
    expect(JSON.stringify(pack.cases[0]!.clinicCase)).not.toContain('correctIndex');

    const all = (await call('POST', '/packs', { cases: 10 })).json() as PackResponse;
    expect(all.cases).toHaveLength(9);
    const pediatria = (await call('POST', '/packs', { areas: ['Pediatría y Neonatología'], cases: 10 })).json() as PackResponse;
    expect(pediatria.cases.map((entry) => entry.clinicCase.id).sort()).toEqual(['cc-pk-p1', 'cc-pk-p2', 'cc-pk-p3']);
  });

  it('never carry the questions of her open exam, whose keys stay sealed until she finishes it', async () => {
    const { call } = await student();
    const exam = (await call('POST', '/exams', { areas: ['Pediatría y Neonatología'], count: 6, mode: 'examen' })).json();
    expect(exam.kind).toBe('exam');
    const response = await call('POST', '/packs', { areas: ['Pediatría y Neonatología'], cases: 10 });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMessage).toBe('No hay casos clínicos para descargar en las áreas que elegiste. Elige otras áreas.');
    const cirugia = (await call('POST', '/packs', { cases: 10 })).json() as PackResponse;
    expect(cirugia.cases.every((entry) => !entry.clinicCase.id.startsWith('cc-pk-p'))).toBe(true);
  });

  it('record the answers sent when the signal returns in the pack, once however many times they arrive, and wait for her to finish', async () => {
    const { user, call } = await student();
    const pack = (await call('POST', '/packs', { areas: ['Cirugía'], cases: 10 })).json() as PackResponse;
    const [first] = pack.cases;
    const body = {
      clinicCaseId: first!.clinicCase.id,
      quizSessionId: pack.quizSessionId,
      selectedOptions: first!.clinicCase.questions.map((question) => ({ questionId: question.id, optionSelectedIndex: 0 })),
    };
    // The answer reached the server but the phone never heard back: it sends it again.
    for (let send = 0; send < 2; send++) expect((await call('POST', '/evaluate/clinic-case', body)).statusCode).toBe(200);
    const recorded = await t.database.db
      .select()
      .from(answers)
      .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, pack.quizSessionId)));
    expect(recorded).toHaveLength(2);
    // A question from outside the pack is refused in it.
    const outside = await call('POST', '/evaluate/clinic-case', {
      clinicCaseId: 'cc-pk-p1',
      quizSessionId: pack.quizSessionId,
      selectedOptions: [
        { questionId: 'cc-pk-p1-q1', optionSelectedIndex: 0 },
        { questionId: 'cc-pk-p1-q2', optionSelectedIndex: 0 },
      ],
    });
    expect(outside.statusCode).toBe(400);
    // Days without signal later, the pack is still open: the job that saves left sessions leaves it to her.
    await saveEveryLeftSession(t.database.db, new Date(Date.now() + 7 * 86_400_000), user.id);
    const [session] = await t.database.db.select().from(quizSessions).where(eq(quizSessions.id, pack.quizSessionId));
    expect(session).toMatchObject({ kind: 'pack', savedAt: null });
    // Finished, it is saved like any quiz and shows among her evaluations.
    const saved = await call('POST', '/evaluate/save-quick-quiz-evaluation', { userId: user.id, quizSessionId: pack.quizSessionId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().quickQuizEvaluation.totalQuestions).toBe(2);
  });

  it('date their answers when they were given, within the pack’s life; any other session’s are dated on arrival', async () => {
    const { user, call } = await student();
    const pack = (await call('POST', '/packs', { areas: ['Cirugía'], cases: 10 })).json() as PackResponse;
    // Downloaded three days ago.
    const downloaded = new Date(Date.now() - 3 * 86_400_000);
    await t.database.db.update(quizSessions).set({ startedAt: downloaded }).where(eq(quizSessions.id, pack.quizSessionId));
    const send = (index: number, answeredAt: Date, quizSessionId = pack.quizSessionId) => {
      const entry = pack.cases[index]!;
      return call('POST', '/evaluate/clinic-case', {
        clinicCaseId: entry.clinicCase.id,
        quizSessionId,
        answeredAt: answeredAt.toISOString(),
        selectedOptions: entry.clinicCase.questions.map((question) => ({ questionId: question.id, optionSelectedIndex: 0 })),
      });
    };
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    expect((await send(0, twoDaysAgo)).statusCode).toBe(200);
    // Before the download and in the future: kept within the pack's life.
    expect((await send(1, new Date(Date.now() - 9 * 86_400_000))).statusCode).toBe(200);
    expect((await send(2, new Date(Date.now() + 86_400_000))).statusCode).toBe(200);
    const dated = async (caseId: string) =>
      (
        await t.database.db
          .select({ answeredAt: answers.answeredAt })
          .from(answers)
          .where(and(eq(answers.userId, user.id), eq(answers.clinicalCaseId, caseId)))
      ).map((row) => row.answeredAt.getTime());
    expect(await dated(pack.cases[0]!.clinicCase.id)).toEqual([twoDaysAgo.getTime(), twoDaysAgo.getTime()]);
    expect(await dated(pack.cases[1]!.clinicCase.id)).toEqual([downloaded.getTime(), downloaded.getTime()]);
    for (const at of await dated(pack.cases[2]!.clinicCase.id)) expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    // A quick quiz's answers are dated when they arrive, whatever the page says.
    const quick = (await call('POST', '/sessions', { kind: 'quick' })).json();
    expect((await send(3, twoDaysAgo, quick.quizSessionId)).statusCode).toBe(200);
    for (const at of await dated(pack.cases[3]!.clinicCase.id)) expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
  });

  it('are refused in Spanish with a size out of range, and to a trial', async () => {
    const { call } = await student();
    const small = await call('POST', '/packs', { cases: 3 });
    expect(small.statusCode).toBe(400);
    expect(small.json().errorMessage).toContain('Un paquete tiene de 10 a 50 casos.');
    const trial = await t.app.inject({ method: 'POST', url: '/api/quiz/packs', payload: { cases: 10 } });
    expect(trial.statusCode).toBe(401);
  });
});
