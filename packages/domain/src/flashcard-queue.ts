/**
 * The flashcard study session (spec section 4, "Flashcards") as a pure state machine. Pages render its
 * state and call these functions; saving evaluations is their job, and `shouldSave` tells them whether to.
 *
 * A session goes through the queue in passes, like a paper deck:
 * - each card starts on its question; `reveal` shows the answer; `mark` records whether it was known;
 * - a card marked correct leaves the queue; one marked incorrect stays for the next pass;
 * - 'Next' moves on once the current card is evaluated, and never from the last card of a pass;
 * - on the last card a 'restart flashcard' action (`restartRound`) starts the next pass over the cards
 *   still in the queue, reshuffled (the queue is reshuffled on every pass);
 * - when every card has left the queue the session is finished (the congratulation screen);
 * - `restart` (from that screen, "restart the guide") puts every card back, clears the session's progress,
 *   and stops further saving of evaluations: the schedule already has today's answers, and practising
 *   the same cards again must not count as new reviews.
 *
 * Every transition returns the same object when it does not apply, so a double click or a key held
 * down cannot skip a step, and callers can compare by identity to know whether anything happened.
 */

/** A uniform number in [0, 1), like Math.random; injected so tests can fix the order. */
export type RandomSource = () => number;

/** What the current card shows: its question, its answer, or its answer after being marked. */
export type CardPhase = 'question' | 'answer' | 'evaluated';

export interface FlashcardQueue {
  /** Every card of the session, once each, in the order given. */
  readonly cardIds: readonly string[];
  /** This pass: the cards still in the queue when it began, shuffled. */
  readonly round: readonly string[];
  /** Index of the current card in `round`. */
  readonly position: number;
  readonly phase: CardPhase;
  /** How the current card was marked; null until it is. */
  readonly currentCorrect: boolean | null;
  /** Cards marked correct in this session, in that order: they have left the queue. */
  readonly learned: readonly string[];
  /** 1 for the first pass, 2 after the first 'restart flashcard'... */
  readonly pass: number;
  /** False after a restart: evaluations are no longer saved for the rest of the session. */
  readonly savesEvaluations: boolean;
}

/**
 * A session over `cardIds`, its first round in a random order, or in `firstRound` when that is an order of exactly
 * these cards (drawn once by the page's loader, so the page the server draws and the app after it agree).
 */
export function createQueue(cardIds: readonly string[], random: RandomSource, firstRound?: readonly string[]): FlashcardQueue {
  const unique = [...new Set(cardIds)];
  const given =
    firstRound !== undefined &&
    firstRound.length === unique.length &&
    new Set(firstRound).size === unique.length &&
    firstRound.every((id) => unique.includes(id));
  return {
    cardIds: unique,
    round: given ? [...firstRound] : shuffle(unique, random),
    position: 0,
    phase: 'question',
    currentCorrect: null,
    learned: [],
    pass: 1,
    savesEvaluations: true,
  };
}

// Selectors.

/** The card on screen; null when the session has no cards or is finished. */
export function currentCardId(queue: FlashcardQueue): string | null {
  if (isFinished(queue)) return null;
  return queue.round[queue.position] ?? null;
}

/** Cards still in the queue (not yet marked correct). */
export function remainingCount(queue: FlashcardQueue): number {
  return queue.cardIds.length - queue.learned.length;
}

export function learnedCount(queue: FlashcardQueue): number {
  return queue.learned.length;
}

/** Every card has left the queue. A session without cards is never finished: it is empty. */
export function isFinished(queue: FlashcardQueue): boolean {
  return queue.cardIds.length > 0 && remainingCount(queue) === 0;
}

export function isLastCard(queue: FlashcardQueue): boolean {
  return queue.round.length > 0 && queue.position === queue.round.length - 1;
}

export function canReveal(queue: FlashcardQueue): boolean {
  return currentCardId(queue) !== null && queue.phase === 'question';
}

/** Marking needs the answer on screen, and happens once per showing of a card. */
export function canMark(queue: FlashcardQueue): boolean {
  return currentCardId(queue) !== null && queue.phase === 'answer';
}

