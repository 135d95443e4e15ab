import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createClinicalCases, createSingleQuestions, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { importData } from './import.ts';

// The staff queue of items held for review (decision 013): listed for staff only, resolved once, and a
// resolution sticks when the bank is imported again.
let t: TestApp;
let staff: { galeno_session: string };
let student: { galeno_session: string };
const hold = 'Clave sin verificación independiente (CasiMedicos no es la plantilla oficial).';

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAILS: 'staff@galeno.mx' });
  staff = await sessionCookieFor(t.database.db, await createUser(t.database.db, { email: 'staff@galeno.mx' }));
  student = await sessionCookieFor(t.database.db, await createUser(t.database.db));
  await createClinicalCases(t.database.db, [{ ...clinicalCaseContent('casimedicos-es-train-0900'), holdReason: hold }, { ...clinicalCaseContent('casimedicos-es-train-0901'), holdReason: hold }], 'casimedicos');
  await createSingleQuestions(t.database.db, [{ ...singleQuestionContent('casimedicos-es-train-0902'), holdReason: hold }], 'casimedicos');
  await createClinicalCases(t.database.db, [clinicalCaseContent('cc-own-001')]);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, cookies: { galeno_session: string }, payload?: object) =>
  t.app.inject({ method, url: `/api/content-review${url}`, cookies, ...(payload ? { payload } : {}) });

describe('the review queue', () => {
  it('is for staff only', async () => {
    expect((await inject('GET', '/held', student)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/content-review/held' })).statusCode).toBe(401);
    expect((await inject('POST', '/held/casimedicos-es-train-0900', student, { action: 'publish' })).statusCode).toBe(403);
  });

  it('lists every held item with its questions, key, explanation, reason and source', async () => {
    const response = await inject('GET', '/held', staff);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual(['casimedicos-es-train-0900', 'casimedicos-es-train-0901', 'casimedicos-es-train-0902']);
    expect(body.items[0]).toMatchObject({ kind: 'case', bank: 'casimedicos', holdReason: hold, questions: [{ id: 'casimedicos-es-train-0900-q1', correctIndex: 0 }, { id: 'casimedicos-es-train-0900-q2' }] });
    expect(body.items[2]).toMatchObject({ kind: 'question', caseText: null });
  });

  it('publishes a checked item (then it is drawn) and retires a doubtful one (never drawn), and the decision survives a reimport', async () => {
    expect((await inject('POST', '/held/casimedicos-es-train-0900', staff, { action: 'publish' })).json()).toEqual({ id: 'casimedicos-es-train-0900', status: 'published' });
    expect((await inject('POST', '/held/casimedicos-es-train-0901', staff, { action: 'retire' })).json()).toEqual({ id: 'casimedicos-es-train-0901', status: 'retired' });
    const statuses = await t.database.db.select({ id: questions.id, status: questions.status, holdReason: questions.holdReason }).from(questions).where(eq(questions.bank, 'casimedicos'));
    expect(statuses.filter((row) => row.id.startsWith('casimedicos-es-train-0900')).every((row) => row.status === 'published' && row.holdReason === null)).toBe(true);
    expect(statuses.filter((row) => row.id.startsWith('casimedicos-es-train-0901')).every((row) => row.status === 'retired')).toBe(true);

    // The draw walks the random_key index, so a case is drawn in proportion to the gap before its key;
    // two keys drawn close together would make one case all but unreachable in 30 draws.
    await t.database.db.update(clinicalCases).set({ randomKey: 0.25 }).where(eq(clinicalCases.id, 'casimedicos-es-train-0900'));
    await t.database.db.update(clinicalCases).set({ randomKey: 0.75 }).where(eq(clinicalCases.id, 'cc-own-001'));
    const player = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const drawn = new Set<string>();
    // Both banks asked for: our own bank alone is every mode's default (issue 37).
    for (let i = 0; i < 30; i++) drawn.add((await t.app.inject({ method: 'GET', url: '/api/quiz/clinic-case/random?bank=ambos', cookies: player })).json().id);
    expect([...drawn].sort()).toEqual(['casimedicos-es-train-0900', 'cc-own-001']);

    // Twice is an error in Spanish, not a 500.
    const again = await inject('POST', '/held/casimedicos-es-train-0900', staff, { action: 'retire' });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorMessage).toBe('Esta pregunta ya no está en revisión.');

    // Importing the same records again (still unchecked) does not undo the reviewer's decision.
    const record = (n: string, words: string[]) => ({
      id: `casimedicos-es-train-${n}`,
      year: null,
      case: `Paciente ${words.join(' ')} de 50 años con dolor abdominal.`,
      question: '¿Diagnóstico?',
      options: Object.fromEntries(words.map((word, index) => [String(index + 1), `${word} aguda`])),
      correct: '1',
      explanation: 'Porque sí.',
      type: 'SURGERY',
    });
    await importData(t.database.db, [record('0900', ['apendicitis', 'colecistitis', 'pancreatitis', 'diverticulitis']), record('0950', ['gastritis', 'esofagitis', 'colitis', 'hepatitis'])]);
    const rows = await t.database.db.select({ id: clinicalCases.id, status: clinicalCases.status }).from(clinicalCases).where(eq(clinicalCases.bank, 'casimedicos'));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      'casimedicos-es-train-0900': 'published',
      'casimedicos-es-train-0901': 'retired',
      'casimedicos-es-train-0950': 'held',
    });
    expect((await inject('GET', '/held', staff)).json().total).toBe(2);
  });

  it('refuses a bad action with a clear error', async () => {
    const response = await inject('POST', '/held/casimedicos-es-train-0902', staff, { action: 'delete' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errorMessage');
  });
});
