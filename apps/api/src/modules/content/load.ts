import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import { CONTENT_LIFECYCLE } from '@galeno/domain/lifecycles';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ClinicGuideContent, DiscountQuizQuestionContent, QuestionTags, GpcReference } from '@galeno/domain/content';
import { renderFigure, type FigureContent } from '@galeno/domain/figures/figure';
import { plainWords } from '@galeno/domain/plain-text';
import type { RenderedFigure } from '@galeno/domain/figures/svg';
import type { Db } from '../../db/client.ts';
import { clinicalCases, questions, type StoredFigure } from '../../db/schema/quiz.ts';
import { figures } from '../../db/schema/content.ts';
import { clinicGuides, flashcards } from '../../db/schema/flashcards.ts';
import { discountQuizQuestions } from '../../db/schema/discount-quiz.ts';
import type { ContentItems } from './files.ts';
import { markLastChange, recordCardChanges, recordHeld, recordQuestionChanges, recordRetired } from './changes.ts';
import { SUPERSEDED_HOLD_REASON } from '@galeno/domain/bank-changes';
import type { ImportedCase, ImportedQuestion, ImportedSingle } from './formats/types.ts';

export interface LoadReport {
  clinicalCases: number;
  questions: number;
  guides: number;
  flashcards: number;
  discountQuizQuestions: number;
  /** Rows inserted or rewritten because they are new or changed; 0 on a restart with nothing changed. */
  written: number;
  /** Items that left content/ and were retired (never deleted: students' history points at them). */
  retired: number;
}

/** Rows per statement: PostgreSQL takes at most 65,535 bind parameters, and a question row has about 20. */
const CHUNK = 500;

interface Classified {
  tags: QuestionTags;
  gpc?: GpcReference | undefined;
  source?: { citation: string; url?: string | undefined } | undefined;
  language?: 'es' | 'en' | undefined;
}

export function classificationColumns({ tags, gpc, source, language }: Classified) {
  return {
    especialidad: tags.especialidad,
    subEspecialidad: tags.subEspecialidad,
    tema: tags.tema,
    dificultad: tags.dificultad,
    gpcName: gpc?.name ?? null,
    gpcCode: gpc?.code ?? null,
    gpcYear: gpc?.year ?? null,
    // Only where the entry was checked, so the hash of every other row stays what it was.
    ...(gpc?.checkedAt ? { gpcCheckedAt: gpc.checkedAt } : {}),
    ...(gpc?.checkedAgainst ? { gpcCheckedAgainst: gpc.checkedAgainst } : {}),
    sourceCitation: source?.citation ?? null,
    sourceUrl: source?.url ?? null,
    language: language ?? ('es' as const),
  };
}

/** A hash of what a row stores, so an unchanged item is never rewritten. */
export function contentHashOf(row: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url');
}

/** The same text written twice (case, accents, punctuation and spacing aside) has the same fingerprint. */
export function fingerprintOf(text: string): string {
  const normalised = plainWords(text);
  return createHash('sha1').update(normalised).digest('hex').slice(0, 20);
}

/** `excluded.col` for every column but the id, the random key, the status and the creation time. */
export function updateAllBut<T extends PgTable>(table: T, keep: string[] = ['id', 'random_key', 'created_at', 'status', 'last_change']) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => !keep.includes(column.name))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

export function withHash<T extends Record<string, unknown>>(row: T): T & { contentHash: string } {
  return { ...row, contentHash: contentHashOf(row) };
}

type QuestionRow = typeof questions.$inferInsert;

/** An item a review retired is stored retired; one an importer holds, held with the reason; everything else is published. */
const review = (item: { holdReason?: string | undefined; retireReason?: string | undefined }) => ({
  status: item.retireReason ? ('retired' as const) : item.holdReason ? ('held' as const) : ('published' as const),
  holdReason: item.retireReason ? null : (item.holdReason ?? null),
});

