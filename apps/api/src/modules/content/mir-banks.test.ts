import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, like, or } from 'drizzle-orm';
import { MIR_BANKS } from '@galeno/domain/banks';
import { explanationParts, MIR_COMMENT_LABEL, MIR_NOTICE_PATH } from '@galeno/domain/external-sources';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { contentLoads } from '../../db/schema/content.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { seedExternalBanks } from '../../boot/seed.ts';
import { contentRoot } from './files.ts';
import { ReviewDecisionsSchema } from './formats/decisions.ts';
import { COMMENT_CREDIT } from './formats/source-line.ts';

// The shipped MIR files, loaded as a start loads them (issue 37): what they serve is what 933b5f1 served, minus the
// items the physician's review retired or holds, plus the holds that were false (conflicts that were not ones, a key
// the review adjudicated right). mir-served-933b5f1.json lists what that commit served, from its own import code.
const served933b5f1: string[] = JSON.parse(readFileSync(path.join(import.meta.dirname, 'mir-served-933b5f1.json'), 'utf8'));
const decisionsOf = (bank: string) => ReviewDecisionsSchema.parse(JSON.parse(readFileSync(path.join(contentRoot, 'external', bank, 'decisions.json'), 'utf8')));
const headQaDecisions = decisionsOf('head-qa');
const casiMedicosDecisions = decisionsOf('casimedicos');

const RETIRED = ['headqa-cuaderno-2014-1-m-132', 'headqa-cuaderno-2015-1-m-118'];
const HELD = ['casimedicos-es-train-0283'];
/** Held at 933b5f1: two false in-bank conflicts, one key the review doubted and the audit's adjudication found right. */
const RELEASED = ['casimedicos-es-train-0020', 'casimedicos-es-train-0215', 'casimedicos-es-train-0233'];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The MIR items students are served: published cases and published single questions of the MIR banks. */
async function servedMir(): Promise<string[]> {
  const db = database.db;
  const cases = await db.select({ id: clinicalCases.id }).from(clinicalCases).where(and(inArray(clinicalCases.bank, [...MIR_BANKS]), eq(clinicalCases.status, 'published')));
  const singles = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.bank, [...MIR_BANKS]), eq(questions.status, 'published'), isNull(questions.clinicalCaseId)));
  return [...cases, ...singles].map((row) => row.id).sort();
}

const expected = [...served933b5f1.filter((id) => !RETIRED.includes(id) && !HELD.includes(id)), ...RELEASED].sort();

const questionRow = async (id: string) => (await database.db.select().from(questions).where(or(eq(questions.id, id), eq(questions.id, `${id}-q1`))))[0]!;

