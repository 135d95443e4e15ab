import { and, asc, count, desc, eq, gt, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type {
  ClinicGuide,
  ClinicGuideWithProgress,
  EvaluateFlashcardResponse,
  Flashcard,
  FlashcardEvaluation,
  ReviewSummary,
} from '@galeno/domain/contracts/flashcards';
import type { Db } from '../../db/client.ts';
import { clinicGuides, flashcardEvaluations, flashcards, flashcardStates, type StoredFsrsCard } from '../../db/schema/flashcards.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { prepared, preparedSql } from '../../db/prepared.ts';
import { fromStored, schedule, toStored } from './scheduler.ts';
import { previewIntervals } from '@galeno/domain/flashcard-scheduler';
import { endOfDayInMexicoCity } from '@galeno/domain/mexico-city';
import { gradeOf, isCorrectGrade, type Grade } from '@galeno/domain/flashcard-grades';
import { OFFLINE_GRADE_CLOCK_SKEW_MS, OFFLINE_GRADE_MAX_AGE_DAYS } from '@galeno/domain/timings';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';

/** ts-fsrs State.Review. */
const REVIEW_STATE = 2;

const startOfTodayInMexicoCity = (now: Date) => new Date(endOfDayInMexicoCity(now).getTime() + 1 - 86_400_000);

/**
 * Cards this student studied for the first time today (Mexico City), which the daily new-card limit counts: a column
 * of the query that needs it, not a round trip of its own.
 */
function introducedTodaySql(userId: string | SQLWrapper, startOfToday: Date | SQLWrapper) {
  return sql<number>`(select count(*) from ${flashcardStates} where ${flashcardStates.userId} = ${userId} and ${flashcardStates.introducedAt} >= ${startOfToday})::int`;
}

export async function listGuides(
  db: Db,
  user: { id: string; newCardsPerDay: number },
  now = new Date(),
): Promise<ClinicGuideWithProgress[]> {
  // Prepared (issue 22): the flashcards page opens with it; the student and the moments are placeholders.
  const rows = await prepared(db, 'guide-list', (pdb) => {
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    const perGuide = pdb
      .select({
        guideId: flashcardStates.guideId,
        reviewed: count().as('reviewed'),
        due: sql<number>`cast(count(*) filter (where ${flashcardStates.due} <= ${at}) as int)`.as('due'),
        learned: sql<number>`cast(count(*) filter (where ${flashcardStates.state} = ${REVIEW_STATE}) as int)`.as('learned'),
        nextDue: sql<Date | null>`min(${flashcardStates.due}) filter (where ${flashcardStates.due} > ${at})`.as('next_due'),
      })
      .from(flashcardStates)
      // Only published cards count: a retired card keeps its state (history) but is no longer studied.
      .innerJoin(flashcards, and(eq(flashcards.id, flashcardStates.flashcardId), eq(flashcards.status, 'published')))
      .where(eq(flashcardStates.userId, sql.placeholder('userId')))
      .groupBy(flashcardStates.guideId)
      .as('per_guide');
    return (
      pdb
        .select({
          id: clinicGuides.id,
          guideName: clinicGuides.guideName,
          category: clinicGuides.category,
          yearOfUpdate: clinicGuides.yearOfUpdate,
          gpcCode: clinicGuides.gpcCode,
          total: clinicGuides.flashcardsCount,
          reviewed: sql<number>`coalesce(${perGuide.reviewed}, 0)`,
          due: sql<number>`coalesce(${perGuide.due}, 0)`,
          learned: sql<number>`coalesce(${perGuide.learned}, 0)`,
          nextDue: perGuide.nextDue,
          introducedToday: introducedTodaySql(sql.placeholder('userId'), sql`${sql.placeholder('startOfToday')}::timestamptz`),
        })
        .from(clinicGuides)
        .leftJoin(perGuide, eq(perGuide.guideId, clinicGuides.id))
        // A guide whose cards all left the content is not listed.
        .where(gt(clinicGuides.flashcardsCount, 0))
        .orderBy(asc(clinicGuides.category), asc(clinicGuides.guideName))
        .prepare('guide_list')
    );
  }).execute({ userId: user.id, now: now.toISOString(), startOfToday: startOfTodayInMexicoCity(now).toISOString() });

  const newLeft = Math.max(0, user.newCardsPerDay - (rows[0]?.introducedToday ?? 0));
  return rows.map((row) => {
    const total = Number(row.total);
    const newCards = Math.max(0, total - Number(row.reviewed));
    const due = Number(row.due);
    const nextDue = row.nextDue ? new Date(row.nextDue) : null;
    return {
      id: row.id,
      guideName: row.guideName,
      category: row.category,
      yearOfUpdate: row.yearOfUpdate,
      gpcCode: row.gpcCode,
      flashcardsCount: total,
      dueToday: due,
      newCards,
      newToday: Math.min(newCards, newLeft),
      learned: Math.min(total, Number(row.learned)),
      nextDueAt: due === 0 && nextDue ? nextDue.toISOString() : null,
      // Clamped: a count that ever disagreed with the cards must not break the whole list.
      progress: total === 0 ? 0 : Math.min(100, Math.round((Number(row.learned) / total) * 100)),
    };
  });
}

const GUIDE_NOT_FOUND = 'La guía no existe o ya no está disponible.';

export async function getGuide(db: Db, guideId: string): Promise<ClinicGuide> {
  const [row] = await db
    .select({
      id: clinicGuides.id,
      guideName: clinicGuides.guideName,
      category: clinicGuides.category,
      yearOfUpdate: clinicGuides.yearOfUpdate,
      gpcCode: clinicGuides.gpcCode,
      flashcardsCount: clinicGuides.flashcardsCount,
    })
    .from(clinicGuides)
    .where(eq(clinicGuides.id, guideId));
  if (!row) throw notFound(GUIDE_NOT_FOUND);
  return row;
}

function toFlashcard(
  row: {
    id: string;
    question: string;
    answer: string;
    explanation: string;
    guideId: string;
    due: Date | null;
    card: StoredFsrsCard | null;
    gpcCode: string | null;
    yearOfUpdate: number;
    checkedAt: string | null;
  },
  now: Date,
): Flashcard {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    explanation: row.explanation,
    parentGuideId: row.guideId,
    guideline: { code: row.gpcCode, year: row.yearOfUpdate, ...(row.checkedAt ? { checkedAt: row.checkedAt } : {}) },
    due: row.due ? row.due.toISOString() : null,
    intervals: previewIntervals(row.card ? fromStored(row.card) : null, now),
  };
}