/**
 * An English item's explanation in Spanish (content/ requires it there). Stored only where there is one, so the
 * hash of every other row stays what it was and a reload rewrites nothing else.
 */
type Translated = { explanationEs?: string | undefined };
const spanishExplanation = (item: Translated) => (item.explanationEs ? { explanationEs: item.explanationEs } : {});

/** Figures drawn in this process, by name (a hash of the SVG): a load draws each spec once and stores it once. */
const drawnFigures = new Map<string, RenderedFigure>();
const figureNames = new Map<string, string>();

/** Draws a figure's spec (once per process) and names the drawing by its bytes. */
export function drawFigure(figure: FigureContent): { id: string } & RenderedFigure {
  const { alt: _alt, caption: _caption, ...spec } = figure;
  const key = JSON.stringify(spec);
  let id = figureNames.get(key);
  if (!id) {
    const rendered = renderFigure(figure);
    id = createHash('sha256').update(rendered.svg).digest('base64url').slice(0, 22);
    drawnFigures.set(id, rendered);
    figureNames.set(key, id);
  }
  return { id, ...drawnFigures.get(id)! };
}

/**
 * A question's figure as its row stores it (the drawing itself goes to `figures`). Only a question with a figure
 * gets the column, so every other row's hash stays what it was and a reload rewrites nothing else.
 */
type Figured = { figure?: FigureContent | undefined };
function figureColumns(item: Figured): { figure?: StoredFigure } {
  if (!item.figure) return {};
  const { id, width, height } = drawFigure(item.figure);
  return { figure: { id, alt: item.figure.alt, ...(item.figure.caption ? { caption: item.figure.caption } : {}), width, height } };
}

/** Stores the drawings the rows point at (a drawing already stored is left as it is: its name is its bytes). */
async function storeFigures(db: Db, rows: readonly { figure?: StoredFigure | null | undefined }[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.figure ? [row.figure.id] : [])))];
  for (let i = 0; i < ids.length; i += 50) {
    const values = ids.slice(i, i + 50).map((id) => {
      const { svg, width, height } = drawnFigures.get(id)!;
      return { id, svg, width, height };
    });
    await db.insert(figures).values(values).onConflictDoNothing();
  }
}

export function singleQuestionRow(item: ImportedSingle & Translated & Figured, bank = 'own'): QuestionRow & { contentHash: string } {
  return withHash({
    id: item.id,
    bank,
    ...review(item),
    clinicalCaseId: null,
    position: 0,
    question: item.question,
    options: item.options.map((text) => ({ text })),
    correctIndex: item.correctIndex,
    explanation: item.explanation,
    ...spanishExplanation(item),
    ...figureColumns(item),
    fingerprint: fingerprintOf(item.question),
    ...classificationColumns(item),
  });
}

/**
 * A case question of content/ may carry its own guideline (resolved to `gpc`) and difficulty, which override the
 * case's for that question only: its row stores them, so the question is served and counted with its own.
 */
type CaseQuestion = ImportedQuestion & Translated & Figured & { gpc?: GpcReference | undefined; dificultad?: QuestionTags['dificultad'] | undefined };
type LoadableCase = Omit<ImportedCase, 'questions'> & { questions: readonly CaseQuestion[] };

function caseRows(cases: readonly LoadableCase[], bank: string) {
  const caseItems = cases.map((item) =>
    withHash({ id: item.id, bank, ...review(item), caseText: item.caseText, fingerprint: fingerprintOf(item.caseText), ...classificationColumns(item) }),
  );
  const questionRows = cases.flatMap((item) =>
    item.questions.map((question, position) =>
      withHash({
        id: question.id,
        bank,
        ...review(item),
        clinicalCaseId: item.id,
        position,
        question: question.question,
        options: question.options.map((text) => ({ text })),
        correctIndex: question.correctIndex,
        explanation: question.explanation,
        ...spanishExplanation(question),
        ...figureColumns(question),
        fingerprint: fingerprintOf(`${item.caseText}\n${question.question}`),
        ...classificationColumns({ ...item, tags: { ...item.tags, dificultad: question.dificultad ?? item.tags.dificultad }, gpc: question.gpc ?? item.gpc }),
      }),
    ),
  );
  return { caseRows: caseItems, questionRows };
}

