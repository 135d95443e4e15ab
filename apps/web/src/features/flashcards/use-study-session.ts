import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  canMark,
  canReveal,
  createQueue,
  currentCardId,
  mark,
  next,
  restart,
  restartRound,
  reveal,
  shouldSave,
  type FlashcardQueue,
  type RandomSource,
} from '@galeno/domain/flashcard-queue';
import { toast } from '../../components/ui/toast';
import { loginPathFor } from '../../lib/redirect-to';
import { saveFlashcardEvaluation, type Flashcard } from './api';
import { SAVE_FAILED_MESSAGE, toFlashcardsFailure } from './flashcards-errors';
import { EVALUATION_SAVED } from './texts';

/** The evaluation contract's ceiling (24 h): a card left open overnight still saves, as "a long time". */
const MAX_TIME_TAKEN_SECONDS = 24 * 3600;

/** Whole seconds from when a card was shown to when it was marked, within what the API accepts. */
export function secondsTaken(shownAtMs: number, markedAtMs: number): number {
  return Math.min(MAX_TIME_TAKEN_SECONDS, Math.max(0, Math.round((markedAtMs - shownAtMs) / 1000)));
}

export interface StudySession {
  queue: FlashcardQueue;
  card: Flashcard | null;
  /** An evaluation is on its way to the server. */
  saving: boolean;
  /** Why the last evaluation could not be saved; the card stays on screen to mark again. */
  saveError: string | null;
  /** The membership ended (403 MEMBERSHIP_EXPIRED on save). */
  expired: boolean;
  /** Counts the transitions, so the page can move focus after each one (and not on first render). */
  step: number;
  reveal: () => boolean;
  evaluate: (correct: boolean) => Promise<void>;
  next: () => void;
  restartRound: () => void;
  restart: () => void;
  dismissError: () => void;
}

/**
 * Runs a study session over `cards` with the domain queue. An evaluation is saved before it is
 * recorded: if the save fails the card stays where it was, with the server's message, to mark again.
 * After a restart nothing is saved (the queue says so).
 */
export function useStudySession(cards: readonly Flashcard[], random: RandomSource = Math.random): StudySession {
  const navigate = useNavigate();
  const location = useLocation();
  const cardsById = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const [queue, setQueue] = useState(() =>
    createQueue(
      cards.map((card) => card.id),
      random,
    ),
  );
  const [shownAt, setShownAt] = useState(() => Date.now());
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  // State updates land after the event; this stops a second click or key press in the meantime.
  const inFlight = useRef(false);

  const cardId = currentCardId(queue);
  const card = cardId === null ? null : (cardsById.get(cardId) ?? null);

  function apply(nextQueue: FlashcardQueue, showsNewCard: boolean): boolean {
    if (nextQueue === queue) return false;
    setQueue(nextQueue);
    setStep((value) => value + 1);
    setSaveError(null);
    if (showsNewCard) setShownAt(Date.now());
    return true;
  }

  async function evaluate(correct: boolean): Promise<void> {
    if (!card || !canMark(queue) || inFlight.current) return;
    setSaveError(null);
    if (shouldSave(queue)) {
      inFlight.current = true;
      setSaving(true);
      try {
        await saveFlashcardEvaluation({
          flashcardId: card.id,
          flashcardGuideId: card.parentGuideId,
          correct,
          timeTakenInSeconds: secondsTaken(shownAt, Date.now()),
        });
      } catch (error) {
        const failure = toFlashcardsFailure(error, SAVE_FAILED_MESSAGE);
        if (failure.kind === 'signed-out') navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
        else if (failure.kind === 'expired') setExpired(true);
        else if (failure.kind === 'message') setSaveError(failure.message);
        return;
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
      toast.success(EVALUATION_SAVED);
    }
    // Nothing else can change the queue while saving, but only ever mark the card that was evaluated.
    setQueue((current) => (currentCardId(current) === card.id ? mark(current, correct) : current));
    setStep((value) => value + 1);
  }

  return {
    queue,
    card,
    saving,
    saveError,
    expired,
    step,
    reveal: () => canReveal(queue) && apply(reveal(queue), false),
    evaluate,
    next: () => void apply(next(queue), true),
    restartRound: () => void apply(restartRound(queue, random), true),
    restart: () => void apply(restart(queue, random), true),
    dismissError: () => setSaveError(null),
  };
}