const cardColumns = {
  id: flashcards.id,
  question: flashcards.question,
  answer: flashcards.answer,
  explanation: flashcards.explanation,
  guideId: flashcards.guideId,
  due: flashcardStates.due,
  card: flashcardStates.card,
  gpcCode: clinicGuides.gpcCode,
  yearOfUpdate: clinicGuides.yearOfUpdate,
  checkedAt: clinicGuides.guidelineCheckedAt,
};

/**
 * The guide's cards for a study session, as the schedule decides: the cards due now (most overdue first), then new
 * ones in the guide's order up to what is left of the student's daily new-card limit. With `all` ("Repasar de todos
 * modos"), every card: due first, then new, then the rest by due date.
 */
export async function listGuideCards(
  db: Db,
  user: { id: string; newCardsPerDay: number },
  guideId: string,
  { all = false } = {},
  now = new Date(),
): Promise<Flashcard[]> {
  // The guide (a 404 when it is not there), its cards and the day's new-card count in one prepared round trip.
  const found = await prepared(db, 'guide-cards', (pdb) =>
    pdb
      .select({
        card: cardColumns,
        introducedToday: introducedTodaySql(sql.placeholder('userId'), sql`${sql.placeholder('startOfToday')}::timestamptz`),
      })
      .from(clinicGuides)
      .leftJoin(flashcards, and(eq(flashcards.guideId, clinicGuides.id), eq(flashcards.status, 'published')))
      .leftJoin(flashcardStates, and(eq(flashcardStates.flashcardId, flashcards.id), eq(flashcardStates.userId, sql.placeholder('userId'))))
      .where(eq(clinicGuides.id, sql.placeholder('guideId')))
      .orderBy(
        sql`case when ${flashcardStates.due} <= ${sql.placeholder('now')}::timestamptz then 0 when ${flashcardStates.due} is null then 1 else 2 end`,
        asc(flashcardStates.due),
        asc(flashcards.position),
      )
      .prepare('guide_cards'),
  ).execute({ userId: user.id, guideId, now: now.toISOString(), startOfToday: startOfTodayInMexicoCity(now).toISOString() });
  if (found.length === 0) throw notFound(GUIDE_NOT_FOUND);
  // A guide without published cards comes back as one row without a card.
  const rows = found.flatMap((row) => (row.card?.id ? [row.card as Parameters<typeof toFlashcard>[0]] : []));
  if (all) return rows.map((row) => toFlashcard(row, now));
  const due = rows.filter((row) => row.due && row.due.getTime() <= now.getTime());
  const fresh = rows.filter((row) => !row.due).slice(0, Math.max(0, user.newCardsPerDay - (found[0]?.introducedToday ?? 0)));
  return [...due, ...fresh].map((row) => toFlashcard(row, now));
}

