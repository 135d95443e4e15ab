import { describe, it, expect } from 'vitest';
import {
  accuracyPercent,
  CATEGORY_COLORS,
  categoryColor,
  EXCELLENT_THRESHOLD,
  formatElapsed,
  GOOD_THRESHOLD,
  MAX_CASE_OPTIONS,
  MAX_SINGLE_OPTIONS,
  optionLetter,
  RECENT_EVALUATIONS_SHOWN,
  SCORE_BAND_LABELS,
  scoreBand,
} from './scores.ts';

describe('scoreBand', () => {
  it.each([
    [100, 'excelente'],
    [90, 'excelente'],
    [89.9, 'bien'],
    [70, 'bien'],
    [69.99, 'necesita-mejorar'],
    [0, 'necesita-mejorar'],
    [Number.NaN, 'necesita-mejorar'],
  ])('%d%% is %s', (percent, band) => {
    expect(scoreBand(percent)).toBe(band);
  });

  it('uses the spec thresholds and Spanish labels', () => {
    expect(GOOD_THRESHOLD).toBe(70);
    expect(EXCELLENT_THRESHOLD).toBe(90);
    expect(SCORE_BAND_LABELS).toEqual({ excelente: 'Excelente', bien: 'Bien', 'necesita-mejorar': 'Necesita mejorar' });
  });
});

describe('accuracyPercent', () => {
  it('rounds to a whole percent and is 0 with nothing answered', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(7, 7)).toBe(100);
    expect(accuracyPercent(0, 0)).toBe(0);
  });
});

describe('category colours', () => {
  it('cycle blue, green, purple, yellow, red, orange', () => {
    expect(CATEGORY_COLORS).toEqual(['blue', 'green', 'purple', 'yellow', 'red', 'orange']);
    expect([0, 1, 5, 6, 7, 13].map(categoryColor)).toEqual(['blue', 'green', 'orange', 'blue', 'green', 'green']);
    expect(categoryColor(-1)).toBe('orange');
  });
});

describe('option letters', () => {
  it('label single questions A–E and clinical cases A–J', () => {
    expect(RECENT_EVALUATIONS_SHOWN).toBe(6);
    expect(MAX_SINGLE_OPTIONS).toBe(5);
    expect(MAX_CASE_OPTIONS).toBe(10);
    expect(Array.from({ length: MAX_SINGLE_OPTIONS }, (_, i) => optionLetter(i)).join('')).toBe('ABCDE');
    expect(Array.from({ length: MAX_CASE_OPTIONS }, (_, i) => optionLetter(i)).join('')).toBe('ABCDEFGHIJ');
  });

  it.each([-1, 10, 1.5])('refuse index %d', (index) => {
    expect(() => optionLetter(index)).toThrow(RangeError);
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [61, '00:01:01'],
    [3599, '00:59:59'],
    [3661, '01:01:01'],
    [36_000, '10:00:00'],
    [360_000, '100:00:00'],
    [90.9, '00:01:30'],
    [-5, '00:00:00'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatElapsed(seconds)).toBe(text);
  });
});