type LifecycleTable = typeof clinicalCases | typeof questions | typeof flashcards;
type HashedTable = LifecycleTable | typeof clinicGuides | typeof discountQuizQuestions;

interface CurrentRow {
  contentHash: string | null;
  status: string;
}

/** What a table holds now (of one bank, where the table has banks): id → hash and status. */
async function currentRows(db: Db, table: HashedTable, bank: string | null): Promise<Map<string, CurrentRow>> {
  if ('status' in table) {
    const lifecycleTable = table as LifecycleTable;
    const rows = await db
      .select({ id: lifecycleTable.id, contentHash: lifecycleTable.contentHash, status: lifecycleTable.status })
      .from(lifecycleTable)
      .where(bank ? eq(lifecycleTable.bank, bank) : undefined);
    return new Map(rows.map((row) => [row.id, { contentHash: row.contentHash, status: row.status }]));
  }
  const plain = table as typeof clinicGuides;
  const rows = await db.select({ id: plain.id, contentHash: plain.contentHash }).from(plain);
  return new Map(rows.map((row) => [row.id, { contentHash: row.contentHash, status: 'published' }]));
}

/**
 * Writes the rows that are new or changed (and brings back retired ones); rows whose hash matches are not
 * touched, so a restart with nothing changed writes nothing. Every statement stays under CHUNK rows.
 */
async function writeChanged<T extends { id: string; contentHash: string; status?: string | undefined }>(db: Db, table: HashedTable, rows: readonly T[], current: Map<string, CurrentRow>) {
  const changed = rows.filter((row) => {
    const now = current.get(row.id);
    // A row a review retired (an external bank's decisions) stays as it is while the files still retire it.
    return !now || now.contentHash !== row.contentHash || (now.status === 'retired' && row.status !== 'retired');
  });
  const set: Record<string, unknown> = updateAllBut(table);
  // A retired item that comes back takes the status its loader gives it (published, or held for review); a
  // changed item keeps the status it has, so a reviewer's release or hold is never undone by a reload.
  if ('status' in table) set.status = sql`case when ${(table as LifecycleTable).status} = 'retired' then excluded.status else ${(table as LifecycleTable).status} end`;
  for (let i = 0; i < changed.length; i += CHUNK) {
    await db
      .insert(table)
      .values(changed.slice(i, i + CHUNK) as never)
      .onConflictDoUpdate({ target: table.id, set });
  }
  return changed.length;
}

/** Items of `bank` that are no longer in the content are retired, never deleted. Returns the ids that were served until now. */
async function retireMissing(db: Db, table: LifecycleTable, keep: readonly { id: string }[], current: Map<string, { status: string }>) {
  const present = new Set(keep.map((row) => row.id));
  const missing = [...current].filter(([id, row]) => !present.has(id) && row.status !== 'retired').map(([id]) => id);
  for (let i = 0; i < missing.length; i += CHUNK) {
    await db
      .update(table)
      .set({ status: 'retired' })
      .where(and(inArray(table.id, missing.slice(i, i + CHUNK)), inArray(table.status, CONTENT_LIFECYCLE.from('retired'))));
  }
  return { count: missing.length, served: missing.filter((id) => current.get(id)?.status === 'published') };
}

/** Cases and their questions of one bank (importers pass theirs; content/ is 'own'). */
export async function upsertClinicalCases(db: Db, cases: readonly LoadableCase[], bank = 'own') {
  const { caseRows: rows, questionRows } = caseRows(cases, bank);
  return (await writeChanged(db, clinicalCases, rows, await currentRows(db, clinicalCases, bank))) + (await upsertQuestionRows(db, questionRows, bank));
}