/** What the home page says: how many cards are due now, and which guide has the most (where "Repasar ahora" starts). */
export async function reviewSummary(db: Db, userId: string, now = new Date()): Promise<ReviewSummary> {
  // Prepared (issue 22): the home page asks for it on every visit.
  const due = await prepared(db, 'review-summary', (pdb) =>
    pdb
      .select({ id: clinicGuides.id, guideName: clinicGuides.guideName, due: count() })
      .from(flashcardStates)
      .innerJoin(flashcards, and(eq(flashcards.id, flashcardStates.flashcardId), eq(flashcards.status, 'published')))
      .innerJoin(clinicGuides, eq(clinicGuides.id, flashcardStates.guideId))
      .where(
        and(eq(flashcardStates.userId, sql.placeholder('userId')), lte(flashcardStates.due, sql`${sql.placeholder('now')}::timestamptz`)),
      )
      .groupBy(clinicGuides.id, clinicGuides.guideName)
      .orderBy(desc(count()), asc(clinicGuides.guideName))
      .prepare('review_summary'),
  ).execute({ userId, now: now.toISOString() });
  return { dueNow: due.reduce((sum, row) => sum + row.due, 0), topGuide: due[0] ?? null };
}

/** The review of the day: the cards due now across every guide, most overdue first. */
export async function reviewToday(db: Db, userId: string, now = new Date(), limit = 50) {
  const due = and(eq(flashcardStates.userId, userId), lte(flashcardStates.due, now), eq(flashcards.status, 'published'));
  const published = eq(flashcards.id, flashcardStates.flashcardId);
  const [total] = await db.select({ value: count() }).from(flashcardStates).innerJoin(flashcards, published).where(due);
  const rows = await db
    .select(cardColumns)
    .from(flashcardStates)
    .innerJoin(flashcards, published)
    .innerJoin(clinicGuides, eq(clinicGuides.id, flashcards.guideId))
    .where(due)
    .orderBy(asc(flashcardStates.due))
    .limit(limit);
  return { cards: rows.map((row) => toFlashcard(row, now)), totalDue: total?.value ?? 0 };
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

/** How many times an evaluation is tried again when the card's schedule changed between its read and its write. */
const EVALUATE_ATTEMPTS = 10;

/** What the page sends for one grade (the contract's evaluation, without the ignored user id). */
export interface EvaluationInput {
  flashcardId: string;
  flashcardGuideId: string;
  correct: boolean;
  grade?: Grade | undefined;
  timeTakenInSeconds: number;
  /** The device's key for this grade (issue 41): sent twice, it is recorded once. */
  clientKey?: string | undefined;
  /** When a grade given offline was given (ISO); without it, now. */
  gradedAt?: string | undefined;
}

/** When the grade was given: `gradedAt` within the offline window, else a 400 that says why. */
function gradedAtOf(input: EvaluationInput, now: Date): Date {
  if (!input.gradedAt) return now;
  const at = new Date(input.gradedAt);
  if (at.getTime() > now.getTime() + OFFLINE_GRADE_CLOCK_SKEW_MS) {
    throw badRequest('La hora de la calificación está en el futuro. Revisa la fecha y hora de tu teléfono.', 'GRADED_AT_OUT_OF_RANGE');
  }
  if (now.getTime() - at.getTime() > OFFLINE_GRADE_MAX_AGE_DAYS * 86_400_000) {
    throw badRequest(
      `Esta calificación se dio sin conexión hace más de ${OFFLINE_GRADE_MAX_AGE_DAYS} días y ya no se puede guardar.`,
      'GRADED_AT_OUT_OF_RANGE',
    );
  }
  // A phone a little ahead of the server: the grade counts as given now.
  return at.getTime() > now.getTime() ? now : at;
}

/** The grade already recorded under this device key, with the card's schedule as it stands, or null. */
async function recordedUnderKey(db: Db, userId: string, clientKey: string): Promise<EvaluateFlashcardResponse | null> {
  const [row] = await db
    .select({ evaluation: flashcardEvaluations, due: flashcardStates.due })
    .from(flashcardEvaluations)
    .leftJoin(
      flashcardStates,
      and(eq(flashcardStates.userId, flashcardEvaluations.userId), eq(flashcardStates.flashcardId, flashcardEvaluations.flashcardId)),
    )
    .where(and(eq(flashcardEvaluations.userId, userId), eq(flashcardEvaluations.clientKey, clientKey)))
    .limit(1);
  if (!row) return null;
  return { evaluation: toEvaluation(row.evaluation), nextDue: (row.due ?? row.evaluation.createdAt).toISOString() };
}

/**
 * Records the evaluation and moves the card's FSRS schedule: one read of the card and its schedule, then one statement
 * that writes both only if the schedule is still the one read (its row version), else reads again. Two evaluations
 * of one card at once both count, one after the other, as under the row lock this replaces (issue 22: the locked
 * transaction took six round trips).
 *
 * A grade given offline (issue 41) arrives later with its device key and its time: sent again, it is answered with
 * what was recorded; the schedule moves from when it was given. When the card was graded after that on another
 * device, that later grade keeps the schedule and this one only counts in the history and statistics.
 */
export async function evaluateFlashcard(
  db: Db,
  userId: string,
  input: EvaluationInput,
  now = new Date(),
): Promise<EvaluateFlashcardResponse> {
  const gradedAt = gradedAtOf(input, now);
  try {
    return await writeEvaluation(db, userId, input, gradedAt);
  } catch (error) {
    // The same grade arrived before (or at the same time): its key's unique index stopped the whole statement, the
    // schedule included, and the grade recorded then is the answer. No read before the write: grading is a hot path.
    if (input.clientKey && violatedUniqueIndex(error) !== null) {
      const recorded = await recordedUnderKey(db, userId, input.clientKey);
      if (recorded) return recorded;
    }
    throw error;
  }
}

async function writeEvaluation(db: Db, userId: string, input: EvaluationInput, now: Date): Promise<EvaluateFlashcardResponse> {
  for (let attempt = 1; ; attempt++) {
    const [card] = await prepared(db, 'flashcard-to-evaluate', (pdb) =>
      pdb
        .select({
          id: flashcards.id,
          guideId: flashcards.guideId,
          state: flashcardStates,
          version: sql<string | null>`${flashcardStates}.xmin::text`,
        })
        .from(flashcards)
        .leftJoin(
          flashcardStates,
          and(eq(flashcardStates.userId, sql.placeholder('userId')), eq(flashcardStates.flashcardId, flashcards.id)),
        )
        .where(and(eq(flashcards.id, sql.placeholder('flashcardId')), eq(flashcards.status, 'published')))
        .prepare('flashcard_to_evaluate'),
    ).execute({ userId, flashcardId: input.flashcardId });
    if (!card) throw notFound('La flashcard no existe o ya no está disponible.');
    if (card.guideId !== input.flashcardGuideId) throw badRequest('La flashcard no pertenece a esa guía.', 'GUIDE_MISMATCH');

    const state = card.state;
    const grade = input.grade ?? gradeOf(input.correct);
    const correct = isCorrectGrade(grade);
    const clientKey = input.clientKey ?? null;
    /** The evaluation row, whichever way it is written. */
    const recorded = {
      userId,
      flashcardId: card.id,
      guideId: card.guideId,
      correct,
      grade,
      timeTakenInSeconds: input.timeTakenInSeconds,
      clientKey,
      createdAt: now,
    };
    if (state && state.updatedAt.getTime() > now.getTime()) {
      // Graded later on another device: that grade decides the schedule; this one is history (and not undoable).
      const [row] = await db
        .insert(flashcardEvaluations)
        .values({ ...recorded, undo: null })
        .returning();
      return { evaluation: toEvaluation(row!), nextDue: state.due.toISOString() };
    }
    const next = schedule(state?.card ?? null, grade, now);
    const undo = {
      previous: state
        ? { card: state.card, due: state.due.toISOString(), introducedAt: state.introducedAt ? state.introducedAt.toISOString() : null }
        : null,
    };
    const at = now.toISOString();
    const [written] = await preparedSql<{ id: string }>(db, 'evaluate-flashcard', () => {
      const p = (name: string) => sql.placeholder(name);
      // A schedule written by someone else since the read (or created, when there was none) stops both inserts.
      return sql`
        with schedule as (
          insert into ${flashcardStates} (user_id, flashcard_id, guide_id, introduced_at, due, state, card, updated_at)
          values (${p('userId')}, ${p('flashcardId')}, ${p('guideId')}, ${p('at')}::timestamptz, ${p('due')}::timestamptz,
            ${p('state')}::smallint, ${p('card')}::jsonb, ${p('at')}::timestamptz)
          on conflict (user_id, flashcard_id) do update set
            due = excluded.due, state = excluded.state, card = excluded.card, updated_at = excluded.updated_at
            where ${flashcardStates}.xmin::text = ${p('version')}::text
          returning 1
        )
        insert into ${flashcardEvaluations} (user_id, flashcard_id, guide_id, correct, grade, time_taken_seconds, undo, client_key, created_at)
        select ${p('userId')}, ${p('flashcardId')}, ${p('guideId')}, ${p('correct')}::boolean, ${p('grade')}::text,
          ${p('seconds')}::int, ${p('undo')}::jsonb, ${p('clientKey')}::uuid, ${p('at')}::timestamptz
        where exists (select 1 from schedule)
        returning id
      `;
    }).execute({
      userId,
      flashcardId: card.id,
      guideId: card.guideId,
      at,
      due: next.due.toISOString(),
      state: next.state,
      card: JSON.stringify(toStored(next)),
      version: card.version,
      correct,
      grade,
      seconds: input.timeTakenInSeconds,
      undo: JSON.stringify(undo),
      clientKey,
    });
    const id = written?.id;
    if (id) {
      return {
        evaluation: toEvaluation({ id, ...recorded, undo }),
        nextDue: next.due.toISOString(),
      };
    }
    if (attempt >= EVALUATE_ATTEMPTS) throw new AppError('FLASHCARD_BUSY', 409, 'No pudimos guardar tu calificación. Intenta de nuevo.');
  }
}

/** How long after grading a card "Deshacer" still works. */
const UNDO_WINDOW_MS = 30 * 60_000;

/**
 * "Deshacer": takes back the student's latest evaluation (only that one, and only for a while), putting the card's
 * schedule back as it was, or back to new when it was the first time.
 */
export async function undoEvaluation(
  db: Db,
  userId: string,
  evaluationId: string,
  now = new Date(),
): Promise<{ flashcardId: string; due: string | null }> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(flashcardEvaluations)
      .where(eq(flashcardEvaluations.userId, userId))
      .orderBy(desc(flashcardEvaluations.createdAt))
      .limit(1)
      .for('update');
    if (!latest || latest.id !== evaluationId || !latest.undo || now.getTime() - latest.createdAt.getTime() > UNDO_WINDOW_MS) {
      throw badRequest('Solo puedes deshacer tu última calificación, poco después de darla.', 'UNDO_NOT_ALLOWED');
    }
    const where = and(eq(flashcardStates.userId, userId), eq(flashcardStates.flashcardId, latest.flashcardId));
    const previous = latest.undo.previous;
    if (previous) {
      await tx
        .update(flashcardStates)
        .set({
          card: previous.card,
          due: new Date(previous.due),
          state: previous.card.state,
          introducedAt: previous.introducedAt ? new Date(previous.introducedAt) : null,
          updatedAt: now,
        })
        .where(where);
    } else {
      await tx.delete(flashcardStates).where(where);
    }
    await tx.delete(flashcardEvaluations).where(eq(flashcardEvaluations.id, latest.id));
    return { flashcardId: latest.flashcardId, due: previous ? previous.due : null };
  });
}
