import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canGoNext,
  canMark,
  canRestartRound,
  canReveal,
  createQueue,
  currentCardId,
  gradeAndAdvance,
  isFinished,
  isLastCard,
  learnedCount,
  mark,
  next,
  remainingCount,
  restart,
  restartRound,
  reveal,
  shouldSave,
  shuffle,
} from './flashcard-queue.ts';
import type { FlashcardQueue, RandomSource } from './flashcard-queue.ts';

/** Always 0: Fisher–Yates then swaps each last item with the first, a fixed and easy-to-follow order. */
const zero: RandomSource = () => 0;
/** Always just under 1: Fisher–Yates swaps nothing, so the order stays as given. */
const keep: RandomSource = () => 0.999_999;

/** A small deterministic generator, so properties can draw many numbers from one seed. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const ids = (count: number) => Array.from({ length: count }, (_, i) => `c${i + 1}`);

/** Reveal and mark the current card. */
function answer(queue: FlashcardQueue, correct: boolean): FlashcardQueue {
  return mark(reveal(queue), correct);
}

describe('createQueue', () => {
  it('starts on the question of the first card of a shuffled first pass, saving evaluations', () => {
    const queue = createQueue(ids(3), keep);
    expect(queue.round).toEqual(['c1', 'c2', 'c3']);
    expect(currentCardId(queue)).toBe('c1');
    expect(queue.phase).toBe('question');
    expect(queue.pass).toBe(1);
    expect(remainingCount(queue)).toBe(3);
    expect(shouldSave(queue)).toBe(true);
    expect(isFinished(queue)).toBe(false);
  });

  it('shuffles with the injected random source', () => {
    expect(createQueue(ids(4), zero).round).toEqual(shuffle(ids(4), zero));
    expect(createQueue(ids(4), zero).round).not.toEqual(ids(4));
  });

  it('takes a first round drawn elsewhere when it orders exactly these cards, and shuffles otherwise', () => {
    expect(createQueue(['a', 'b', 'c'], zero, ['c', 'a', 'b']).round).toEqual(['c', 'a', 'b']);
    // Not the same cards (one missing, one unknown, one twice): the order is drawn here instead.
    for (const firstRound of [
      ['c', 'a'],
      ['c', 'a', 'x'],
      ['c', 'c', 'a'],
    ]) {
      expect(createQueue(['a', 'b', 'c'], zero, firstRound).round).toEqual(shuffle(['a', 'b', 'c'], zero));
    }
  });

  it('keeps each card once', () => {
    const queue = createQueue(['a', 'b', 'a'], keep);
    expect(queue.cardIds).toEqual(['a', 'b']);
    expect(remainingCount(queue)).toBe(2);
  });

  it('with no cards is empty: no current card, nothing to do, and not finished', () => {
    const queue = createQueue([], keep);
    expect(currentCardId(queue)).toBeNull();
    expect(canReveal(queue) || canMark(queue) || canGoNext(queue) || canRestartRound(queue)).toBe(false);
    expect(isFinished(queue)).toBe(false);
    expect(restart(queue, keep)).toBe(queue);
  });
});

describe('reveal', () => {
  it('shows the answer of the card on screen, once', () => {
    const queue = reveal(createQueue(ids(2), keep));
    expect(queue.phase).toBe('answer');
    expect(currentCardId(queue)).toBe('c1');
    expect(reveal(queue)).toBe(queue);
  });
});

describe('mark', () => {
  it('needs the answer on screen first', () => {
    const queue = createQueue(ids(2), keep);
    expect(canMark(queue)).toBe(false);
    expect(mark(queue, true)).toBe(queue);
  });

  it('records a correct card, which leaves the queue', () => {
    const queue = answer(createQueue(ids(3), keep), true);
    expect(queue.phase).toBe('evaluated');
    expect(queue.currentCorrect).toBe(true);
    expect(queue.learned).toEqual(['c1']);
    expect(remainingCount(queue)).toBe(2);
  });

  it('records an incorrect card, which stays in the queue', () => {
    const queue = answer(createQueue(ids(3), keep), false);
    expect(queue.phase).toBe('evaluated');
    expect(queue.currentCorrect).toBe(false);
    expect(queue.learned).toEqual([]);
    expect(remainingCount(queue)).toBe(3);
  });

  it('happens once per showing of a card', () => {
    const queue = answer(createQueue(ids(3), keep), false);
    expect(mark(queue, true)).toBe(queue);
  });
});

