import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  canMark,
  canReveal,
  createQueue,
  currentCardId,
  gradeAndAdvance,
  restart,
  reveal,
  shouldSave,
  type FlashcardQueue,
  type RandomSource,
} from '@galeno/domain/flashcard-queue';
import { isCorrectGrade, type Grade } from '@galeno/domain/flashcard-grades';
import { loginPathFor } from '../../lib/redirect-to';
import { useRequiredUser } from '../../lib/session';
import { undoFlashcardEvaluation, type Flashcard } from './api';
import { gradeOutbox as defaultOutbox, type GradeOutbox } from './grade-outbox';
import { useWaitingCount } from '../../lib/use-waiting-count';
import { SAVE_FAILED_MESSAGE, toFlashcardsFailure } from './flashcards-errors';

export const UNDO_FAILED_MESSAGE = 'No pudimos deshacer la calificación. Intenta nuevamente.';

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
  /** At least one evaluation was saved this session ('Evaluación guardada', said once). */
  savedOnce: boolean;
  /** Grades kept on the phone until the signal returns (issue 41). */
  queuedCount: number;
  /** Card id → when the server scheduled it next (ISO), for the cards graded and saved in this session. */
  nextDue: ReadonlyMap<string, string>;
  /** The last grade can be taken back ("Deshacer"). */
  canUndo: boolean;
  reveal: () => boolean;
  /** One tap: saves the grade and moves on to the next card. */
  grade: (grade: Grade) => Promise<void>;
  undo: () => Promise<void>;
  restart: () => void;
  dismissError: () => void;
}

/**
 * Runs a study session over `cards` with the domain queue. An evaluation is saved before it is
 * recorded: if the save fails the card stays where it was, with the server's message, to mark again.
 * After a restart nothing is saved (the queue says so).
 */
export function useStudySession(
  cards: readonly Flashcard[],
  random: RandomSource = Math.random,
  outbox: GradeOutbox = defaultOutbox,
  /** The first round's order, drawn by the page's loader (the same on the server's page and in the app). */
  order?: readonly string[],
): StudySession {
  const { id: userId } = useRequiredUser();
  const navigate = useNavigate();
  const location = useLocation();
  const cardsById = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const [queue, setQueue] = useState(() =>
    createQueue(
      cards.map((card) => card.id),
      random,
      order,
    ),
  );
  const [shownAt, setShownAt] = useState(() => Date.now());
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const queuedCount = useWaitingCount(outbox, userId);
  /**
   * What "Deshacer" puts back: the queue before the last grade, and the grade to take back: saved (its evaluation) or
   * waiting on the phone (its key), or neither after a restart.
   */
  const [lastGrade, setLastGrade] = useState<{
    before: FlashcardQueue;
    evaluationId: string | null;
    queuedKey: string | null;
    nextDueBefore: ReadonlyMap<string, string>;
  } | null>(null);
  /** Each saved card's next due time, as the server scheduled it: whether some come back later today. */
  const [nextDue, setNextDue] = useState<ReadonlyMap<string, string>>(() => new Map());
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

  function failed(error: unknown, fallback: string) {
    const failure = toFlashcardsFailure(error, fallback);
    if (failure.kind === 'signed-out') navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
    else if (failure.kind === 'expired') setExpired(true);
    else if (failure.kind === 'message') setSaveError(failure.message);
  }

  /** One call to the server at a time: the buttons say "Guardando..." meanwhile; null when it failed (and said why). */
  async function whileSaving<T>(call: () => Promise<T>, fallbackMessage: string): Promise<T | null> {
    inFlight.current = true;
    setSaving(true);
    try {
      return await call();
    } catch (error) {
      failed(error, fallbackMessage);
      return null;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  async function grade(value: Grade): Promise<void> {
    if (!card || !canMark(queue) || inFlight.current) return;
    setSaveError(null);
    const correct = isCorrectGrade(value);
    let evaluationId: string | null = null;
    let queuedKey: string | null = null;
    let scheduled: string | null = null;
    if (shouldSave(queue)) {
      const result = await whileSaving(
        () =>
          outbox.submit(
            userId,
            {
              flashcardId: card.id,
              flashcardGuideId: card.parentGuideId,
              correct,
              grade: value,
              timeTakenInSeconds: secondsTaken(shownAt, Date.now()),
            },
            // Without signal the card falls due as the server would have scheduled it (the interval it showed).
            (gradedAt) => new Date(gradedAt.getTime() + card.intervals[value]),
          ),
        SAVE_FAILED_MESSAGE,
      );
      if (!result) return;
      if (result.kind === 'saved') {
        evaluationId = result.response.evaluation.id;
        scheduled = result.response.nextDue;
        setSavedOnce(true);
      } else {
        queuedKey = result.key;
        scheduled = result.nextDue;
      }
    }
    const before = queue;
    // Nothing else can change the queue while saving, but only ever grade the card that was evaluated.
    if (currentCardId(before) !== card.id) return;
    setLastGrade({ before, evaluationId, queuedKey, nextDueBefore: nextDue });
    if (scheduled) setNextDue(new Map(nextDue).set(card.id, scheduled));
    apply(gradeAndAdvance(before, correct, random), true);
  }

  async function undo(): Promise<void> {
    if (!lastGrade || inFlight.current) return;
    const { queuedKey } = lastGrade;
    // A grade still on the phone is simply taken off; one that went out meanwhile is undone on the server.
    const withdrawn = queuedKey !== null && (await outbox.withdraw(queuedKey));
    const evaluationId = lastGrade.evaluationId ?? (queuedKey && !withdrawn ? (outbox.sentAs(queuedKey) ?? null) : null);
    if (evaluationId && !(await whileSaving(() => undoFlashcardEvaluation(evaluationId), UNDO_FAILED_MESSAGE))) return;
    await outbox.forgetDue(currentCardId(lastGrade.before) ?? '');
    // Back to the card just graded, with its answer shown, to grade it again.
    apply(lastGrade.before, true);
    setNextDue(lastGrade.nextDueBefore);
    setLastGrade(null);
  }

  return {
    queue,
    card,
    saving,
    saveError,
    expired,
    step,
    savedOnce,
    queuedCount,
    nextDue,
    canUndo: lastGrade !== null && !saving,
    reveal: () => canReveal(queue) && apply(reveal(queue), false),
    grade,
    undo,
    restart: () => {
      setLastGrade(null);
      apply(restart(queue, random), true);
    },
    dismissError: () => setSaveError(null),
  };
}
