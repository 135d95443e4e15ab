import { describe, expect, it } from 'vitest';
import {
  isLocked,
  paletteOf,
  sittingReducer,
  startSitting,
  unansweredInPart,
  unsavedAnswers,
  type SittingState,
} from './simulacro-sitting.ts';

const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
const twoParts = [
  { from: 0, to: 3 },
  { from: 3, to: 6 },
];

function sitting(overrides: Partial<Parameters<typeof startSitting>[0]> = {}): SittingState {
  return startSitting({ questionIds: ids, parts: twoParts, part: 0, status: 'en-curso', saved: [], ...overrides });
}

describe('a simulacro sitting on the page', () => {
  it('opens at the first unanswered question of its part, with this device’s unsaved answers over the server’s', () => {
    const state = sitting({
      saved: [
        { questionId: 'q1', selectedIndex: 0 },
        { questionId: 'q2', selectedIndex: 1 },
      ],
      pending: { q2: 3, gone: 1 },
    });
    expect(state.index).toBe(2);
    expect(state.selections).toEqual({ q1: 0, q2: 3 });
    expect(unsavedAnswers(state)).toEqual([{ questionId: 'q2', optionSelectedIndex: 3 }]);
    expect(sitting({ part: 1 }).index).toBe(3);
    // The question the student was on, kept by the server, wins when it is in the part.
    expect(sitting({ position: 1 }).index).toBe(1);
    expect(sitting({ position: 4 }).index).toBe(0);
  });

  it('unfolds a case as the exam does: its next question opens once the one before has an answer', () => {
    // q1–q3 are one case, q4 a single question, q5–q6 another case.
    const caseOf = ['c1', 'c1', 'c1', null, 'c2', 'c2'];
    let state = sitting({ parts: [{ from: 0, to: 6 }], caseOf });
    expect(isLocked(state, 1)).toBe(true);
    expect(isLocked(state, 3)).toBe(false);
    expect(isLocked(state, 4)).toBe(false);
    expect(sittingReducer(state, { type: 'next' })).toBe(state);
    expect(sittingReducer(state, { type: 'go', index: 2 })).toBe(state);
    // Another case, or a single question, stays reachable.
    expect(sittingReducer(state, { type: 'go', index: 4 }).index).toBe(4);
    state = sittingReducer(state, { type: 'select', questionId: 'q1', option: 0 });
    expect(paletteOf(state, new Set()).map((entry) => entry.locked)).toEqual([false, false, true, false, false, true]);
    state = sittingReducer(state, { type: 'next' });
    expect(state.index).toBe(1);
    // Going back is always allowed, and a saved position behind a lock reopens at the part's first open question.
    expect(sittingReducer(state, { type: 'previous' }).index).toBe(0);
    expect(sitting({ parts: [{ from: 0, to: 6 }], caseOf, position: 2 }).index).toBe(0);
  });

  it('moves freely inside the current part only, and a step that does not apply changes nothing', () => {
    let state = sitting();
    expect(sittingReducer(state, { type: 'previous' })).toBe(state);
    state = sittingReducer(state, { type: 'go', index: 2 });
    expect(state.index).toBe(2);
    expect(sittingReducer(state, { type: 'next' })).toBe(state);
    expect(sittingReducer(state, { type: 'go', index: 4 })).toBe(state);
    expect(sittingReducer(state, { type: 'previous' }).index).toBe(1);
  });

  it('keeps a choice unsaved until the server confirms that same choice', () => {
    let state = sitting();
    state = sittingReducer(state, { type: 'select', questionId: 'q1', option: 2 });
    expect(sittingReducer(state, { type: 'select', questionId: 'q1', option: 2 })).toBe(state);
    expect(sittingReducer(state, { type: 'select', questionId: 'q5', option: 2 })).toBe(state);
    const changed = sittingReducer(state, { type: 'select', questionId: 'q1', option: 3 });
    // The save of the first choice lands after the student changed it: the new one stays to be saved.
    expect(sittingReducer(changed, { type: 'saved', answers: [{ questionId: 'q1', optionSelectedIndex: 2 }] })).toBe(changed);
    const settled = sittingReducer(changed, { type: 'saved', answers: [{ questionId: 'q1', optionSelectedIndex: 3 }] });
    expect(settled.unsaved).toEqual({});
    expect(settled.selections).toEqual({ q1: 3 });
  });

  it('follows the server’s clock: no answers during the pause, the next part opens at its start', () => {
    let state = sittingReducer(sitting(), { type: 'go', index: 1 });
    state = sittingReducer(state, { type: 'clock', status: 'pausa', part: 0 });
    expect(sittingReducer(state, { type: 'select', questionId: 'q2', option: 1 })).toBe(state);
    expect(sittingReducer(state, { type: 'clock', status: 'pausa', part: 0 })).toBe(state);
    state = sittingReducer(state, { type: 'clock', status: 'en-curso', part: 1 });
    expect(state.index).toBe(3);
    expect(unansweredInPart(state)).toBe(3);
  });

  it('draws the palette of the current part: answered, flagged and the one on screen', () => {
    const state = sittingReducer(sitting(), { type: 'select', questionId: 'q2', option: 0 });
    expect(paletteOf(state, new Set(['q3']))).toEqual([
      { index: 0, number: 1, questionId: 'q1', answered: false, flagged: false, current: true, locked: false },
      { index: 1, number: 2, questionId: 'q2', answered: true, flagged: false, current: false, locked: false },
      { index: 2, number: 3, questionId: 'q3', answered: false, flagged: true, current: false, locked: false },
    ]);
  });
});
