import type {
  ClinicGuide,
  ClinicGuideWithProgress,
  EvaluateFlashcardBody,
  EvaluateFlashcardResponse,
  Flashcard,
  ReviewToday,
} from '@galeno/domain/contracts/flashcards';
import { api } from '../../lib/api';

/*
 * The flashcard calls (spec section 7, "Flashcards"). Types come from the shared contract; `import type`
 * keeps zod out of the page chunks, and the server validates and serialises every response with it.
 * The user is always the session's own (cookie), so no call sends a user id.
 */

export type { ClinicGuide, ClinicGuideWithProgress, Flashcard, ReviewToday };
export type FlashcardEvaluationInput = EvaluateFlashcardBody['evaluation'];

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
export function fetchGuideFlashcards(guideId: string, signal?: AbortSignal, { all = false } = {}): Promise<Flashcard[]> {
  return api.flashcards.guideCards({ params: { guideId }, query: all ? { all: '1' } : {}, signal });
}

/** The review of the day: due cards across every guide (the most urgent ones), and how many are due in all. */
export function fetchReviewToday(signal?: AbortSignal): Promise<ReviewToday> {
  return api.flashcards.reviewToday({ signal });
}

/** "Deshacer": takes back the latest evaluation and puts the card's schedule back as it was. */
export function undoFlashcardEvaluation(evaluationId: string): Promise<{ flashcardId: string; due: string | null }> {
  return api.flashcards.undoEvaluation({ params: { evaluationId } });
}

/** Records one evaluation and moves the card's spaced-repetition schedule. */
export function saveFlashcardEvaluation(evaluation: FlashcardEvaluationInput): Promise<EvaluateFlashcardResponse> {
  const body: EvaluateFlashcardBody = { evaluation };
  return api.flashcards.evaluate({ body });
}