export async function upsertQuestionRows(db: Db, rows: readonly (QuestionRow & { contentHash: string })[], bank = 'own') {
  return writeChanged(db, questions, rows, await currentRows(db, questions, bank));
}

/**
 * Guides and their cards. A card taken out of a loaded guide is retired (its students keep their history and
 * schedule); with `everyGuide` (the whole of content/), so are the cards of guides no longer in the files.
 */
export async function upsertGuides(db: Db, guides: readonly ClinicGuideContent[], { everyGuide = false } = {}): Promise<{ written: number; retired: number }> {
  const guideRows = guides.map((guide) =>
    withHash({
      id: guide.id,
      guideName: guide.guideName,
      category: guide.category,
      yearOfUpdate: guide.yearOfUpdate,
      gpcCode: guide.gpcCode ?? null,
      // Only where the entry was checked, so every other guide's hash stays what it was.
      ...(guide.guidelineCheckedAt ? { guidelineCheckedAt: guide.guidelineCheckedAt } : {}),
    }),
  );
  const cards = guides.flatMap((guide) =>
    guide.flashcards.map((card, position) =>
      withHash({ id: card.id, bank: 'own', guideId: guide.id, position, question: card.question, answer: card.answer, explanation: card.explanation, fingerprint: fingerprintOf(card.question) }),
    ),
  );
  let written = await writeChanged(db, clinicGuides, guideRows, await currentRows(db, clinicGuides, null));
  const currentCards = await currentRows(db, flashcards, 'own');
  const now = new Date();
  await recordCardChanges(db, cards, currentCards, now);
  written += await writeChanged(db, flashcards, cards, currentCards);
  const scope = everyGuide ? currentCards : await cardsOfGuides(db, guides.map((guide) => guide.id));
  const retired = await retireMissing(db, flashcards, cards, scope);
  await recordRetired(db, 'flashcard', retired.served, now);
  written += await refreshGuideCounts(db);
  return { written, retired: retired.count };
}

async function cardsOfGuides(db: Db, guideIds: string[]) {
  if (guideIds.length === 0) return new Map<string, { status: string }>();
  const rows = await db.select({ id: flashcards.id, status: flashcards.status }).from(flashcards).where(inArray(flashcards.guideId, guideIds));
  return new Map(rows.map((row) => [row.id, { status: row.status }]));
}

/** Each guide's count of published cards, rewritten only where it changed. */
async function refreshGuideCounts(db: Db): Promise<number> {
  const published = sql`(select count(*)::int from ${flashcards} where ${flashcards.guideId} = ${clinicGuides.id} and ${flashcards.status} = 'published')`;
  const updated = await db
    .update(clinicGuides)
    .set({ flashcardsCount: published })
    .where(sql`${clinicGuides.flashcardsCount} is distinct from ${published}`)
    .returning({ id: clinicGuides.id });
  return updated.length;
}

export async function upsertDiscountQuizQuestions(db: Db, items: readonly DiscountQuizQuestionContent[]): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((item) =>
    withHash({
      id: item.id,
      question: item.question,
      options: item.options,
      correctIndex: item.correctIndex,
      explanation: item.explanation,
      especialidad: item.tags.especialidad,
      tema: item.tags.tema,
      dificultad: item.tags.dificultad,
    }),
  );
  return writeChanged(db, discountQuizQuestions, rows, await currentRows(db, discountQuizQuestions, null));
}

/**
 * Items whose guideline is no longer in force are held (not drawn, graded as usual where already on screen) until a
 * load finds them rewritten; then they are served again. Students who answered one are told it is under review.
 */
