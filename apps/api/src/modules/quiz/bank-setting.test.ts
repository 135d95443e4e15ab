import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNEXPLAINED_MIR_MARK } from '@galeno/domain/banks';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  clinicalCaseContent,
  createClinicalCases,
  createSingleQuestions,
  createUser,
  sessionCookieFor,
  singleQuestionContent,
} from '../../test/factories.ts';
import { users } from '../../db/schema/users.ts';
import { officialKeyExplanation } from '../content/formats/head-qa.ts';

/*
 * The bank setting (issue 37): every mode (quick, timed, speciality, single questions, «Crear examen», the welcome's
 * first quiz) draws from our own bank until the student turns MIR España on; the setting is the account's and every
 * mode honours it; MIR items without an explanation are in no pool unless asked for; the line on what MIR items are
 * comes once per account.
 */

let t: TestApp;
const cardio = {
  especialidad: 'Medicina Interna',
  subEspecialidad: 'Cardiología',
  tema: 'Insuficiencia cardiaca',
  dificultad: 'Media',
} as const;

/** A one-question MIR case, as HEAD-QA's vignettes become (decision 013), with or without an explanation. */
const mirCase = (id: string, explanation: string) =>
  clinicalCaseContent(id, {
    tags: cardio,
    questions: [
      { id: `${id}-q1`, question: `Señale la respuesta correcta (${id}):`, options: ['A', 'B', 'C', 'D'], correctIndex: 0, explanation },
    ],
  });
const BARE = officialKeyExplanation('2014', 0);
const EXPLAINED = 'La insuficiencia cardiaca con fracción reducida se trata con IECA, betabloqueador y antagonista de aldosterona.';

const OWN_CASES = ['cc-own-001', 'cc-own-002'];
const OWN_SINGLES = ['q-own-001', 'q-own-002'];
const MIR_CASES = ['headqa-exp-001', 'headqa-exp-002', 'headqa-exp-003'];
const MIR_SINGLES = ['headqa-exp-single-001', 'headqa-exp-single-002'];
const BARE_CASES = ['headqa-bare-001', 'headqa-bare-002'];
const BARE_SINGLES = ['headqa-bare-single-001'];

