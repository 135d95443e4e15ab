import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { explanationParts, withUpdateNote } from '@galeno/domain/external-sources';
import type { Db } from '../../db/client.ts';
import { clinicalCases, contentAliases, questions } from '../../db/schema/quiz.ts';
import { singleQuestionRow, upsertClinicalCases, upsertQuestionRows } from './load.ts';
import * as casiMedicos from './formats/casimedicos.ts';
import * as headQa from './formats/head-qa.ts';
import * as own from './formats/own.ts';
import type { Comparable } from './formats/match.ts';
import type { WordModel } from './formats/classify.ts';
import { wordModel } from './formats/model.ts';
import { handLabelsBeside, type HandLabels } from './formats/hand-labels.ts';
import { decisionsBeside, isReviewHold, type ReviewDecisions } from './formats/decisions.ts';
import { COMMENT_CREDIT } from './formats/source-line.ts';
import { FormatError, type ImportBatch, type ImportedCase, type ImportedSingle, type Skipped } from './formats/types.ts';
import { externalFiles } from './external.ts';

export interface ImportReport {
  format: string;
  bank: string;
  /** Items new to the database. */
  imported: string[];
  /** Items already there (rewritten only if they changed). */
  updated: string[];
  /** Well-formed records left out, with the reason. */
  skipped: Skipped[];
  /** Imported but held for review: never drawn, counted or graded until released. */
  held: { id: string; reason: string }[];
  /** Retired by the review's decisions (never served; students' answers kept). */
  retired: string[];
  /** Items held before that this import serves (a conflict that was not one, a key the review confirmed). */
  released: string[];
  /** Records that repeat a question already served, and which one stands for them. */
  aliases: casiMedicos.Alias[];
  /** Official questions that received a CasiMedicos explanation arguing for their key. */
  attached: number;
  /** Items per area (and "Sin clasificar") as the classifier placed them. */
  classified: Record<string, number>;
}

export { FormatError };

