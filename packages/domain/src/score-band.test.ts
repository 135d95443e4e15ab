import { describe, expect, it } from 'vitest';
import { MIN_ANSWERS_FOR_BAND, scoreBand, type DifficultyRecord } from './score-band.ts';

const at = (accuracy: number, answers: number): DifficultyRecord[] => [
  { difficulty: 'Fácil', answered: Math.round(answers * 0.2), correct: Math.round(answers * 0.2 * Math.min(1, accuracy + 0.15)) },
  { difficulty: 'Media', answered: Math.round(answers * 0.55), correct: Math.round(answers * 0.55 * accuracy) },
  { difficulty: 'Difícil', answered: Math.round(answers * 0.25), correct: Math.round(answers * 0.25 * Math.max(0, accuracy - 0.15)) },
];

describe('the estimated ENARM score band (issue 40)', () => {
  it('is never shown from fewer than 50 answers, and says how many it needs', () => {
    expect(scoreBand(at(0.7, 49))).toEqual({ kind: 'too-few', answers: 49, needed: MIN_ANSWERS_FOR_BAND });
    expect(scoreBand([])).toEqual({ kind: 'too-few', answers: 0, needed: 50 });
    expect(scoreBand(at(0.7, 50)).kind).toBe('band');
  });

  it('widens with fewer answers and narrows with more, around the same estimate', () => {
    const width = (answers: number) => {
      const band = scoreBand(at(0.6, answers));
      if (band.kind !== 'band') throw new Error('no band');
      expect(band.low).toBeLessThanOrEqual(band.estimate);
      expect(band.high).toBeGreaterThanOrEqual(band.estimate);
      return band.high - band.low;
    };
    expect(width(60)).toBeGreaterThan(width(300));
    expect(width(300)).toBeGreaterThan(width(3000));
    // Even with endless practice a single 280-item sitting keeps some luck: the band never closes.
    expect(width(100_000)).toBeGreaterThanOrEqual(10);
  });

  it('weights her accuracy to the exam mix of difficulty, a level she never practised counting as 50 %', () => {
    const onlyEasy = scoreBand([{ difficulty: 'Fácil', answered: 200, correct: 190 }]);
    if (onlyEasy.kind !== 'band') throw new Error('no band');
    // 95 % on easy items (a fifth of the exam) and nothing known of the rest: near 0.2 × 95 + 0.8 × 50 = 59.
    expect(onlyEasy.estimate).toBeGreaterThan(57);
    expect(onlyEasy.estimate).toBeLessThan(61);
  });

  it('leans on her simulacros when she has sat any, and narrows with them', () => {
    const practice = at(0.6, 300);
    const alone = scoreBand(practice);
    const withSittings = scoreBand(practice, [{ score: 72, questions: 280 }]);
    if (alone.kind !== 'band' || withSittings.kind !== 'band') throw new Error('no band');
    expect(withSittings.estimate).toBeGreaterThan(alone.estimate);
    expect(withSittings.high - withSittings.low).toBeLessThanOrEqual(alone.high - alone.low);
    expect(withSittings.fromSimulacros).toBe(1);
  });
});