/** 'Next' is enabled once the current card is evaluated, and never on the last card of a pass. */
export function canGoNext(queue: FlashcardQueue): boolean {
  return queue.phase === 'evaluated' && !isLastCard(queue) && !isFinished(queue);
}

/** 'Restart flashcard' shows on the last card; it starts the next pass once that card is evaluated. */
export function canRestartRound(queue: FlashcardQueue): boolean {
  return isLastCard(queue) && queue.phase === 'evaluated' && !isFinished(queue);
}

/** Whether an evaluation made now is to be saved: until the session is restarted. */
export function shouldSave(queue: FlashcardQueue): boolean {
  return queue.savesEvaluations;
}

// Transitions.

export function reveal(queue: FlashcardQueue): FlashcardQueue {
  return canReveal(queue) ? { ...queue, phase: 'answer' } : queue;
}

/** Records the evaluation of the current card: a correct card leaves the queue, an incorrect one stays. */
export function mark(queue: FlashcardQueue, correct: boolean): FlashcardQueue {
  const cardId = currentCardId(queue);
  if (cardId === null || !canMark(queue)) return queue;
  return {
    ...queue,
    phase: 'evaluated',
    currentCorrect: correct,
    learned: correct ? [...queue.learned, cardId] : queue.learned,
  };
}

export function next(queue: FlashcardQueue): FlashcardQueue {
  if (!canGoNext(queue)) return queue;
  return { ...queue, position: queue.position + 1, phase: 'question', currentCorrect: null };
}

/** 'Restart flashcard': the next pass over the cards still in the queue, in a new order. */
export function restartRound(queue: FlashcardQueue, random: RandomSource): FlashcardQueue {
  if (!canRestartRound(queue)) return queue;
  const learned = new Set(queue.learned);
  const remaining = queue.cardIds.filter((id) => !learned.has(id));
  return {
    ...queue,
    round: shuffleAvoidingFirst(remaining, random, queue.round[queue.position]),
    position: 0,
    phase: 'question',
    currentCorrect: null,
    pass: queue.pass + 1,
  };
}

/**
 * One tap (the four grades): records the current card's evaluation and moves on at once: to the next card, to
 * the next pass over the cards still in the queue (what 'Reiniciar flashcard' did by hand), or to the end.
 */
export function gradeAndAdvance(queue: FlashcardQueue, correct: boolean, random: RandomSource): FlashcardQueue {
  const marked = mark(queue, correct);
  if (marked === queue || isFinished(marked)) return marked;
  return isLastCard(marked) ? restartRound(marked, random) : next(marked);
}

/** Restart the guide: every card back in the queue, progress cleared, and no more saving. */
export function restart(queue: FlashcardQueue, random: RandomSource): FlashcardQueue {
  if (queue.cardIds.length === 0) return queue;
  return {
    cardIds: queue.cardIds,
    round: shuffleAvoidingFirst(queue.cardIds, random, queue.round[queue.position]),
    position: 0,
    phase: 'question',
    currentCorrect: null,
    learned: [],
    pass: 1,
    savesEvaluations: false,
  };
}

// Shuffling.

/** A uniformly shuffled copy (Fisher–Yates). Values of `random` outside [0, 1) are clamped. */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1, random);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * A shuffle whose first card is not `previous`, when there is another card to show: the card just
 * marked wrong at the end of a pass must not come straight back as the first one of the next.
 */
function shuffleAvoidingFirst(items: readonly string[], random: RandomSource, previous: string | undefined): string[] {
  const result = shuffle(items, random);
  if (result.length > 1 && result[0] === previous) {
    const j = 1 + randomIndex(result.length - 1, random);
    [result[0], result[j]] = [result[j] as string, result[0] as string];
  }
  return result;
}

/** An integer in [0, size). */
function randomIndex(size: number, random: RandomSource): number {
  const value = random();
  const unit = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1 - Number.EPSILON) : 0;
  return Math.floor(unit * size);
}
