import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { ClinicGuide, ClinicGuideWithProgress, EvaluateFlashcardResponse, Flashcard, FlashcardEvaluation } from '@galeno/domain/contracts/flashcards';
import type { Db } from '../../db/client.ts';
import { clinicGuides, flashcardEvaluations, flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import { badRequest, notFound } from '../../errors.ts';
import { schedule, toStored } from './scheduler.ts';
import { endOfDayInMexicoCity } from '@galeno/domain/mexico-city';
import { gradeOf, isCorrectGrade, type Grade } from '@galeno/domain/flashcard-grades';

/** The end of today in Mexico City, where our users study: "due today" means due before it. */
export const endOfTodayInMexico = endOfDayInMexicoCity;

/** ts-fsrs State.Review. */
const REVIEW_STATE = 2;

export async function listGuides(db: Db, userId: string, now = new Date()): Promise<ClinicGuideWithProgress[]> {
  const endOfToday = endOfTodayInMexico(now);
  const perGuide = db
    .select({
      guideId: flashcardStates.guideId,
      reviewed: count().as('reviewed'),
      due: sql<number>`cast(count(*) filter (where ${flashcardStates.due} <= ${endOfToday}) as int)`.as('due'),
      learned: sql<number>`cast(count(*) filter (where ${flashcardStates.state} = ${REVIEW_STATE}) as int)`.as('learned'),
    })
    .from(flashcardStates)
    // Only published cards count: a retired card keeps its state (history) but is no longer studied.
    .innerJoin(flashcards, and(eq(flashcards.id, flashcardStates.flashcardId), eq(flashcards.status, 'published')))
    .where(eq(flashcardStates.userId, userId))
    .groupBy(flashcardStates.guideId)
    .as('per_guide');

  const rows = await db
    .select({
      id: clinicGuides.id,
      guideName: clinicGuides.guideName,
      category: clinicGuides.category,
      yearOfUpdate: clinicGuides.yearOfUpdate,
      total: clinicGuides.flashcardsCount,
      reviewed: sql<number>`coalesce(${perGuide.reviewed}, 0)`,
      due: sql<number>`coalesce(${perGuide.due}, 0)`,
      learned: sql<number>`coalesce(${perGuide.learned}, 0)`,
    })
    .from(clinicGuides)
    .leftJoin(perGuide, eq(perGuide.guideId, clinicGuides.id))
    // A guide whose cards all left the content is not listed.
    .where(gt(clinicGuides.flashcardsCount, 0))
    .orderBy(asc(clinicGuides.category), asc(clinicGuides.guideName));

  return rows.map((row) => {
    const total = Number(row.total);
    return {
      id: row.id,
      guideName: row.guideName,
      category: row.category,
      yearOfUpdate: row.yearOfUpdate,
      flashcardsCount: total,
      dueToday: Number(row.due),
      newCards: Math.max(0, total - Number(row.reviewed)),
      // Clamped: a count that ever disagreed with the cards must not break the whole list.
      progress: total === 0 ? 0 : Math.min(100, Math.round((Number(row.learned) / total) * 100)),
    };
  });
}

export async function getGuide(db: Db, guideId: string): Promise<ClinicGuide> {
  const [row] = await db
    .select({ id: clinicGuides.id, guideName: clinicGuides.guideName, category: clinicGuides.category, yearOfUpdate: clinicGuides.yearOfUpdate, flashcardsCount: clinicGuides.flashcardsCount })
    .from(clinicGuides)
    .where(eq(clinicGuides.id, guideId));
  if (!row) throw notFound('La guía no existe o ya no está disponible.');
  return row;
}

function toFlashcard(row: { id: string; question: string; answer: string; explanation: string; guideId: string; due: Date | null }): Flashcard {
  return { id: row.id, question: row.question, answer: row.answer, explanation: row.explanation, parentGuideId: row.guideId, due: row.due ? row.due.toISOString() : null };
}

const cardColumns = {
  id: flashcards.id,
  question: flashcards.question,
  answer: flashcards.answer,
  explanation: flashcards.explanation,
  guideId: flashcards.guideId,
  due: flashcardStates.due,
};

/** The guide's cards for a study session: due first (soonest first), then new ones, then the rest by due date. */
export async function listGuideCards(db: Db, userId: string, guideId: string, now = new Date()): Promise<Flashcard[]> {
  await getGuide(db, guideId);
  const endOfToday = endOfTodayInMexico(now);
  const rows = await db
    .select(cardColumns)
    .from(flashcards)
    .leftJoin(flashcardStates, and(eq(flashcardStates.flashcardId, flashcards.id), eq(flashcardStates.userId, userId)))
    .where(and(eq(flashcards.guideId, guideId), eq(flashcards.status, 'published')))
    .orderBy(
      sql`case when ${flashcardStates.due} <= ${endOfToday} then 0 when ${flashcardStates.due} is null then 1 else 2 end`,
      asc(flashcardStates.due),
      asc(flashcards.position),
    );
  return rows.map(toFlashcard);
}

export async function reviewToday(db: Db, userId: string, now = new Date(), limit = 50) {
  const endOfToday = endOfTodayInMexico(now);
  const due = and(eq(flashcardStates.userId, userId), lte(flashcardStates.due, endOfToday), eq(flashcards.status, 'published'));
  const published = eq(flashcards.id, flashcardStates.flashcardId);
  const [total] = await db.select({ value: count() }).from(flashcardStates).innerJoin(flashcards, published).where(due);
  const rows = await db.select(cardColumns).from(flashcardStates).innerJoin(flashcards, published).where(due).orderBy(asc(flashcardStates.due)).limit(limit);
  return { cards: rows.map(toFlashcard), totalDue: total?.value ?? 0 };
}

function toEvaluation(row: typeof flashcardEvaluations.$inferSelect): FlashcardEvaluation {
  return {
    id: row.id,
    flashcardId: row.flashcardId,
    userId: row.userId,
    correct: row.correct,
    grade: row.grade ?? gradeOf(row.correct),
    timeTakenInSeconds: row.timeTakenInSeconds,
    flashcardGuideId: row.guideId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEvaluations(db: Db, userId: string, guideId?: string, limit = 500): Promise<FlashcardEvaluation[]> {
  const rows = await db
    .select()
    .from(flashcardEvaluations)
    .where(and(eq(flashcardEvaluations.userId, userId), guideId ? eq(flashcardEvaluations.guideId, guideId) : undefined))
    .orderBy(desc(flashcardEvaluations.createdAt))
    .limit(limit);
  return rows.map(toEvaluation);
}

/** Records the evaluation and moves the card's FSRS schedule, in one transaction. */
export async function evaluateFlashcard(
  db: Db,
  userId: string,
  input: { flashcardId: string; flashcardGuideId: string; correct: boolean; grade?: Grade | undefined; timeTakenInSeconds: number },
  now = new Date(),
): Promise<EvaluateFlashcardResponse> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: flashcards.id, guideId: flashcards.guideId })
      .from(flashcards)
      .where(and(eq(flashcards.id, input.flashcardId), eq(flashcards.status, 'published')));
    if (!card) throw notFound('La flashcard no existe o ya no está disponible.');
    if (card.guideId !== input.flashcardGuideId) throw badRequest('La flashcard no pertenece a esa guía.', 'GUIDE_MISMATCH');

    // Row lock: two evaluations of one card at once must both count, one after the other.
    const [state] = await tx
      .select()
      .from(flashcardStates)
      .where(and(eq(flashcardStates.userId, userId), eq(flashcardStates.flashcardId, card.id)))
      .for('update');
    const grade = input.grade ?? gradeOf(input.correct);
    const next = schedule(state?.card ?? null, grade, now);
    const values = { due: next.due, state: next.state, card: toStored(next), updatedAt: now };
    await tx
      .insert(flashcardStates)
      .values({ userId, flashcardId: card.id, guideId: card.guideId, ...values })
      .onConflictDoUpdate({ target: [flashcardStates.userId, flashcardStates.flashcardId], set: values });
    const [evaluation] = await tx
      .insert(flashcardEvaluations)
      .values({ userId, flashcardId: card.id, guideId: card.guideId, correct: isCorrectGrade(grade), grade, timeTakenInSeconds: input.timeTakenInSeconds, createdAt: now })
      .returning();
    return { evaluation: toEvaluation(evaluation!), nextDue: next.due.toISOString() };
  });
}
