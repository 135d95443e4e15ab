import { createEmptyCard, fsrs, generatorParameters, Rating, type Card } from 'ts-fsrs';
import type { StoredFsrsCard } from '../../db/schema/flashcards.ts';

// Fuzz spreads the due dates of long intervals, so cards learned together do not all return on one day.
const scheduler = fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true }));

export function toStored(card: Card): StoredFsrsCard {
  return { ...card, due: card.due.toISOString(), last_review: card.last_review ? card.last_review.toISOString() : null };
}

function fromStored(stored: StoredFsrsCard): Card {
  return { ...stored, due: new Date(stored.due), last_review: stored.last_review ? new Date(stored.last_review) : undefined } as Card;
}

/** An incorrect answer is "Again" and a correct one "Good" (issue: real spaced repetition). */
export function schedule(previous: StoredFsrsCard | null, correct: boolean, now: Date): Card {
  const card = previous ? fromStored(previous) : createEmptyCard(now);
  return scheduler.next(card, now, correct ? Rating.Good : Rating.Again).card;
}
