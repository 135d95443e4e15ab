import { and, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ClinicalCaseContent, ClinicGuideContent, DiscountQuizQuestionContent, QuestionTags, SingleQuestionContent, GpcReference } from '@galeno/domain/content';
import type { Db } from '../../db/client.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { clinicGuides, flashcards } from '../../db/schema/flashcards.ts';
import { discountQuizQuestions } from '../../db/schema/discount-quiz.ts';
import type { ContentItems } from './files.ts';

export interface LoadReport {
  clinicalCases: number;
  questions: number;
  guides: number;
  flashcards: number;
  discountQuizQuestions: number;
}

interface Classified {
  tags: QuestionTags;
  gpc?: GpcReference | undefined;
  source?: { citation: string; url?: string | undefined } | undefined;
}

export function classificationColumns({ tags, gpc, source }: Classified) {
  return {
    especialidad: tags.especialidad,
    subEspecialidad: tags.subEspecialidad,
    tema: tags.tema,
    dificultad: tags.dificultad,
    gpcName: gpc?.name ?? null,
    gpcCode: gpc?.code ?? null,
    gpcYear: gpc?.year ?? null,
    sourceCitation: source?.citation ?? null,
    sourceUrl: source?.url ?? null,
  };
}

/** `excluded.col` for every column but the id, the random key and the creation time: an upsert that keeps identity. */
export function updateAllBut<T extends PgTable>(table: T, keep: string[] = ['id', 'random_key', 'created_at']) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => !keep.includes(column.name))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

export function singleQuestionRow(item: SingleQuestionContent) {
  return {
    id: item.id,
    clinicalCaseId: null,
    position: 0,
    question: item.question,
    options: item.options.map((text) => ({ text })),
    correctIndex: item.correctIndex,
    explanation: item.explanation,
    ...classificationColumns(item),
  };
}

export async function upsertClinicalCases(db: Db, cases: readonly ClinicalCaseContent[]): Promise<void> {
  if (cases.length === 0) return;
  await db
    .insert(clinicalCases)
    .values(cases.map((item) => ({ id: item.id, caseText: item.caseText, ...classificationColumns(item) })))
    .onConflictDoUpdate({ target: clinicalCases.id, set: updateAllBut(clinicalCases) });
  const rows = cases.flatMap((item) =>
    item.questions.map((question, position) => ({
      id: question.id,
      clinicalCaseId: item.id,
      position,
      question: question.question,
      options: question.options.map((text) => ({ text })),
      correctIndex: question.correctIndex,
      explanation: question.explanation,
      ...classificationColumns(item),
    })),
  );
  await upsertQuestionRows(db, rows);
}

export async function upsertQuestionRows(db: Db, rows: (typeof questions.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(questions)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({ target: questions.id, set: updateAllBut(questions) });
  }
}

export async function upsertGuides(db: Db, guides: readonly ClinicGuideContent[]): Promise<void> {
  if (guides.length === 0) return;
  await db
    .insert(clinicGuides)
    .values(
      guides.map((guide) => ({
        id: guide.id,
        guideName: guide.guideName,
        category: guide.category,
        yearOfUpdate: guide.yearOfUpdate,
        gpcCode: guide.gpcCode ?? null,
        flashcardsCount: guide.flashcards.length,
      })),
    )
    .onConflictDoUpdate({ target: clinicGuides.id, set: updateAllBut(clinicGuides) });
  const cards = guides.flatMap((guide) =>
    guide.flashcards.map((card, position) => ({ id: card.id, guideId: guide.id, position, question: card.question, answer: card.answer, explanation: card.explanation })),
  );
  for (let i = 0; i < cards.length; i += 500) {
    await db
      .insert(flashcards)
      .values(cards.slice(i, i + 500))
      .onConflictDoUpdate({ target: flashcards.id, set: updateAllBut(flashcards) });
  }
  // The content files are the truth: a card taken out of a loaded guide goes (with its study state), so the
  // guide's count, its cards and everyone's progress keep agreeing.
  const guideIds = guides.map((guide) => guide.id);
  const cardIds = cards.map((card) => card.id);
  await db.delete(flashcards).where(and(inArray(flashcards.guideId, guideIds), notInArray(flashcards.id, cardIds)));
}

export async function upsertDiscountQuizQuestions(db: Db, items: readonly DiscountQuizQuestionContent[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(discountQuizQuestions)
    .values(
      items.map((item) => ({
        id: item.id,
        question: item.question,
        options: item.options,
        correctIndex: item.correctIndex,
        explanation: item.explanation,
        especialidad: item.tags.especialidad,
        tema: item.tags.tema,
        dificultad: item.tags.dificultad,
      })),
    )
    .onConflictDoUpdate({ target: discountQuizQuestions.id, set: updateAllBut(discountQuizQuestions) });
}

/** Upserts the seed content by stable id, so running it again changes nothing but edited items. */
export async function loadContent(db: Db, items: ContentItems): Promise<LoadReport> {
  await db.transaction(async (tx) => {
    await upsertClinicalCases(tx as unknown as Db, items['clinical-cases']);
    await upsertQuestionRows(tx as unknown as Db, items.questions.map(singleQuestionRow));
    await upsertGuides(tx as unknown as Db, items.guides);
    await upsertDiscountQuizQuestions(tx as unknown as Db, items['discount-quiz']);
  });
  return {
    clinicalCases: items['clinical-cases'].length,
    questions: items['clinical-cases'].reduce((sum, item) => sum + item.questions.length, 0) + items.questions.length,
    guides: items.guides.length,
    flashcards: items.guides.reduce((sum, guide) => sum + guide.flashcards.length, 0),
    discountQuizQuestions: items['discount-quiz'].length,
  };
}
