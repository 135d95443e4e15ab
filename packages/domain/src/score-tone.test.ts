import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORE_TONE_LABELS, SCORE_TONE_RANGES, SCORE_TONES, scoreTone, WEAK_THRESHOLD } from './score-tone.ts';
import { GOOD_THRESHOLD } from './scores.ts';

describe('scoreTone', () => {
  it.each([
    [0, 'weak'],
    [14, 'weak'],
    [33, 'weak'],
    [49, 'weak'],
    [49.4, 'weak'],
    [49.5, 'fair'],
    [50, 'fair'],
    [69, 'fair'],
    [69.5, 'strong'],
    [70, 'strong'],
    [100, 'strong'],
    [Number.NaN, 'weak'],
  ])('%d%% is %s', (percent, tone) => {
    expect(scoreTone(percent)).toBe(tone);
  });

  it('agrees with the whole percent the page prints', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (percent) => {
        expect(scoreTone(percent)).toBe(scoreTone(Math.round(percent)));
      }),
    );
  });

  it('never ranks a lower score above a higher one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(SCORE_TONES.indexOf(scoreTone(low))).toBeLessThanOrEqual(SCORE_TONES.indexOf(scoreTone(high)));
      }),
    );
  });

  it('turns strong exactly at the goal the page draws, and says its ranges and words in Spanish', () => {
    expect([WEAK_THRESHOLD, GOOD_THRESHOLD]).toEqual([50, 70]);
    expect(SCORE_TONE_RANGES).toEqual({ weak: 'Menos de 50%', fair: '50 – 69%', strong: '70% o más' });
    expect(SCORE_TONE_LABELS).toEqual({ weak: 'Débil', fair: 'Regular', strong: 'Fuerte' });
  });
});
