import { scheduleCard, type Card } from '@galeno/domain/flashcard-scheduler';
import type { Grade } from '@galeno/domain/flashcard-grades';
import type { StoredFsrsCard } from '../../db/schema/flashcards.ts';

export function toStored(card: Card): StoredFsrsCard {
  return { ...card, due: card.due.toISOString(), last_review: card.last_review ? card.last_review.toISOString() : null };
}

export function fromStored(stored: StoredFsrsCard): Card {
  return { ...stored, due: new Date(stored.due), last_review: stored.last_review ? new Date(stored.last_review) : undefined } as Card;
}

/** The student's grade moves the schedule (packages/domain/flashcard-scheduler: FSRS with the early-review rule). */
export function schedule(previous: StoredFsrsCard | null, grade: Grade, now: Date): Card {
  return scheduleCard(previous ? fromStored(previous) : null, grade, now);
}