beforeAll(async () => {
  // Hundreds of draws from one address: the limits are lifted as in the e2e suite.
  t = await createTestApp({ RATE_LIMIT_ROUTE_FACTOR: '100', RATE_LIMIT_MAX: '100000' });
  const { db } = t.database;
  // Ours: 2 cases of 2 questions and 2 single questions (6 questions).
  await createClinicalCases(
    db,
    OWN_CASES.map((id) => clinicalCaseContent(id, { tags: cardio })),
  );
  await createSingleQuestions(
    db,
    OWN_SINGLES.map((id) => singleQuestionContent(id)),
  );
  // MIR with an explanation: 3 cases of one question and 2 single questions (5 questions).
  await createClinicalCases(
    db,
    MIR_CASES.map((id) => mirCase(id, EXPLAINED)),
    'head-qa',
  );
  await createSingleQuestions(
    db,
    MIR_SINGLES.map((id) => singleQuestionContent(id, { explanation: EXPLAINED })),
    'head-qa',
  );
  // MIR with only the official key: 2 cases and 1 single question (3 questions).
  await createClinicalCases(
    db,
    BARE_CASES.map((id) => mirCase(id, BARE)),
    'head-qa',
  );
  await createSingleQuestions(
    db,
    BARE_SINGLES.map((id) => singleQuestionContent(id, { explanation: BARE })),
    'head-qa',
  );
  // A draw takes the first item at or after a random point of the random keys, so an item's chance is the gap before
  // its key: random keys left one bare case a sliver now and then, and 60 draws missed it. Evenly spaced keys give each
  // item the same chance.
  await db.execute(sql`update clinical_cases set random_key = sub.n / sub.total
    from (select id, (row_number() over (order by id))::real - 0.5 as n, count(*) over ()::real as total from clinical_cases) sub
    where clinical_cases.id = sub.id`);
  await db.execute(sql`update questions set random_key = sub.n / sub.total
    from (select id, (row_number() over (order by id))::real - 0.5 as n, count(*) over ()::real as total from questions) sub
    where questions.id = sub.id`);
});
afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/quiz${url}`, cookies, ...(payload ? { payload } : {}) });
  return { id: user.id, call };
}
type Call = Awaited<ReturnType<typeof student>>['call'];

/** The ids each mode serves a student in `times` draws (nothing answered, so every draw is a fresh pick). */
async function drawn(call: Call, mode: 'quick' | 'timed' | 'speciality' | 'single', times = 24): Promise<string[]> {
  const ids = new Set<string>();
  const session = mode === 'timed' ? (await call('POST', '/sessions', { kind: 'timed' })).json().quizSessionId : null;
  for (let i = 0; i < times; i++) {
    const response =
      mode === 'single'
        ? await call('GET', '/question/random')
        : mode === 'speciality'
          ? await call('POST', '/clinic-case/random-by-speciality', { speciality: 'Medicina Interna', subSpeciality: 'Cardiología' })
          : await call('GET', `/clinic-case/random${session ? `?quizSessionId=${session}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    ids.add(response.json().id);
  }
  return [...ids].sort();
}

/** Every id drawn is one of `allowed` (a random pick need not reach each of them). */
function expectWithin(ids: string[], allowed: readonly string[]) {
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.filter((id) => !allowed.includes(id))).toEqual([]);
}

/** The questions of a custom exam drawn with `body`. */
async function examQuestions(call: Call, body: object): Promise<string[]> {
  const created = await call('POST', '/exams', { count: 5, which: 'todas', ...body });
  expect(created.statusCode, created.body).toBe(200);
  const listed = await call('GET', `/sessions/${created.json().quizSessionId}/questions`);
  return (listed.json().items as { question: { id: string } }[]).map((item) => item.question.id);
}

const ownQuestionIds = [...OWN_CASES.flatMap((id) => [`${id}-q1`, `${id}-q2`]), ...OWN_SINGLES];
const explainedMirIds = [...MIR_CASES.map((id) => `${id}-q1`), ...MIR_SINGLES];
const bareMirIds = [...BARE_CASES.map((id) => `${id}-q1`), ...BARE_SINGLES];

describe('a new student', () => {
  it('is on our own bank, with MIR off and no line to read yet', async () => {
    const { call } = await student();
    expect((await call('GET', '/bank')).json()).toEqual({
      bank: 'galeno',
      includeEnglish: true,
      includeUnexplainedMir: false,
      mirNoticeDue: false,
      questions: { galeno: 6, mir: 8, mirWithoutExplanation: 3 },
    });
  });

  it('draws only from our bank in the quick, timed, speciality and single-question modes', async () => {
    const { call } = await student();
    expectWithin(await drawn(call, 'quick'), OWN_CASES);
    expectWithin(await drawn(call, 'timed'), OWN_CASES);
    expectWithin(await drawn(call, 'speciality'), OWN_CASES);
    expectWithin(await drawn(call, 'single'), OWN_SINGLES);
  });

  it('counts and builds «Crear examen» and the welcome quiz from our bank only, the counts showing the banks apart', async () => {
    const { call } = await student();
    expect((await call('GET', '/clinic-case/specialities')).json()).toEqual([
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', cases: 2, galeno: 2, mir: 0 },
    ]);
    expect((await call('POST', '/exams/available', { which: 'todas' })).json()).toEqual({ available: 6, galeno: 6, mir: 0 });
    for (let i = 0; i < 4; i++) expectWithin(await examQuestions(call, {}), ownQuestionIds);
    // The welcome's first quiz (welcome-route.tsx): five unseen questions of our bank, favouring the speciality.
    const welcome = await examQuestions(call, { bank: 'galeno', which: 'todas', count: 5, mode: 'tutor', favourMySpeciality: true });
    expectWithin(welcome, ownQuestionIds);
  });
});

describe('MIR España, once chosen', () => {
  it('is kept for the account and honoured by every mode, without the MIR items that carry no explanation', async () => {
    const { id, call } = await student();
    const chosen = await call('PUT', '/bank', { bank: 'mir' });
    expect(chosen.json()).toMatchObject({ bank: 'mir', includeUnexplainedMir: false });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(stored).toMatchObject({ preferredBank: 'mir', includeUnexplainedMir: false });

    expectWithin(await drawn(call, 'quick'), MIR_CASES);
    expectWithin(await drawn(call, 'timed'), MIR_CASES);
    expectWithin(await drawn(call, 'speciality'), MIR_CASES);
    expectWithin(await drawn(call, 'single'), MIR_SINGLES);
    expect((await call('GET', '/clinic-case/specialities')).json()).toEqual([
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', cases: 3, galeno: 0, mir: 3 },
    ]);
    // «Crear examen» starts at the setting; its own bank control may still choose another bank for one exam.
    expect((await call('POST', '/exams/available', { which: 'todas' })).json()).toEqual({ available: 5, galeno: 0, mir: 5 });
    expect((await examQuestions(call, {})).sort()).toEqual([...explainedMirIds].sort());
    expectWithin(await examQuestions(call, { bank: 'galeno' }), ownQuestionIds);
    expect((await call('GET', '/bank')).json().bank).toBe('mir');
  });

  it('with both banks, counts them apart, and serves the MIR items without an explanation only when asked', async () => {
    const { call } = await student();
    await call('PUT', '/bank', { bank: 'ambos' });
    expect((await call('GET', '/clinic-case/specialities')).json()).toEqual([
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', cases: 5, galeno: 2, mir: 3 },
    ]);
    expect((await call('POST', '/exams/available', { which: 'todas' })).json()).toEqual({ available: 11, galeno: 6, mir: 5 });
    expectWithin(await drawn(call, 'quick', 40), [...OWN_CASES, ...MIR_CASES]);
    expectWithin(await drawn(call, 'speciality', 40), [...OWN_CASES, ...MIR_CASES]);
    expectWithin(await drawn(call, 'single', 30), [...OWN_SINGLES, ...MIR_SINGLES]);

    const asked = await call('PUT', '/bank', { bank: 'ambos', includeUnexplainedMir: true });
    expect(asked.json()).toMatchObject({ bank: 'ambos', includeUnexplainedMir: true, includeEnglish: true });
    expect((await call('GET', '/clinic-case/specialities')).json()).toEqual([
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', cases: 7, galeno: 2, mir: 5 },
    ]);
    expect((await call('POST', '/exams/available', { which: 'todas' })).json()).toEqual({ available: 14, galeno: 6, mir: 8 });
    const servesBare = (ids: string[]) => ids.some((item) => item.startsWith('headqa-bare'));
    expect(servesBare(await drawn(call, 'quick', 60))).toBe(true);
    expect(servesBare(await drawn(call, 'speciality', 60))).toBe(true);
    expect(servesBare(await drawn(call, 'single', 40))).toBe(true);
    // An exam may still leave them out for itself.
    expect((await call('POST', '/exams/available', { which: 'todas', includeUnexplainedMir: false })).json().available).toBe(11);
    // Choosing the bank again keeps the option; MIR España alone then serves them too.
    expect((await call('PUT', '/bank', { bank: 'mir' })).json().includeUnexplainedMir).toBe(true);
    expect((await examQuestions(call, { count: 8 })).sort()).toEqual([...explainedMirIds, ...bareMirIds].sort());
  });

  it('knows a MIR item without an explanation by the sentence the HEAD-QA importer writes', () => {
    expect(officialKeyExplanation('2015', 3).startsWith(UNEXPLAINED_MIR_MARK)).toBe(true);
  });
});

describe('the line on what MIR items are', () => {
  it('is due the first time MIR is on and never again once the page showed it', async () => {
    const { call } = await student();
    expect((await call('PUT', '/bank', { bank: 'galeno', includeEnglish: false })).json().mirNoticeDue).toBe(false);
    expect((await call('PUT', '/bank', { bank: 'ambos' })).json().mirNoticeDue).toBe(true);
    expect((await call('GET', '/bank')).json().mirNoticeDue).toBe(true);
    const seen = await call('POST', '/bank/mir-notice');
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ bank: 'ambos', mirNoticeDue: false, includeEnglish: false });
    expect((await call('GET', '/bank')).json().mirNoticeDue).toBe(false);
    await call('PUT', '/bank', { bank: 'galeno' });
    expect((await call('PUT', '/bank', { bank: 'mir' })).json().mirNoticeDue).toBe(false);
    expect((await call('POST', '/bank/mir-notice')).statusCode).toBe(200);
  });

  it('is never due for a trial, which cannot mark it either', async () => {
    const cookies = await sessionCookieFor(t.database.db, null);
    const state = await t.app.inject({ method: 'GET', url: '/api/quiz/bank', cookies });
    expect(state.json()).toMatchObject({ bank: 'galeno', mirNoticeDue: false, includeUnexplainedMir: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/quiz/bank/mir-notice', cookies })).statusCode).toBe(403);
  });
});

describe('the migration to the bank setting', () => {
  it('moves the old default (both banks) to our bank and keeps a bank the student chose', async () => {
    const { db } = t.database;
    const [before, chosenMir, chosenOwn] = await Promise.all([
      createUser(db, { preferredBank: 'ambos' }),
      createUser(db, { preferredBank: 'mir' }),
      createUser(db, { preferredBank: 'galeno' }),
    ]);
    const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
    const file = readdirSync(folder).find((name) => name.includes('bank_setting_our_bank_first'))!;
    const update = readFileSync(path.join(folder, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => /\bUPDATE\b/.test(statement))!;
    await db.execute(sql.raw(update));
    const rows = await db
      .select({ id: users.id, bank: users.preferredBank })
      .from(users)
      .where(inArray(users.id, [before.id, chosenMir.id, chosenOwn.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.bank]))).toEqual({
      [before.id]: 'galeno',
      [chosenMir.id]: 'mir',
      [chosenOwn.id]: 'galeno',
    });
  });
});