describe('next', () => {
  it('is enabled only after evaluating', () => {
    let queue = createQueue(ids(3), keep);
    expect(canGoNext(queue)).toBe(false);
    expect(next(queue)).toBe(queue);
    queue = reveal(queue);
    expect(canGoNext(queue)).toBe(false);
    queue = mark(queue, false);
    expect(canGoNext(queue)).toBe(true);

    queue = next(queue);
    expect(currentCardId(queue)).toBe('c2');
    expect(queue.phase).toBe('question');
    expect(queue.currentCorrect).toBeNull();
  });

  it('is never enabled on the last card, where restarting the flashcards is offered instead', () => {
    let queue = createQueue(ids(2), keep);
    queue = next(answer(queue, false));
    expect(isLastCard(queue)).toBe(true);
    queue = answer(queue, false);
    expect(canGoNext(queue)).toBe(false);
    expect(next(queue)).toBe(queue);
    expect(canRestartRound(queue)).toBe(true);
  });

  it('treats a single card as the last one', () => {
    const queue = answer(createQueue(['only'], keep), false);
    expect(isLastCard(queue)).toBe(true);
    expect(canGoNext(queue)).toBe(false);
  });
});

describe('restartRound (restart flashcard)', () => {
  it('waits for the last card to be evaluated', () => {
    let queue = createQueue(ids(2), keep);
    expect(canRestartRound(queue)).toBe(false);
    queue = next(answer(queue, true));
    expect(isLastCard(queue)).toBe(true);
    expect(canRestartRound(queue)).toBe(false);
    expect(restartRound(queue, keep)).toBe(queue);
  });

  it('starts the next pass over the cards still in the queue, reshuffled, keeping progress and saving', () => {
    let queue = createQueue(ids(4), keep);
    queue = next(answer(queue, true)); // c1 learned
    queue = next(answer(queue, false)); // c2 stays
    queue = next(answer(queue, true)); // c3 learned
    queue = answer(queue, false); // c4 stays
    queue = restartRound(queue, zero);

    expect(queue.pass).toBe(2);
    expect(queue.position).toBe(0);
    expect(queue.phase).toBe('question');
    expect([...queue.round].sort()).toEqual(['c2', 'c4']);
    expect(queue.learned).toEqual(['c1', 'c3']);
    expect(remainingCount(queue)).toBe(2);
    expect(shouldSave(queue)).toBe(true);
  });

  it('does not open the next pass with the card just seen', () => {
    // `zero` orders the first pass c2, c1; `keep` would then open the second with c1, the card just seen.
    let queue = createQueue(['c1', 'c2'], zero);
    expect(queue.round).toEqual(['c2', 'c1']);
    queue = next(answer(queue, false));
    queue = restartRound(answer(queue, false), keep);
    expect(queue.round).toEqual(['c2', 'c1']);
  });

  it('may open the next pass with any other card', () => {
    let queue = createQueue(['c1', 'c2'], keep);
    queue = next(answer(queue, false));
    queue = restartRound(answer(queue, false), keep);
    expect(queue.round).toEqual(['c1', 'c2']);
  });

  it('shows a single remaining card again', () => {
    let queue = answer(createQueue(['only'], keep), false);
    queue = restartRound(queue, keep);
    expect(currentCardId(queue)).toBe('only');
    expect(queue.phase).toBe('question');
    expect(queue.pass).toBe(2);
  });
});