async function existingIds(db: Db, table: typeof questions | typeof clinicalCases, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids.slice(i, i + 500)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The questions of a bank already loaded, as the CasiMedicos importer compares them. */
async function bankQuestions(db: Db, bank: string): Promise<Comparable[]> {
  const rows = await db
    .select({ id: questions.id, question: questions.question, options: questions.options, correctIndex: questions.correctIndex, caseText: clinicalCases.caseText })
    .from(questions)
    .leftJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .where(eq(questions.bank, bank));
  return rows.map((row) => ({ id: row.id, stem: row.caseText ? `${row.caseText} ${row.question}` : row.question, options: row.options.map((option) => option.text), correctIndex: row.correctIndex }));
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${file} as JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The independent key check that lives beside a CasiMedicos file, when there is one. */
function keyReviewBeside(file: string): casiMedicos.KeyReview | undefined {
  const reviewFile = path.join(path.dirname(file), 'key-review.json');
  if (!existsSync(reviewFile)) return undefined;
  return casiMedicos.KeyReviewSchema.parse(readJson(reviewFile));
}

/**
 * The HEAD-QA questions shipped beside a CasiMedicos file (content/external/head-qa/), each with its exam's
 * year, to date CasiMedicos' copies of them; none when the file lives elsewhere.
 */
function datedBeside(file: string): headQa.DatedQuestion[] {
  const root = path.dirname(path.dirname(path.dirname(path.resolve(file))));
  if (path.basename(path.dirname(path.dirname(path.resolve(file)))) !== 'external') return [];
  return externalFiles(root, 'head-qa').flatMap((headQaFile) => headQa.headQaDated(readJson(headQaFile)));
}

/**
 * Imports one file in any known format (ours, HEAD-QA, CasiMedicos) in one transaction: a record of the
 * wrong shape refuses the whole file (a FormatError naming the record and the field), well-formed records
 * that cannot be served are skipped with their reason, and re-running imports nothing new. The review's
 * decisions beside the file (decisions.json) retire, hold, release and annotate items on every import.
 */
export async function importFile(db: Db, file: string, model?: WordModel): Promise<ImportReport> {
  const data = readJson(file);
  return importData(db, data, {
    model,
    labels: handLabelsBeside(file),
    decisions: decisionsBeside(file),
    ...(casiMedicos.isCasiMedicos(data) ? { review: keyReviewBeside(file), dated: datedBeside(file) } : {}),
  });
}

export interface ImportOptions {
  review?: casiMedicos.KeyReview | undefined;
  model?: WordModel | undefined;
  labels?: HandLabels | undefined;
  decisions?: ReviewDecisions | undefined;
  /** HEAD-QA's questions with their exam years, to date CasiMedicos' copies of them. */
  dated?: readonly headQa.DatedQuestion[] | undefined;
}

type Item = ImportedCase | ImportedSingle;

/**
 * Cases (with their questions) and single questions moved to `status` from `from` (any other status when absent),
 * with the hold reason the item gives (none unless held); returns the items that moved.
 */
async function setStatus(tx: Db, items: readonly Item[], status: 'retired' | 'published' | 'held', from?: 'held' | 'published'): Promise<string[]> {
  const moved = new Set<string>();
  const fromStatus = (table: typeof clinicalCases | typeof questions) => (from ? eq(table.status, from) : ne(table.status, status));
  const reasons = new Map<string | null, Item[]>();
  for (const item of items) {
    const reason = status === 'held' ? (item.holdReason ?? null) : null;
    reasons.set(reason, [...(reasons.get(reason) ?? []), item]);
  }
  for (const [holdReason, group] of reasons) {
    const caseIds = group.filter((item) => 'caseText' in item).map((item) => item.id);
    const singleIds = group.filter((item) => !('caseText' in item)).map((item) => item.id);
    for (let i = 0; i < caseIds.length; i += 500) {
      const chunk = caseIds.slice(i, i + 500);
      const rows = await tx.update(clinicalCases).set({ status, holdReason }).where(and(inArray(clinicalCases.id, chunk), fromStatus(clinicalCases))).returning({ id: clinicalCases.id });
      for (const row of rows) moved.add(row.id);
      await tx.update(questions).set({ status, holdReason }).where(and(inArray(questions.clinicalCaseId, chunk), fromStatus(questions)));
    }
    for (let i = 0; i < singleIds.length; i += 500) {
      const chunk = singleIds.slice(i, i + 500);
      const rows = await tx.update(questions).set({ status, holdReason }).where(and(inArray(questions.id, chunk), fromStatus(questions))).returning({ id: questions.id });
      for (const row of rows) moved.add(row.id);
    }
  }
  return [...moved];
}

export async function importData(db: Db, data: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  const model = () => options.model ?? wordModel();
  let batch: ImportBatch & { aliases?: casiMedicos.Alias[]; attachments?: casiMedicos.Attachment[]; holds?: casiMedicos.Hold[] };
  if (headQa.isHeadQa(data)) batch = headQa.parseHeadQa(data, model(), options.labels, options.decisions);
  else if (casiMedicos.isCasiMedicos(data)) {
    const inFile = new Set((data as { id?: unknown }[]).map((record) => `${String(record.id)}`));
    const earlier = (await bankQuestions(db, casiMedicos.BANK)).filter((item) => !inFile.has(item.id.replace(/-q1$/, '')));
    batch = casiMedicos.parseCasiMedicos(data, {
      model: model(),
      review: options.review,
      labels: options.labels,
      official: await bankQuestions(db, headQa.BANK),
      earlier,
      dated: options.dated,
      decisions: options.decisions,
    });
  }
  else if (own.isOwnFormat(data)) batch = own.parseOwn(data);
  else throw new FormatError('(file)', '(format)', 'neither HEAD-QA JSON, CasiMedicos JSON nor our content format (docs/content-format.md)');

  const ids = [...batch.cases.map((item) => item.id), ...batch.questions.map((item) => item.id)];
  const existing = new Set([...(await existingIds(db, clinicalCases, batch.cases.map((item) => item.id))), ...(await existingIds(db, questions, batch.questions.map((item) => item.id)))]);
  const items = [...batch.cases, ...batch.questions];
  let released: string[] = [];
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await upsertClinicalCases(tx, batch.cases, batch.bank);
    await upsertQuestionRows(tx, batch.questions.map((item) => singleQuestionRow(item, batch.bank)), batch.bank);
    // The files decide, on every load: an item the review retires or holds leaves the pools, and one held before
    // that the importer now serves (a false conflict, a key the review confirmed) comes back. Only importers hold
    // items (a staff member's decision publishes or retires), so releasing an importer's hold undoes no one's.
    await setStatus(tx, items.filter((item) => item.retireReason), 'retired');
    await setStatus(tx, items.filter((item) => !item.retireReason && isReviewHold(item.holdReason)), 'held', 'published');
    released = await setStatus(tx, items.filter((item) => !item.retireReason && !item.holdReason), 'published', 'held');
    const aliases = (batch.aliases ?? []).map((alias) => ({ ...alias, bank: batch.bank }));
    for (let i = 0; i < aliases.length; i += 500) {
      await tx
        .insert(contentAliases)
        .values(aliases.slice(i, i + 500))
        .onConflictDoUpdate({ target: contentAliases.aliasId, set: { questionId: sql.raw('excluded.question_id'), reason: sql.raw('excluded.reason') } });
    }
    for (const hold of batch.holds ?? []) {
      const [question] = await tx
        .update(questions)
        .set({ status: 'held', holdReason: hold.reason })
        .where(and(eq(questions.id, hold.questionId), eq(questions.status, 'published')))
        .returning({ caseId: questions.clinicalCaseId });
      if (question?.caseId) await tx.update(clinicalCases).set({ status: 'held', holdReason: hold.reason }).where(and(eq(clinicalCases.id, question.caseId), eq(clinicalCases.status, 'published')));
    }
    const attachments = batch.attachments ?? [];
    const current = new Map<string, { explanation: string; caseId: string | null }>();
    for (let i = 0; i < attachments.length; i += 500) {
      const ids = attachments.slice(i, i + 500).map((attachment) => attachment.questionId);
      const rows = await tx.select({ id: questions.id, explanation: questions.explanation, caseId: questions.clinicalCaseId }).from(questions).where(inArray(questions.id, ids));
      for (const row of rows) current.set(row.id, row);
    }
    const credited = <T extends typeof questions | typeof clinicalCases>(table: T) =>
      sql`case when ${table.sourceCitation} like ${'%' + COMMENT_CREDIT.trim() + '%'} then ${table.sourceCitation} else ${table.sourceCitation} || ${COMMENT_CREDIT} end`;
    for (const attachment of attachments) {
      const row = current.get(attachment.questionId);
      // The official question keeps our update note under the commentary it receives.
      const note = explanationParts(row?.explanation ?? '').note;
      await tx
        .update(questions)
        .set({ explanation: withUpdateNote(attachment.explanation, note), sourceCitation: credited(questions) })
        .where(and(eq(questions.id, attachment.questionId), eq(questions.bank, headQa.BANK)));
      // Its one-question case says so too: the case's line is the one printed under the case text.
      if (row?.caseId) await tx.update(clinicalCases).set({ sourceCitation: credited(clinicalCases) }).where(and(eq(clinicalCases.id, row.caseId), eq(clinicalCases.bank, headQa.BANK)));
    }
  });
  const classified: Record<string, number> = {};
  for (const item of items) classified[item.tags.especialidad] = (classified[item.tags.especialidad] ?? 0) + 1;
  return {
    format: batch.format,
    bank: batch.bank,
    imported: ids.filter((id) => !existing.has(id)),
    updated: ids.filter((id) => existing.has(id)),
    skipped: batch.skipped,
    held: items.filter((item) => item.holdReason && !item.retireReason).map((item) => ({ id: item.id, reason: item.holdReason! })),
    retired: items.filter((item) => item.retireReason).map((item) => item.id),
    released,
    aliases: batch.aliases ?? [],
    attached: batch.attachments?.length ?? 0,
    classified,
  };
}
