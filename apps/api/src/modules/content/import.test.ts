import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { questions } from '../../db/schema/quiz.ts';
import { clinicalCaseContent } from '../../test/factories.ts';
import { importFile } from './import.ts';
import { classifyHeadQa } from './head-qa.ts';
import { readContent } from './files.ts';

// A real external bank committed with its NOTICE (MIT; cite the source and date wherever it is shown).
const headQaFile = path.resolve(import.meta.dirname, '../../../../../content/external/head-qa/medicine-2013-2015.es.json');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('importing HEAD-QA', () => {
  it('imports the questions with their citation, skips those with images, and is idempotent', async () => {
    const first = await importFile(database.db, headQaFile);
    expect(first.imported.length).toBeGreaterThan(500);
    expect(first.updated).toHaveLength(0);
    expect(first.skipped.length).toBeGreaterThanOrEqual(98);
    expect(first.skipped.every((skip) => skip.reason.includes('image'))).toBe(true);
    expect(first.imported.length + first.skipped.length).toBe(686);

    const [row] = await database.db.select().from(questions).where(eq(questions.id, first.imported[0]!));
    expect(row!.sourceCitation).toMatch(/HEAD-QA v1\.0.*MIR 2013.*14 de enero de 2019/);
    expect(row!.options.length).toBeGreaterThanOrEqual(4);
    expect(row!.correctIndex).toBeGreaterThanOrEqual(0);

    const second = await importFile(database.db, headQaFile);
    expect(second.imported).toHaveLength(0);
    expect(second.updated).toHaveLength(first.imported.length);
  });

  it('keeps the right answer of each question', async () => {
    // MIR 2014 question 12 (no image): answer 2 in the official template.
    const data = JSON.parse((await import('node:fs')).readFileSync(headQaFile, 'utf8'));
    const source = data.exams.Cuaderno_2014_1_M.data.find((item: { image?: string; qtext: string }) => !item.image && !/imagen/i.test(item.qtext));
    const [row] = await database.db.select().from(questions).where(eq(questions.id, `headqa-cuaderno-2014-1-m-${source.qid}`));
    expect(row!.options[row!.correctIndex]!.text).toBe(source.answers.find((a: { aid: number }) => String(a.aid) === String(source.ra)).atext.replace(/\s+/g, ' ').trim());
  });

  it('places questions in the taxonomy by their words', () => {
    expect(classifyHeadQa('Gestante de 32 semanas con cifras tensionales elevadas')).toEqual({ especialidad: 'Ginecología y Obstetricia', subEspecialidad: 'Obstetricia' });
    expect(classifyHeadQa('Recién nacido a término con ictericia')).toEqual({ especialidad: 'Pediatría y Neonatología', subEspecialidad: 'Neonatología' });
    expect(classifyHeadQa('Señale la respuesta correcta')).toEqual({ especialidad: 'Medicina Interna', subEspecialidad: 'Otros (Geriatría, Intoxicaciones)' });
  });
});

describe('importing our own format', () => {
  it('imports clinical cases and reports updates on the second run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'galeno-import-'));
    const file = path.join(dir, 'cases.json');
    writeFileSync(file, JSON.stringify([clinicalCaseContent('cc-import-001')]));
    expect((await importFile(database.db, file)).imported).toEqual(['cc-import-001']);
    expect((await importFile(database.db, file)).updated).toEqual(['cc-import-001']);
  });

  it('explains what is wrong with a file in neither format', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'galeno-import-'));
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ id: 'x' }]));
    await expect(importFile(database.db, file)).rejects.toThrow(/neither HEAD-QA JSON nor our content format/);
  });
});

describe('the content in the repository', () => {
  it('is valid', () => {
    const { problems } = readContent();
    expect(problems).toEqual([]);
  });
});