describe('finishing', () => {
  it('is finished when every card has been marked correct', () => {
    let queue = createQueue(ids(2), keep);
    queue = next(answer(queue, true));
    expect(isFinished(queue)).toBe(false);
    queue = answer(queue, true);
    expect(isFinished(queue)).toBe(true);
    expect(currentCardId(queue)).toBeNull();
    expect(canGoNext(queue) || canRestartRound(queue) || canReveal(queue) || canMark(queue)).toBe(false);
    expect(learnedCount(queue)).toBe(2);
  });

  it('takes as many passes as the cards need', () => {
    let queue = createQueue(ids(2), keep);
    queue = next(answer(queue, false));
    queue = restartRound(answer(queue, true), keep);
    expect(queue.round).toHaveLength(1);
    queue = answer(queue, true);
    expect(isFinished(queue)).toBe(true);
    expect(queue.pass).toBe(2);
  });
});

describe('restart (restart the guide)', () => {
  it('puts every card back, clears progress and stops saving', () => {
    let queue = createQueue(ids(3), keep);
    queue = next(answer(queue, true));
    queue = next(answer(queue, true));
    queue = answer(queue, true);
    expect(isFinished(queue)).toBe(true);

    queue = restart(queue, seeded(7));
    expect(isFinished(queue)).toBe(false);
    expect(queue.learned).toEqual([]);
    expect(remainingCount(queue)).toBe(3);
    expect([...queue.round].sort()).toEqual(ids(3));
    expect(queue.pass).toBe(1);
    expect(queue.phase).toBe('question');
    expect(shouldSave(queue)).toBe(false);
  });

  it('keeps saving off for the rest of the session', () => {
    let queue = restart(createQueue(ids(2), keep), keep);
    queue = next(answer(queue, false));
    queue = restartRound(answer(queue, true), keep);
    expect(shouldSave(queue)).toBe(false);
    queue = restart(queue, keep);
    expect(shouldSave(queue)).toBe(false);
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves its input alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        const copy = [...items];
        const result = shuffle(items, seeded(seed));
        expect(items).toEqual(copy);
        expect([...result].sort()).toEqual([...items].sort());
      }),
    );
  });

  it('copes with a random source outside [0, 1)', () => {
    for (const value of [1, 2, -1, Number.NaN]) expect([...shuffle(ids(5), () => value)].sort()).toEqual(ids(5));
  });
});

/*
 * Properties over any session: a model of a person who studies, with every action (including ones that
 * do not apply right now) drawn at random, and the queue checked after each step.
 */
type Action = { type: 'reveal' } | { type: 'mark'; correct: boolean } | { type: 'next' } | { type: 'restartRound' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ type: 'reveal' as const }),
  fc.boolean().map((correct) => ({ type: 'mark' as const, correct })),
  fc.constant({ type: 'next' as const }),
  fc.constant({ type: 'restartRound' as const }),
);

function apply(queue: FlashcardQueue, action: Action, random: RandomSource): FlashcardQueue {
  switch (action.type) {
    case 'reveal':
      return reveal(queue);
    case 'mark':
      return mark(queue, action.correct);
    case 'next':
      return next(queue);
    case 'restartRound':
      return restartRound(queue, random);
  }
}

const deckArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });

