import type {
  ClinicGuide,
  ClinicGuideWithProgress,
  Flashcard,
  ReviewToday,
} from '@galeno/domain/contracts/flashcards';
import { api } from '../../lib/api';
import { gradeOutbox } from './grade-outbox';

/*
 * The flashcard calls (spec section 7, "Flashcards"). Types come from the shared contract; `import type`
 * keeps zod out of the page chunks, and the server validates and serialises every response with it.
 * The user is always the session's own (cookie), so no call sends a user id.
 */

export type { ClinicGuide, ClinicGuideWithProgress, Flashcard, ReviewToday };

/** Every guide with this user's figures (due today, new cards, progress). */
export function fetchClinicGuides(signal?: AbortSignal): Promise<ClinicGuideWithProgress[]> {
  return api.flashcards.guides({ signal });
}

/** 404 for an unknown guide. */
export function fetchClinicGuide(guideId: string, signal?: AbortSignal): Promise<ClinicGuide> {
  return api.flashcards.guide({ params: { guideId }, signal });
}

/**
 * The guide's session as the schedule decides: the cards due now, then today's new ones; with `all` ("Repasar de
 * todos modos") every card. 403 MEMBERSHIP_EXPIRED when access ended.
 */
export async function fetchGuideFlashcards(guideId: string, signal?: AbortSignal, { all = false } = {}): Promise<Flashcard[]> {
  const cards = await api.flashcards.guideCards({ params: { guideId }, query: all ? { all: '1' } : {}, signal });
  if (all) return cards;
  // Read without signal, the list is the one kept from before this phone's latest grades (issue 41).
  const graded = await gradeOutbox.notDueYet(cards.map((card) => card.id));
  return graded.size === 0 ? cards : cards.filter((card) => !graded.has(card.id));
}

/** The review of the day: due cards across every guide (the most urgent ones), and how many are due in all. */
export async function fetchReviewToday(signal?: AbortSignal): Promise<ReviewToday> {
  const review = await api.flashcards.reviewToday({ signal });
  const graded = await gradeOutbox.notDueYet(review.cards.map((card) => card.id));
  if (graded.size === 0) return review;
  return { cards: review.cards.filter((card) => !graded.has(card.id)), totalDue: Math.max(0, review.totalDue - graded.size) };
}

/** "Deshacer": takes back the latest evaluation and puts the card's schedule back as it was. */
export function undoFlashcardEvaluation(evaluationId: string): Promise<{ flashcardId: string; due: string | null }> {
  return api.flashcards.undoEvaluation({ params: { evaluationId } });
}