async function holdSuperseded(db: Db, items: ContentItems, superseded: readonly string[], now: Date) {
  const ids = new Set(superseded);
  const caseIds = items['clinical-cases'].filter((item) => ids.has(item.id)).map((item) => item.id);
  const questionIds = [
    ...items['clinical-cases'].flatMap((item) => item.questions.filter((question) => ids.has(item.id) || ids.has(question.id)).map((question) => question.id)),
    ...items.questions.filter((item) => ids.has(item.id)).map((item) => item.id),
  ];
  const mayHold = inArray(questions.status, CONTENT_LIFECYCLE.from('held'));
  const held =
    questionIds.length === 0
      ? []
      : await db
          .update(questions)
          .set({ status: 'held', holdReason: SUPERSEDED_HOLD_REASON })
          .where(and(inArray(questions.id, questionIds), mayHold, eq(questions.bank, 'own')))
          .returning({ id: questions.id });
  if (caseIds.length > 0)
    await db
      .update(clinicalCases)
      .set({ status: 'held', holdReason: SUPERSEDED_HOLD_REASON })
      .where(and(inArray(clinicalCases.id, caseIds), inArray(clinicalCases.status, CONTENT_LIFECYCLE.from('held'))));
  await recordHeld(db, held.map((row) => row.id), now);
  // Rewritten to follow a guideline in force: served again.
  for (const table of [questions, clinicalCases] as const) {
    const still = table === questions ? questionIds : caseIds;
    await db
      .update(table)
      .set({ status: 'published', holdReason: null })
      .where(and(eq(table.holdReason, SUPERSEDED_HOLD_REASON), eq(table.status, 'held'), still.length > 0 ? notInArray(table.id, still) : undefined));
  }
}

/**
 * Loads content/ (the 'own' bank) in one transaction: new and changed items are written, unchanged ones
 * are not touched, and own items that left the files are retired. Other banks are never touched here.
 */
export async function loadContent(
  db: Db,
  items: ContentItems,
  /** Cases and questions resting on a guideline no longer in force: held from every pool until rewritten (issue 39). */
  { superseded = [] }: { superseded?: readonly string[] } = {},
): Promise<LoadReport> {
  let written = 0;
  let retired = 0;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { caseRows: cases, questionRows: caseQuestions } = caseRows(items['clinical-cases'], 'own');
    const singles = items.questions.map((item) => singleQuestionRow(item));
    const currentCases = await currentRows(tx, clinicalCases, 'own');
    const currentQuestions = await currentRows(tx, questions, 'own');
    const now = new Date();
    written += await writeChanged(tx, clinicalCases, cases, currentCases);
    await storeFigures(tx, [...caseQuestions, ...singles]);
    // What students will be told changed (issue 39), read before the rows are rewritten, written on them after.
    const news = await recordQuestionChanges(tx, [...caseQuestions, ...singles], currentQuestions, now);
    written += await writeChanged(tx, questions, [...caseQuestions, ...singles], currentQuestions);
    await markLastChange(tx, news, now);
    retired += (await retireMissing(tx, clinicalCases, cases, currentCases)).count;
    const retiredQuestions = await retireMissing(tx, questions, [...caseQuestions, ...singles], currentQuestions);
    retired += retiredQuestions.count;
    await recordRetired(tx, 'question', retiredQuestions.served, now);
    await holdSuperseded(tx, items, superseded, now);
    const guides = await upsertGuides(tx, items.guides, { everyGuide: true });
    written += guides.written;
    retired += guides.retired;
    written += await upsertDiscountQuizQuestions(tx, items['discount-quiz']);
  });
  return {
    clinicalCases: items['clinical-cases'].length,
    questions: items['clinical-cases'].reduce((sum, item) => sum + item.questions.length, 0) + items.questions.length,
    guides: items.guides.length,
    flashcards: items.guides.reduce((sum, guide) => sum + guide.flashcards.length, 0),
    discountQuizQuestions: items['discount-quiz'].length,
    written,
    retired,
  };
}

