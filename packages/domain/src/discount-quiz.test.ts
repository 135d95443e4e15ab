import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DRAWABLE_PRIZES,
  drawPrize,
  isDrawablePrize,
  MAX_ADVERTISED_DISCOUNT,
  MAX_ATTEMPTS,
  PRIZE_ODDS,
  SPIN_MS,
  SPIN_STEP_MS,
  WHEEL_PRIZES,
} from './discount-quiz.ts';
import type { DrawnPrize } from './discount-quiz.ts';

describe('discount quiz constants', () => {
  it('match the spec', () => {
    expect(WHEEL_PRIZES).toEqual([10, 20, 30, 50, 80]);
    expect(PRIZE_ODDS).toEqual({ 30: 0.3, 50: 0.5, 80: 0.2 });
    expect(MAX_ATTEMPTS).toBe(3);
    expect(SPIN_MS).toBe(3000);
    expect(SPIN_STEP_MS).toBe(200);
    expect(MAX_ADVERTISED_DISCOUNT).toBe(80);
  });

  it('only draws prizes the wheel shows, up to the advertised maximum, with odds summing to 1', () => {
    for (const prize of DRAWABLE_PRIZES) expect(WHEEL_PRIZES).toContain(prize);
    expect(Math.max(...WHEEL_PRIZES)).toBe(MAX_ADVERTISED_DISCOUNT);
    expect(Object.values(PRIZE_ODDS).reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
  });

  it('spins a whole number of steps', () => {
    expect(SPIN_MS % SPIN_STEP_MS).toBe(0);
  });
});

describe('drawPrize', () => {
  it.each([
    [0, 30],
    [0.2999, 30],
    [0.3, 50],
    [0.7999, 50],
    [0.8, 80],
    [0.9999, 80],
    [1, 80],
  ])('roll %d → %d%%', (roll, prize) => {
    expect(drawPrize(roll)).toBe(prize);
  });

  it.each([-0.01, 1.01, Number.NaN])('refuses roll %d', (roll) => {
    expect(() => drawPrize(roll)).toThrow(RangeError);
  });

  it('follows the 0.3 / 0.5 / 0.2 odds over evenly spread rolls', () => {
    const counts: Record<DrawnPrize, number> = { 30: 0, 50: 0, 80: 0 };
    const rolls = 10_000;
    for (let i = 0; i < rolls; i += 1) counts[drawPrize(i / rolls)] += 1;
    expect(counts).toEqual({ 30: 3000, 50: 5000, 80: 2000 });
  });

  it('always returns a drawable prize', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (roll) => isDrawablePrize(drawPrize(roll))));
  });
});

describe('isDrawablePrize', () => {
  it('refuses forged or display-only percentages', () => {
    expect(isDrawablePrize(50)).toBe(true);
    expect(isDrawablePrize(10)).toBe(false);
    expect(isDrawablePrize(99)).toBe(false);
  });
});
