/**
 * The FSRS wrapper (ts-fsrs) every layer schedules with: the student's grade and the real elapsed time, with
 * learning steps for new and lapsed cards. One rule on top of FSRS: a card graded before it is due (a second
 * tab, a restart, "Repasar de todos modos") is never pushed further out by a passing grade; only "Otra vez"
 * reschedules it. So five quick "Bien" on a new card leave it where one on-time "Bien" put it.
 */

import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade as FsrsGrade } from 'ts-fsrs';
import type { Grade } from './flashcard-grades.ts';

export type { Card };

const RATINGS: Record<Grade, FsrsGrade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

// Fuzz spreads the due dates of long intervals, so cards learned together do not all return on one day.
const scheduler = fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true }));
// The interval preview on the buttons must not jitter between renders: it is computed without fuzz.
const previewer = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));

export function newCard(now: Date): Card {
  return createEmptyCard(now);
}

/** The card after `grade` at `now`; a passing grade before the card is due leaves its schedule as it is. */
export function scheduleCard(previous: Card | null, grade: Grade, now: Date): Card {
  const card: Card = previous ?? createEmptyCard<Card>(now);
  if (previous && grade !== 'again' && now.getTime() < previous.due.getTime()) return previous;
  return scheduler.next(card, now, RATINGS[grade]).card;
}

/** How far out each grade would schedule the card now (milliseconds), for the buttons' labels. */
export function previewIntervals(previous: Card | null, now: Date): Record<Grade, number> {
  const card: Card = previous ?? createEmptyCard<Card>(now);
  const preview = previewer.repeat(card, now);
  const early = previous !== null && now.getTime() < previous.due.getTime();
  const after = (grade: Grade) =>
    (early && grade !== 'again' ? previous!.due.getTime() : preview[RATINGS[grade]].card.due.getTime()) - now.getTime();
  return { again: after('again'), hard: after('hard'), good: after('good'), easy: after('easy') };
}
