import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { clinicalCases, contentAliases, questions } from '../../db/schema/quiz.ts';
import { clinicalCaseContent } from '../../test/factories.ts';
import { FormatError, importData, importFile } from './import.ts';
import { readContent } from './files.ts';
import { checkQuality } from './quality.ts';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';

// Real external banks committed with their NOTICEs (HEAD-QA: MIT and the Ministry's reuse terms; CasiMedicos: CC BY 4.0).
const external = path.resolve(import.meta.dirname, '../../../../../content/external');
const headQaFile = path.join(external, 'head-qa/medicine-2013-2015.es.json');
const casiMedicosDev = path.join(external, 'casimedicos/casimedicos-dev.es.json');
const casiMedicosRecords = (): ({ id: string; correct: string } & Record<string, unknown>)[] => JSON.parse(readFileSync(casiMedicosDev, 'utf8'));

function tempFile(name: string, data: unknown) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'galeno-import-')), name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('importing HEAD-QA', () => {
  it('imports the official questions with their citation, skips those with images, and is idempotent', async () => {
    const first = await importFile(database.db, headQaFile);
    expect(first.bank).toBe('head-qa');
    expect(first.imported.length).toBe(588);
    expect(first.skipped).toHaveLength(98);
    expect(first.skipped.every((skip) => skip.reason.includes('image'))).toBe(true);
    expect(first.held).toEqual([]);

    const second = await importFile(database.db, headQaFile);
    expect(second.imported).toHaveLength(0);
    expect(second.updated).toHaveLength(588);
  });

  it('turns a vignette into a one-question case and says the question has no explanation', async () => {
    const [row] = await database.db.select().from(questions).where(eq(questions.id, 'headqa-cuaderno-2013-1-m-155-q1'));
    expect(row!.clinicalCaseId).toBe('headqa-cuaderno-2013-1-m-155');
    // One short line: the exam, its year and number, the update date the Ministry asks for, the bank and its licence.
    expect(row!.sourceCitation).toBe('Examen MIR 2013 (España), pregunta 155 · Ministerio de Sanidad, actualización del 14/01/2019 · HEAD-QA (MIT)');
    expect(row!.sourceUrl).toBe('/api/content/notices');
    expect(row!.explanation).toMatch(/^Pregunta oficial MIR sin explicación\. La respuesta correcta, según la plantilla oficial/);
  });

  it('files each question where the reader placed it, and classifies automatically only a file no reader has labelled', async () => {
    // The word classifier alone files this one under Neonatología; the reader filed it under Neumología.
    const placed = async (id: string) =>
      (await database.db.select({ area: questions.especialidad, sub: questions.subEspecialidad }).from(questions).where(inArray(questions.id, [id, `${id}-q1`])))[0];
    expect(await placed('headqa-cuaderno-2013-1-m-133')).toEqual({ area: 'Medicina Interna', sub: 'Neumología' });

    const data = JSON.parse(readFileSync(headQaFile, 'utf8'));
    const exam = data.exams.Cuaderno_2013_1_M;
    const unlabelled = { exams: { Cuaderno_2099_1_M: { ...exam, data: exam.data.filter((record: { qid: number | string }) => String(record.qid) === '133') } } };
    const separate = await createTestDatabase();
    try {
      await importFile(separate.db, tempFile('medicine-2099.es.json', unlabelled));
      const id = 'headqa-cuaderno-2099-1-m-133';
      const [row] = await separate.db.select({ area: questions.especialidad }).from(questions).where(inArray(questions.id, [id, `${id}-q1`]));
      expect(row!.area).not.toBe('Medicina Interna');
    } finally {
      await separate.close();
    }
  });

  it('keeps the official key of every question', async () => {
    const data = JSON.parse(readFileSync(headQaFile, 'utf8'));
    const rows = await database.db.select().from(questions).where(eq(questions.bank, 'head-qa'));
    const byId = new Map(rows.map((row) => [row.id.replace(/-q1$/, ''), row]));
    let checked = 0;
    for (const [exam, { data: records }] of Object.entries<{ data: { qid: number; ra: number; answers: { aid: number; atext: string }[] }[] }>(data.exams)) {
      for (const record of records) {
        const row = byId.get(`headqa-${exam.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${record.qid}`);
        if (!row) continue;
        const key = record.answers.find((answer) => String(answer.aid) === String(record.ra))!.atext.replace(/\s+/g, ' ').trim();
        expect(row.options[row.correctIndex]!.text).toBe(key);
        checked++;
      }
    }
    expect(checked).toBe(588);
  });
});

