import { describe, expect, it } from 'vitest';
import { gradeAnswer } from './grading.ts';

describe('gradeAnswer', () => {
  it('marks the stored key right and every other option wrong', () => {
    expect(gradeAnswer({ correctIndex: 2, optionCount: 4 }, 2)).toEqual({ valid: true, correct: true });
    for (const selected of [0, 1, 3])
      expect(gradeAnswer({ correctIndex: 2, optionCount: 4 }, selected)).toEqual({ valid: true, correct: false });
  });

  it('refuses an option the question does not have', () => {
    for (const selected of [-1, 4, 9, 1.5])
      expect(gradeAnswer({ correctIndex: 0, optionCount: 4 }, selected)).toEqual({ valid: false, reason: 'option-out-of-range' });
  });
});
