import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { CONTENT_KINDS } from '@galeno/domain/content';
import type { Db } from '../../db/client.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { headQaToRows, HeadQaFileSchema, type Skipped } from './head-qa.ts';
import { fingerprintOf, singleQuestionRow, upsertClinicalCases, upsertQuestionRows, withHash } from './load.ts';

export interface ImportReport {
  imported: string[];
  updated: string[];
  skipped: Skipped[];
}

async function existingIds(db: Db, table: typeof questions | typeof clinicalCases, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids.slice(i, i + 500)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

function split(ids: string[], existing: Set<string>) {
  return { imported: ids.filter((id) => !existing.has(id)), updated: ids.filter((id) => existing.has(id)) };
}

/** Files in our own format imported by hand live in their own bank: content/ (the 'own' bank) never retires them. */
const IMPORTED_BANK = 'imported';

/**
 * Imports a file in our content format (clinical cases or single questions) or in HEAD-QA's layout, in
 * one transaction: a file that fails half-way imports nothing. Idempotent: ids are stable, so a second run
 * only updates what changed.
 */
export async function importFile(db: Db, path: string): Promise<ImportReport> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${path} as JSON: ${(error as Error).message}`, { cause: error });
  }

  const headQa = HeadQaFileSchema.safeParse(data);
  if (headQa.success) {
    const { rows, skipped } = headQaToRows(headQa.data);
    const ids = rows.map((row) => row.id);
    const existing = await existingIds(db, questions, ids);
    const hashed = rows.map((row) => withHash({ ...row, bank: 'head-qa', fingerprint: fingerprintOf(row.question) }));
    await db.transaction(async (tx) => {
      await upsertQuestionRows(tx as unknown as Db, hashed, 'head-qa');
    });
    return { ...split(ids, existing), skipped };
  }

  const cases = CONTENT_KINDS['clinical-cases'].safeParse(data);
  if (cases.success) {
    const ids = cases.data.map((item) => item.id);
    const existing = await existingIds(db, clinicalCases, ids);
    await db.transaction(async (tx) => {
      await upsertClinicalCases(tx as unknown as Db, cases.data, IMPORTED_BANK);
    });
    return { ...split(ids, existing), skipped: [] };
  }

  const singles = CONTENT_KINDS.questions.safeParse(data);
  if (singles.success) {
    const ids = singles.data.map((item) => item.id);
    const existing = await existingIds(db, questions, ids);
    await db.transaction(async (tx) => {
      await upsertQuestionRows(tx as unknown as Db, singles.data.map((item) => singleQuestionRow(item, IMPORTED_BANK)), IMPORTED_BANK);
    });
    return { ...split(ids, existing), skipped: [] };
  }

  const issues = (Array.isArray(data) && (data[0] as { caseText?: unknown })?.caseText !== undefined ? cases : singles).error?.issues ?? [];
  throw new Error(
    `${path} is neither HEAD-QA JSON nor our content format (docs/content-format.md):\n${issues
      .slice(0, 10)
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')}`,
  );
}