describe('the exam year of a HEAD-QA file', () => {
  const headQaData = () => JSON.parse(readFileSync(headQaFile, 'utf8')) as { exams: Record<string, { name: string; category?: string; year?: string; data: unknown[] }> };

  it('refuses a file with the 2016 or 2017 MIR medicine exam whole, naming the exam and the reason, and imports nothing', async () => {
    for (const year of ['2016', '2017']) {
      const data = headQaData();
      const exam = data.exams.Cuaderno_2015_1_M!;
      // HEAD-QA's full file: the checked exams beside the later one, whose keys are known to be wrong.
      data.exams[`Cuaderno_${year}_1_M`] = { ...exam, name: `Cuaderno_${year}_1_M`, year };
      const fresh = await createTestDatabase();
      try {
        const error = await importFile(fresh.db, tempFile(`HEAD_${year}.json`, data)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(FormatError);
        expect(error).toMatchObject({ item: `Cuaderno_${year}_1_M`, field: 'year' });
        expect((error as FormatError).message).toMatch(new RegExp(`keys of the ${year} MIR medicine exam are known to be wrong.*refused and nothing is imported`));
        expect(await fresh.db.select({ id: questions.id }).from(questions)).toEqual([]);
      } finally {
        await fresh.close();
      }
    }
  });

  it('refuses a medicine exam of a year whose keys were never checked, and skips the other categories', async () => {
    const data = headQaData();
    const unchecked = { exams: { Cuaderno_2012_1_M: { ...data.exams.Cuaderno_2013_1_M!, name: 'Cuaderno_2012_1_M', year: '2012' } } };
    await expect(importData(database.db, unchecked)).rejects.toThrow(/never checked: the file is refused/);
    const nursing = { exams: { Cuaderno_2016_1_E: { ...data.exams.Cuaderno_2013_1_M!, name: 'Cuaderno_2016_1_E', category: 'nursery', year: '2016' } } };
    const report = await importData(database.db, nursing);
    expect(report.imported).toEqual([]);
    expect(report.skipped.every((skip) => skip.reason === 'not a MIR medicine exam (HEAD-QA category nursery)')).toBe(true);
  });
});

describe('importing CasiMedicos', () => {
  it('refuses a file with one malformed record half-way, naming the record and the field, and imports nothing', async () => {
    const records = casiMedicosRecords();
    records[27] = { ...records[27]!, options: 'A, B, C, D' };
    const error = await importFile(database.db, tempFile('casimedicos-bad.json', records)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).item).toBe(records[27]!.id);
    expect((error as FormatError).field).toBe('options');
    const imported = await database.db.select({ id: questions.id }).from(questions).where(eq(questions.bank, 'casimedicos'));
    expect(imported).toEqual([]);
  });

  it('skips unusable records with their reason, serves official copies once with the official key, and holds unchecked keys', async () => {
    const report = await importFile(database.db, casiMedicosDev);
    expect(report.skipped).toContainEqual({ id: 'casimedicos-es-dev-0048', reason: 'empty question' });
    // The questions HEAD-QA also holds are aliases of the official ones; most carry their explanation there.
    expect(report.aliases.length).toBeGreaterThanOrEqual(10);
    expect(report.aliases.every((alias) => alias.questionId.startsWith('headqa-'))).toBe(true);
    const disagreeing = report.aliases.find((alias) => alias.aliasId === 'casimedicos-es-dev-0022')!;
    expect(disagreeing.reason).toMatch(/different key: the official key is kept/);
    expect(report.attached).toBeGreaterThanOrEqual(10);

    const agreeing = report.aliases.find((alias) => alias.reason.includes('explanation is attached'))!;
    const [official] = await database.db.select().from(questions).where(eq(questions.id, agreeing.questionId));
    expect(official!.explanation).not.toMatch(/sin explicación/);
    expect(official!.explanation).toMatch(/^Comentario de CasiMedicos \(MIR 2\.0\): /);
    expect(official!.sourceCitation).toMatch(/ · HEAD-QA \(MIT\) · Comentario: CasiMedicos \(CC BY 4\.0, adaptado\)$/);
    const [notAttached] = await database.db.select().from(questions).where(eq(questions.id, disagreeing.questionId));
    expect(notAttached!.explanation).toMatch(/^Pregunta oficial MIR sin explicación/);
    expect(await database.db.select().from(contentAliases).where(eq(contentAliases.aliasId, 'casimedicos-es-dev-0022'))).toHaveLength(1);

    // The independent check committed beside the file decides: confirmed keys are served, doubted ones held.
    const review = JSON.parse(readFileSync(path.join(external, 'casimedicos/key-review.json'), 'utf8')) as { confirmed: string[]; doubted: Record<string, string> };
    const own = await database.db.select({ id: questions.id, status: questions.status, holdReason: questions.holdReason }).from(questions).where(eq(questions.bank, 'casimedicos'));
    expect(own.length).toBe(report.imported.length);
    for (const row of own) {
      const record = row.id.replace(/-q1$/, '');
      if (review.doubted[record]) expect(row).toMatchObject({ status: 'held', holdReason: `Clave en duda tras la revisión independiente: ${review.doubted[record]}` });
      else expect(row).toMatchObject({ status: review.confirmed.includes(record) ? 'published' : 'held' });
    }
    expect(own.some((row) => row.status === 'held')).toBe(true);

    const again = await importFile(database.db, casiMedicosDev);
    expect(again.imported).toHaveLength(0);
  });

  it('publishes keys the independent check confirmed, holds the doubted ones with the reason, and holds copies that disagree', async () => {
    const records = casiMedicosRecords().slice(0, 6).map((record, index) => ({ ...record, id: `casimedicos-es-test-${String(index + 1).padStart(4, '0')}` }));
    const copy = { ...records[0]!, id: 'casimedicos-es-test-0099', correct: records[0]!.correct === '1' ? '2' : '1' };
    const fresh = await createTestDatabase();
    try {
      const report = await importData(fresh.db, [...records, copy], {
        // Record 0004 was never checked: it is held too.
        review: { reviewer: 'test', date: '2026-11-24', confirmed: records.filter((record) => record.id !== 'casimedicos-es-test-0004').map((record) => String(record.id)), doubted: { 'casimedicos-es-test-0002': 'la explicación defiende otra opción' } },
      });
      expect(report.aliases).toContainEqual(expect.objectContaining({ aliasId: 'casimedicos-es-test-0099', reason: expect.stringMatching(/different key/) }));
      const rows = await fresh.db.select({ id: clinicalCases.id, status: clinicalCases.status, holdReason: clinicalCases.holdReason }).from(clinicalCases);
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get('casimedicos-es-test-0001')).toMatchObject({ status: 'held', holdReason: 'Copias de esta pregunta en CasiMedicos con claves distintas.' });
      expect(byId.get('casimedicos-es-test-0002')).toMatchObject({ status: 'held', holdReason: expect.stringMatching(/otra opción/) });
      expect(byId.get('casimedicos-es-test-0003')).toMatchObject({ status: 'published', holdReason: null });
      expect(byId.get('casimedicos-es-test-0004')).toMatchObject({ status: 'held', holdReason: 'Clave sin verificación independiente (CasiMedicos no es la plantilla oficial).' });
    } finally {
      await fresh.close();
    }
  });
});