describe('the shipped MIR files, loaded at start', () => {
  it('serve what 933b5f1 served, minus the retired and held items, plus the false holds released', async () => {
    expect(Object.keys(headQaDecisions.retired).sort()).toEqual(RETIRED);
    expect(Object.keys(casiMedicosDecisions.held)).toEqual(HELD);
    expect(Object.keys(casiMedicosDecisions.released)).toEqual(['casimedicos-es-train-0215']);

    await seedExternalBanks(database.db);
    const served = await servedMir();
    expect(served).toHaveLength(830 - 3 + 3);
    expect(served).toEqual(expected);
    const status = async (id: string) => (await database.db.select({ status: clinicalCases.status }).from(clinicalCases).where(eq(clinicalCases.id, id)))[0]?.status ?? (await questionRow(id)).status;
    for (const id of RETIRED) expect(await status(id), id).toBe('retired');
    expect(await status('casimedicos-es-train-0283')).toBe('held');
    expect((await questionRow('casimedicos-es-train-0283')).holdReason).toMatch(/^Retenida por la revisión médica: .*«impugnable»/);
  }, 120_000);

  it('show CasiMedicos’ commentary as theirs, with the letters on screen, a short source line and no note for data engineers', async () => {
    const released = await questionRow('casimedicos-es-train-0215');
    expect(released.explanation.startsWith(`${MIR_COMMENT_LABEL}: `)).toBe(true);
    expect(released.sourceCitation).toBe('Examen MIR (España, año no indicado) · Ministerio de Sanidad · Comentario: CasiMedicos (CC BY 4.0, adaptado)');
    expect(released.sourceUrl).toBe(MIR_NOTICE_PATH);

    // One of the six explanations the false conflicts dropped (train-0110 on HEAD-QA 2013 q83) is attached again.
    const official = await questionRow('headqa-cuaderno-2013-1-m-83');
    expect(official.explanation.startsWith(`${MIR_COMMENT_LABEL}: `)).toBe(true);
    expect(official.sourceCitation).toBe(`Examen MIR 2013 (España), pregunta 83 · Ministerio de Sanidad, actualización del 14/01/2019 · HEAD-QA (MIT)${COMMENT_CREDIT}`);
    // The case's line, printed under its text, credits the commentary too, so the screen shows one line, not two.
    const [officialCase] = await database.db.select().from(clinicalCases).where(eq(clinicalCases.id, 'headqa-cuaderno-2013-1-m-83'));
    expect(officialCase!.sourceCitation).toBe(official.sourceCitation);
    for (const id of ['headqa-cuaderno-2015-1-m-74', 'headqa-cuaderno-2015-1-m-44', 'headqa-cuaderno-2015-1-m-85', 'headqa-cuaderno-2015-1-m-87', 'headqa-cuaderno-2015-1-m-158'])
      expect((await questionRow(id)).explanation, id).toMatch(/^Comentario de CasiMedicos/);

    // A CasiMedicos copy of a HEAD-QA question that needs an image there dates the record: MIR 2015.
    const dated = await questionRow('casimedicos-es-dev-0018');
    expect(dated.tema).toBe('Examen MIR 2015');
    expect(dated.sourceCitation).toMatch(/^Examen MIR 2015 \(España\) · /);

    // Our update note stays under the explanation, whether the official one or a commentary attached to it.
    for (const [id, note] of Object.entries({ ...headQaDecisions.notes, ...casiMedicosDecisions.notes })) expect(explanationParts((await questionRow(id)).explanation).note, id).toBe(note);

    const db = database.db;
    const leftovers = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.bank, [...MIR_BANKS]), or(like(questions.sourceCitation, '%reconstruido%'), like(questions.explanation, '%reconstruido a partir de tokens%'))));
    expect(leftovers).toEqual([]);
    // No commentary still says which option is right by the booklet's number.
    const commented = await db.select({ id: questions.id, explanation: questions.explanation }).from(questions).where(like(questions.explanation, `${MIR_COMMENT_LABEL}%`));
    expect(commented.length).toBeGreaterThan(300);
    expect(commented.filter((row) => /correcta (es|ser[ií]a) la [1-5]\b|\bopci[oó]n(es)? [1-5]\b|\brespuestas? [1-5]\b/i.test(row.explanation)).map((row) => row.id)).toEqual([]);
  });

  it('bring a database loaded at 933b5f1 to the same set after a restart: retired items leave the pools, false holds come back', async () => {
    const db = database.db;
    // What 933b5f1 left in a database: the retired and held items served, the released ones held.
    const setCase = (id: string, status: 'published' | 'held', holdReason: string | null) =>
      Promise.all([
        db.update(clinicalCases).set({ status, holdReason }).where(eq(clinicalCases.id, id)),
        db.update(questions).set({ status, holdReason }).where(or(eq(questions.id, id), eq(questions.clinicalCaseId, id))),
      ]);
    for (const id of [...RETIRED, ...HELD]) await setCase(id, 'published', null);
    await setCase('casimedicos-es-train-0215', 'held', 'Clave en duda tras la revisión independiente: B al menos tan defendible.');
    for (const id of ['casimedicos-es-train-0233', 'casimedicos-es-train-0020']) await setCase(id, 'held', 'Copias de esta pregunta en CasiMedicos con claves distintas.');
    expect(await servedMir()).toEqual([...served933b5f1].sort());

    // The files changed since that load (decisions.json is new), so the next start imports the banks again.
    await db.delete(contentLoads).where(eq(contentLoads.name, 'external'));
    await seedExternalBanks(db);
    expect(await servedMir()).toEqual(expected);
  }, 120_000);
});