describe('queue properties', () => {
  it('never loses an incorrect card, and a correct card never comes back', () => {
    fc.assert(
      fc.property(deckArb, fc.array(actionArb, { maxLength: 200 }), fc.integer(), (deck, actions, seed) => {
        const random = seeded(seed);
        let queue = createQueue(deck, random);
        const everLearned = new Set<string>();
        for (const action of actions) {
          const before = queue;
          const cardId = currentCardId(queue);
          queue = apply(queue, action, random);

          // A card marked correct has left the queue; one marked incorrect is still in it.
          if (action.type === 'mark' && queue !== before && cardId !== null) {
            expect(queue.learned.includes(cardId)).toBe(action.correct);
          }
          for (const id of queue.learned) everLearned.add(id);
          const learned = new Set(queue.learned);
          expect(learned.size).toBe(queue.learned.length);
          // Learned cards stay learned (no restart happens here) and no pass ever shows them again.
          expect([...everLearned].every((id) => learned.has(id))).toBe(true);
          if (queue.position === 0 && queue.phase === 'question' && queue.pass > 1) {
            expect(queue.round.some((id) => learned.has(id))).toBe(false);
          }
          // Every card still in the queue is in this pass: none is lost.
          const inRound = new Set(queue.round);
          expect(queue.cardIds.filter((id) => !learned.has(id)).every((id) => inRound.has(id))).toBe(true);
          expect(inRound.size).toBe(queue.round.length);
          expect(remainingCount(queue) + learnedCount(queue)).toBe(deck.length);
          expect(shouldSave(queue)).toBe(true);
        }
      }),
    );
  });

  it('finishes once every card has been marked correct, whatever the answers before', () => {
    fc.assert(
      fc.property(deckArb, fc.infiniteStream(fc.boolean()), fc.integer(), (deck, answers, seed) => {
        const random = seeded(seed);
        const misses = new Map<string, number>();
        let queue = createQueue(deck, random);
        let steps = 0;
        while (!isFinished(queue)) {
          const cardId = currentCardId(queue) as string;
          // Someone who always gets a card right after at most three misses.
          const missed = misses.get(cardId) ?? 0;
          const correct = missed >= 3 || answers.next().value;
          if (!correct) misses.set(cardId, missed + 1);
          queue = answer(queue, correct);
          if (!isFinished(queue)) queue = canGoNext(queue) ? next(queue) : restartRound(queue, random);
          steps += 1;
          expect(steps).toBeLessThanOrEqual(deck.length * 4);
        }
        expect([...queue.learned].sort()).toEqual([...deck].sort());
        expect(currentCardId(queue)).toBeNull();
      }),
    );
  });

  it('shows every card still in the queue exactly once per pass', () => {
    fc.assert(
      fc.property(deckArb, fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), fc.integer(), (deck, answers, seed) => {
        const random = seeded(seed);
        let queue = createQueue(deck, random);
        let seen: string[] = [];
        let inQueueAtStart = [...deck];
        for (const correct of answers) {
          if (isFinished(queue)) break;
          seen.push(currentCardId(queue) as string);
          queue = answer(queue, correct);
          if (isFinished(queue) || canRestartRound(queue)) {
            expect([...seen].sort()).toEqual([...inQueueAtStart].sort());
            if (isFinished(queue)) break;
            queue = restartRound(queue, random);
            seen = [];
            inQueueAtStart = [...queue.round];
          } else {
            queue = next(queue);
          }
        }
      }),
    );
  });

  it('after a restart, saves nothing more whatever happens next', () => {
    fc.assert(
      fc.property(deckArb, fc.array(actionArb, { maxLength: 80 }), fc.integer(), (deck, actions, seed) => {
        const random = seeded(seed);
        let queue = restart(createQueue(deck, random), random);
        expect(remainingCount(queue)).toBe(deck.length);
        for (const action of actions) {
          queue = apply(queue, action, random);
          expect(shouldSave(queue)).toBe(false);
        }
      }),
    );
  });
});

describe('gradeAndAdvance (one tap)', () => {
  const first = () => 0.999_999;
  it('moves to the next card, starts the next pass after the last one, and finishes when every card left', () => {
    let queue = reveal(createQueue(['a', 'b'], first));
    queue = gradeAndAdvance(queue, false, first);
    expect(currentCardId(queue)).toBe('b');
    expect(queue.phase).toBe('question');
    queue = gradeAndAdvance(reveal(queue), true, first);
    // 'a' was wrong: a second pass starts by itself with it.
    expect(queue.pass).toBe(2);
    expect(currentCardId(queue)).toBe('a');
    queue = gradeAndAdvance(reveal(queue), true, first);
    expect(isFinished(queue)).toBe(true);
  });

  it('does nothing before the answer is shown', () => {
    const queue = createQueue(['a'], first);
    expect(gradeAndAdvance(queue, true, first)).toBe(queue);
  });
});
