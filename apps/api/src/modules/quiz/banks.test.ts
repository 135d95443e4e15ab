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
import { clinicalCases } from '../../db/schema/quiz.ts';
import { users } from '../../db/schema/users.ts';

// Bank choice (decision 013): Galeno ENARM, MIR España or both, remembered per student; trials draw only ours.
// bank-setting.test.ts holds every mode's default and the MIR items without an explanation (issue 37).
let t: TestApp;
const cardio = {
  especialidad: 'Medicina Interna',
  subEspecialidad: 'Cardiología',
  tema: 'Insuficiencia cardiaca',
  dificultad: 'Media',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  await createClinicalCases(t.database.db, [
    clinicalCaseContent('cc-own-001', { tags: cardio }),
    clinicalCaseContent('cc-own-002', { tags: cardio }),
  ]);
  await createClinicalCases(
    t.database.db,
    [clinicalCaseContent('headqa-mir-001', { tags: cardio }), clinicalCaseContent('headqa-mir-002', { tags: cardio })],
    'head-qa',
  );
  // Held as the importer holds an unchecked key: the case and its questions.
  await createClinicalCases(
    t.database.db,
    [{ ...clinicalCaseContent('casimedicos-held-001', { tags: cardio }), holdReason: 'Clave sin verificación independiente.' }],
    'casimedicos',
  );
  const [held] = await t.database.db
    .select({ status: clinicalCases.status })
    .from(clinicalCases)
    .where(eq(clinicalCases.id, 'casimedicos-held-001'));
  expect(held!.status).toBe('held');
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-own-001')]);
  await createSingleQuestions(t.database.db, [singleQuestionContent('headqa-single-001')], 'head-qa');
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookies: { galeno_session: string }, payload?: object) =>
  t.app.inject({ method, url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });

async function drawCases(
  cookies: { galeno_session: string },
  times: number,
  body: object = { speciality: 'Medicina Interna', subSpeciality: 'Cardiología' },
) {
  const ids = new Set<string>();
  for (let i = 0; i < times; i++) {
    const response = await inject('POST', '/clinic-case/random-by-speciality', cookies, body);
    expect(response.statusCode).toBe(200);
    ids.add(response.json().id);
  }
  return ids;
}

describe('the bank choice', () => {
  it("starts at our own bank (issue 37), counting each bank's published questions apart (held ones aside)", async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const state = await inject('GET', '/bank', cookies);
    expect(state.json()).toEqual({
      bank: 'galeno',
      includeEnglish: true,
      includeUnexplainedMir: false,
      mirNoticeDue: false,
      questions: { galeno: 5, mir: 5, mirWithoutExplanation: 0 },
    });
    expect([...(await drawCases(cookies, 40))].sort()).toEqual(['cc-own-001', 'cc-own-002']);
    await inject('PUT', '/bank', cookies, { bank: 'ambos' });
    expect([...(await drawCases(cookies, 40))].sort()).toEqual(['cc-own-001', 'cc-own-002', 'headqa-mir-001', 'headqa-mir-002']);
  });

  it('is remembered per student and applies to every draw, and the counts follow it', async () => {
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    expect((await inject('PUT', '/bank', cookies, { bank: 'mir' })).json().bank).toBe('mir');
    const [stored] = await t.database.db.select({ bank: users.preferredBank }).from(users).where(eq(users.id, student.id));
    expect(stored!.bank).toBe('mir');
    expect((await inject('GET', '/bank', cookies)).json().bank).toBe('mir');

    expect([...(await drawCases(cookies, 20))].sort()).toEqual(['headqa-mir-001', 'headqa-mir-002']);
    for (let i = 0; i < 10; i++) expect((await inject('GET', '/clinic-case/random', cookies)).json().id).toMatch(/^headqa-mir/);
    expect((await inject('GET', '/question/random', cookies)).json().id).toBe('headqa-single-001');
    expect((await inject('GET', '/clinic-case/specialities', cookies)).json()).toEqual([
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', cases: 2, galeno: 0, mir: 2 },
    ]);

    await inject('PUT', '/bank', cookies, { bank: 'galeno' });
    expect([...(await drawCases(cookies, 20))].sort()).toEqual(['cc-own-001', 'cc-own-002']);
    // A draw may name its bank without changing the remembered one.
    expect([...(await drawCases(cookies, 20, { speciality: 'Medicina Interna', bank: 'mir' }))].sort()).toEqual([
      'headqa-mir-001',
      'headqa-mir-002',
    ]);
    expect((await inject('GET', '/bank', cookies)).json().bank).toBe('galeno');
  });

  it('gives a trial only our own bank, whatever it asks for, and cannot be changed by a trial', async () => {
    const trial = await sessionCookieFor(t.database.db, null);
    expect((await inject('GET', '/bank', trial)).json().bank).toBe('galeno');
    expect([...(await drawCases(trial, 20, { speciality: 'Medicina Interna', bank: 'mir' }))].sort()).toEqual(['cc-own-001', 'cc-own-002']);
    for (let i = 0; i < 10; i++) expect((await inject('GET', '/clinic-case/random?bank=mir', trial)).json().id).toMatch(/^cc-own/);
    expect((await inject('GET', '/question/random?bank=ambos', trial)).json().id).toBe('q-own-001');
    const refused = await inject('PUT', '/bank', trial, { bank: 'mir' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toMatch(/solo el banco Galeno ENARM/);
  });

  it('refuses an unknown bank with a clear error', async () => {
    const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const response = await inject('PUT', '/bank', cookies, { bank: 'otro' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errorMessage');
    expect((await inject('GET', '/clinic-case/random?bank=otro', cookies)).statusCode).toBe(400);
  });
});

describe('items written in English', () => {
  it('are drawn unless the student leaves them out, and the counts follow the choice', async () => {
    await createClinicalCases(t.database.db, [
      clinicalCaseContent('cc-english-001', { tags: { ...cardio, subEspecialidad: 'Neumología', tema: 'Asma' }, language: 'en' }),
    ]);
    const student = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, student);
    const neumo = { speciality: 'Medicina Interna', subSpeciality: 'Neumología' };
    expect([...(await drawCases(cookies, 3, neumo))]).toEqual(['cc-english-001']);

    const chosen = await inject('PUT', '/bank', cookies, { bank: 'galeno', includeEnglish: false });
    expect(chosen.json()).toMatchObject({ bank: 'galeno', includeEnglish: false });
    const none = await inject('POST', '/clinic-case/random-by-speciality', cookies, neumo);
    expect(none.statusCode).toBe(404);
    const counts = (await inject('GET', '/clinic-case/specialities', cookies)).json() as { subSpeciality: string }[];
    expect(counts.map((row) => row.subSpeciality)).not.toContain('Neumología');
    // Choosing a bank again keeps the English choice.
    expect((await inject('PUT', '/bank', cookies, { bank: 'ambos' })).json().includeEnglish).toBe(false);
  });
});

describe('the landing counts', () => {
  it('report our questions and the MIR questions apart, from the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/visits/public-counts' });
    expect(response.json()).toMatchObject({ ownQuestions: 7, mirQuestions: 5 });
  });
});