describe('importing our own format', () => {
  it('imports clinical cases and reports them as already there on the second run', async () => {
    const file = tempFile('cases.json', [clinicalCaseContent('cc-import-001')]);
    expect((await importFile(database.db, file)).imported).toEqual(['cc-import-001']);
    expect((await importFile(database.db, file)).updated).toEqual(['cc-import-001']);
  });

  it('names the item and the field of a malformed item, and imports nothing', async () => {
    const good = clinicalCaseContent('cc-import-002');
    const bad = { ...clinicalCaseContent('cc-import-003'), caseText: '' };
    const error = await importFile(database.db, tempFile('cases.json', [good, bad])).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ item: 'cc-import-003', field: 'caseText' });
    expect(await database.db.select().from(clinicalCases).where(eq(clinicalCases.id, 'cc-import-002'))).toEqual([]);
  });

  it('explains a file in no known format', async () => {
    await expect(importFile(database.db, tempFile('bad.json', { hello: 1 }))).rejects.toThrow(/neither HEAD-QA JSON, CasiMedicos JSON nor our content format/);
  });
});

describe('the content in the repository', () => {
  it('is valid', () => {
    const { problems } = readContent();
    expect(problems).toEqual([]);
  });

  it('passes the item-writing rules of content:check, and every item cites a verified entry of the guideline registry', () => {
    const { items, guidelines } = readContent();
    expect(checkQuality(items, guidelines).problems).toEqual([]);
    const registered = new Set(guidelines.filter((entry) => entry.status !== 'por verificar').map((entry) => entry.id));
    const uncited = [...items['clinical-cases'], ...items.questions].filter((item) => !item.guideline || !registered.has(item.guideline)).map((item) => item.id);
    expect(uncited).toEqual([]);
    expect(items.guides.filter((guide) => !guide.guideline).map((guide) => guide.id)).toEqual([]);
  });

  it('holds the bank the ENARM asks for: 200+ cases, 500+ case questions, 400+ single questions, 60+ discount questions, 5+ cases in every sub-speciality, every topic, about a tenth in English', () => {
    const { items } = readContent();
    const cases = items['clinical-cases'];
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.reduce((sum, item) => sum + item.questions.length, 0)).toBeGreaterThanOrEqual(500);
    expect(items.questions.length).toBeGreaterThanOrEqual(400);
    expect(items['discount-quiz'].length).toBeGreaterThanOrEqual(60);
    const subs = QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA).flatMap((area) => area.subSpecialities.map((sub) => ({ area: area.name, sub })));
    expect(subs.filter(({ area, sub }) => cases.filter((item) => item.tags.especialidad === area && item.tags.subEspecialidad === sub.name).length < 5).map(({ sub }) => sub.name)).toEqual([]);
    const tagged = [...cases, ...items.questions];
    expect(subs.flatMap(({ sub }) => sub.topics.filter((topic) => !tagged.some((item) => item.tags.subEspecialidad === sub.name && item.tags.tema === topic)))).toEqual([]);
    const english = tagged.filter((item) => item.language === 'en').length / tagged.length;
    expect(english).toBeGreaterThan(0.07);
    expect(english).toBeLessThan(0.15);
  });
});
