import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { clinicalCaseContent, createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank, writeBank } from '../../test/bank.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import { clinicGuides, flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import { loadContent } from './load.ts';
import { seedContent } from '../../boot/seed.ts';
import { pickClinicalCaseId, pickSingleQuestionId } from '../bank/picker.ts';
import { countClinicCasesBySpeciality, loadClinicCase } from '../bank/items.ts';
import { testDatabaseUrl } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { prepareDatabase } from '../../boot/prepare-database.ts';
import { readContent, type ContentItems } from './files.ts';

let t: TestApp;
const tempDirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const clone = (items: ContentItems): ContentItems => JSON.parse(JSON.stringify(items)) as ContentItems;

/** The row versions of every content row: a row rewritten in any way gets a new xmin. */
async function rowVersions() {
  const { rows } = (await t.database.db.execute(
    sql`select 'cases' as "table", id, xmin::text from clinical_cases union all select 'questions', id, xmin::text from questions
        union all select 'guides', id, xmin::text from clinic_guides union all select 'cards', id, xmin::text from flashcards`,
  )) as unknown as { rows: { table: string; id: string; xmin: string }[] };
  return new Map(rows.map((row) => [`${row.table}/${row.id}`, row.xmin]));
}

describe('the content lifecycle', () => {
  it('keeps every answer and FSRS state through edits, renames and removals; retired and held items are never drawn, counted or graded', async () => {
    const db = t.database.db;
    const bank = generateBank({ cases: 3, singles: 3, guides: 1, cardsPerGuide: 4, prefix: 'life' });
    await loadContent(db, bank);
    const student = await createUser(db);
    const cookies = await sessionCookieFor(db, student);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, cookies, payload });

    // The student answers every case and single question and studies every card.
    for (const item of bank['clinical-cases']) {
      const graded = await post('/api/quiz/evaluate/clinic-case', { clinicCaseId: item.id, selectedOptions: item.questions.map((q) => ({ questionId: q.id, optionSelectedIndex: 0 })) });
      expect(graded.statusCode, graded.body).toBe(200);
    }
    for (const item of bank.questions) expect((await post('/api/quiz/evaluate/question', { questionId: item.id, selectedOption: 0 })).statusCode).toBe(200);
    for (const card of bank.guides[0]!.flashcards) {
      const graded = await post('/api/ankis/flashcards/evaluate', { evaluation: { flashcardId: card.id, flashcardGuideId: 'life-gpc-0', correct: true, timeTakenInSeconds: 5 } });
      expect(graded.statusCode, graded.body).toBe(200);
    }
    const answersBefore = await db.select().from(answers).where(eq(answers.userId, student.id));
    const statesBefore = await db.select().from(flashcardStates).where(eq(flashcardStates.userId, student.id));
    expect(answersBefore).toHaveLength(3 * 2 + 3);
    expect(statesBefore).toHaveLength(4);

    // The content changes: an edit, a rename, removals of a case, a question and two cards.
    const next = clone(bank);
    next['clinical-cases'][0]!.caseText += ' Se agregó un dato.';
    next['clinical-cases'].splice(2, 1);
    next.questions[0]!.id = 'life-q-0-renamed';
    next.questions.splice(1, 1);
    next.guides[0]!.flashcards.splice(2, 2);
    const report = await loadContent(db, next);
    expect(report.retired).toBe(1 + 2 + 2 + 2); // case 2 and its 2 questions, 2 single questions (renamed and removed), 2 cards

    // Nothing of the student's is lost.
    expect(await db.select().from(answers).where(eq(answers.userId, student.id))).toHaveLength(answersBefore.length);
    expect(await db.select().from(flashcardStates).where(eq(flashcardStates.userId, student.id))).toHaveLength(4);
    const statusOf = async (table: typeof clinicalCases | typeof questions | typeof flashcards, id: string) => (await db.select({ status: table.status }).from(table).where(eq(table.id, id)))[0]?.status;
    expect(await statusOf(clinicalCases, 'life-cc-2')).toBe('retired');
    expect(await statusOf(questions, 'life-cc-2-q1')).toBe('retired');
    expect(await statusOf(questions, 'life-q-0')).toBe('retired');
    expect(await statusOf(questions, 'life-q-0-renamed')).toBe('published');
    expect(await statusOf(flashcards, 'life-gpc-0-04')).toBe('retired');
    expect((await db.select().from(clinicGuides).where(eq(clinicGuides.id, 'life-gpc-0')))[0]!.flashcardsCount).toBe(2);

    // A held item (waiting for review) is treated like a retired one: never drawn, counted or graded.
    await db.update(questions).set({ status: 'held' }).where(eq(questions.id, 'life-q-2'));
    await db.update(clinicalCases).set({ status: 'held' }).where(eq(clinicalCases.id, 'life-cc-1'));
    const drawnQuestions = new Set<string | null>();
    const drawnCases = new Set<string | null>();
    for (let i = 0; i < 40; i++) {
      drawnQuestions.add(await pickSingleQuestionId(db, null));
      drawnCases.add(await pickClinicalCaseId(db, { userId: null }, { subEspecialidad: 'Cirugía General' }));
    }
    for (const id of ['life-q-0', 'life-q-1', 'life-q-2']) expect(drawnQuestions.has(id), id).toBe(false);
    for (const id of ['life-cc-1', 'life-cc-2']) expect(drawnCases.has(id), id).toBe(false);
    expect(await pickClinicalCaseId(db, { userId: student.id })).not.toBe('life-cc-1');
    const counts = await countClinicCasesBySpeciality(db);
    const lifeCases = await db.select({ id: clinicalCases.id }).from(clinicalCases).where(sql`${clinicalCases.id} like 'life-%' and ${clinicalCases.status} = 'published'`);
    expect(lifeCases.map((row) => row.id)).toEqual(['life-cc-0']);
    expect(counts.reduce((sum, row) => sum + row.cases, 0)).toBe(
      (await db.select({ id: clinicalCases.id }).from(clinicalCases).where(eq(clinicalCases.status, 'published'))).length,
    );
    expect((await post('/api/quiz/evaluate/question', { questionId: 'life-q-2', selectedOption: 0 })).statusCode).toBe(404);
    expect((await post('/api/quiz/evaluate/question', { questionId: 'life-q-0', selectedOption: 0 })).statusCode).toBe(404);
    const heldCase = await post('/api/quiz/evaluate/clinic-case', { clinicCaseId: 'life-cc-1', selectedOptions: [{ questionId: 'life-cc-1-q1', optionSelectedIndex: 0 }, { questionId: 'life-cc-1-q2', optionSelectedIndex: 0 }] });
    expect(heldCase.statusCode).toBe(404);
    const guide = (await t.app.inject({ method: 'GET', url: '/api/ankis/flashcards/life-gpc-0?all=1', cookies })).json() as { id: string }[];
    expect(guide.map((card) => card.id).sort()).toEqual(['life-gpc-0-01', 'life-gpc-0-02']);

    // A held item stays held when the content is loaded again; a retired one that comes back is published.
    const back = clone(next);
    back.questions.push(bank.questions[1]!);
    await loadContent(db, back);
    expect(await statusOf(questions, 'life-q-1')).toBe('published');
    expect(await statusOf(questions, 'life-q-2')).toBe('held');
  });

  it('rewrites nothing when loaded again unchanged, and only the edited row after an edit', async () => {
    const bank = generateBank({ cases: 20, singles: 10, guides: 2, cardsPerGuide: 5, prefix: 'same' });
    await loadContent(t.database.db, bank);
    const before = await rowVersions();
    const again = await loadContent(t.database.db, bank);
    expect(again).toMatchObject({ written: 0, retired: 0 });
    expect(await rowVersions()).toEqual(before);

    const edited = clone(bank);
    edited.questions[3]!.explanation = 'Explicación corregida.';
    expect((await loadContent(t.database.db, edited)).written).toBe(1);
    const after = await rowVersions();
    const changed = [...after].filter(([key, version]) => before.get(key) !== version).map(([key]) => key);
    expect(changed).toEqual(['questions/same-q-3']);
  });

  it('skips reading and writing when no content file changed since the last start', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'galeno-content-'));
    tempDirs.push(root);
    writeBank(root, generateBank({ cases: 5, singles: 2, prefix: 'dir' }));
    expect((await seedContent(t.database.db, root)).skipped).toBe(false);
    expect(await seedContent(t.database.db, root)).toEqual({ skipped: true });
    writeFileSync(path.join(root, 'questions', 'extra.json'), '[]');
    expect((await seedContent(t.database.db, root)).skipped).toBe(false);
  });

  it('stores and serves a case question with its own guideline and difficulty; the case and its other questions keep the case\'s', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'galeno-content-'));
    tempDirs.push(root);
    const item = clinicalCaseContent('own-cc-0', {
      gpc: undefined,
      guideline: 'gpc-imss-237-09',
      tags: { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Colecistitis y colelitiasis', dificultad: 'Difícil' },
    });
    item.questions[1]!.guideline = 'otra-tg18';
    item.questions[1]!.dificultad = 'Fácil';
    const guidelines = [
      { id: 'gpc-imss-237-09', kind: 'GPC', title: 'Diagnóstico y tratamiento de la colecistitis y colelitiasis', code: 'IMSS-237-09', year: 2009, status: 'vigente' },
      { id: 'otra-tg18', kind: 'Otra', title: 'Tokyo Guidelines 2018 (TG18)', code: 'TG18', year: 2018, status: 'vigente' },
    ];
    mkdirSync(path.join(root, 'clinical-cases'));
    writeFileSync(path.join(root, 'guidelines.json'), JSON.stringify(guidelines));
    writeFileSync(path.join(root, 'clinical-cases', 'own.json'), JSON.stringify([item]));
    const { items, problems } = readContent(root);
    expect(problems).toEqual([]);
    const db = t.database.db;
    await loadContent(db, items);

    const caseGpc = { name: 'Diagnóstico y tratamiento de la colecistitis y colelitiasis', code: 'IMSS-237-09', year: 2009 };
    const ownGpc = { name: 'Tokyo Guidelines 2018 (TG18)', code: 'TG18', year: 2018 };
    const rows = await db
      .select({ id: questions.id, dificultad: questions.dificultad, name: questions.gpcName, code: questions.gpcCode, year: questions.gpcYear })
      .from(questions)
      .where(inArray(questions.id, ['own-cc-0-q1', 'own-cc-0-q2']))
      .orderBy(questions.position);
    expect(rows).toEqual([
      { id: 'own-cc-0-q1', dificultad: 'Difícil', ...caseGpc },
      { id: 'own-cc-0-q2', dificultad: 'Fácil', ...ownGpc },
    ]);
    const [caseRow] = await db.select().from(clinicalCases).where(eq(clinicalCases.id, 'own-cc-0'));
    expect(caseRow).toMatchObject({ dificultad: 'Difícil', gpcName: caseGpc.name, gpcCode: caseGpc.code, gpcYear: caseGpc.year });

    // Served: each question shows its own guideline under its explanation and its own difficulty.
    const served = await loadClinicCase(db, 'own-cc-0');
    expect(served).toMatchObject({ gpc: caseGpc, tags: { Dificultad: 'Difícil' } });
    expect(served!.questions.map((question) => ({ id: question.id, gpc: question.gpc, difficulty: question.tags.Dificultad }))).toEqual([
      { id: 'own-cc-0-q1', gpc: caseGpc, difficulty: 'Difícil' },
      { id: 'own-cc-0-q2', gpc: ownGpc, difficulty: 'Fácil' },
    ]);
    // Graded: the feedback carries the question's own difficulty.
    const cookies = await sessionCookieFor(db, await createUser(db));
    const graded = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/evaluate/clinic-case',
      cookies,
      payload: { clinicCaseId: 'own-cc-0', selectedOptions: item.questions.map((question) => ({ questionId: question.id, optionSelectedIndex: question.correctIndex })) },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect((graded.json() as { questionId: string; tags: { Dificultad: string } }[]).map((evaluation) => [evaluation.questionId, evaluation.tags.Dificultad])).toEqual([
      ['own-cc-0-q1', 'Difícil'],
      ['own-cc-0-q2', 'Fácil'],
    ]);

    // Taking the override away gives the question the case's again (its row is rewritten; the case's is not).
    const plain = clone(items);
    delete plain['clinical-cases'][0]!.questions[1]!.gpc;
    delete plain['clinical-cases'][0]!.questions[1]!.guideline;
    delete plain['clinical-cases'][0]!.questions[1]!.dificultad;
    expect((await loadContent(db, plain)).written).toBe(1);
    const [back] = await db.select({ dificultad: questions.dificultad, code: questions.gpcCode }).from(questions).where(eq(questions.id, 'own-cc-0-q2'));
    expect(back).toEqual({ dificultad: 'Difícil', code: 'IMSS-237-09' });
  });

  it('loads a bank past PostgreSQL’s 65,535 bind parameters in one statement (6,100 cases)', async () => {
    const bank = generateBank({ cases: 6100, prefix: 'big' });
    const report = await loadContent(t.database.db, bank);
    expect(report.written).toBe(6100 * 3);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clinicalCases).where(sql`${clinicalCases.id} like 'big-%'`);
    expect(row!.n).toBe(6100);
    expect((await loadContent(t.database.db, bank)).written).toBe(0);
  }, 120_000);
});

const postgresUrl = testDatabaseUrl();
if (postgresUrl) {
  describe('several instances on PostgreSQL', () => {
    it('two instances started at the same moment on an empty database both get migrated, loaded and ready', async () => {
      const schema = `boot_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const root = mkdtempSync(path.join(tmpdir(), 'galeno-boot-'));
      tempDirs.push(root);
      writeBank(root, generateBank({ cases: 50, singles: 20, guides: 2, prefix: 'boot' }));
      const first = await openDatabase({ databaseUrl: postgresUrl, searchPath: schema });
      const second = await openDatabase({ databaseUrl: postgresUrl, searchPath: schema });
      try {
        const options = { databaseUrl: postgresUrl, migrationsSchema: schema, contentRoot: root };
        const [a, b] = await Promise.all([prepareDatabase(first, options), prepareDatabase(second, options)]);
        // One loaded the content; the other found it loaded.
        expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
        const [count] = await first.db.select({ n: sql<number>`count(*)::int` }).from(clinicalCases).where(inArray(clinicalCases.bank, ['own']));
        expect(count!.n).toBe(50);
      } finally {
        await first.close();
        await second.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    }, 60_000);
  });
}
