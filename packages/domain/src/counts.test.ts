import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { friendlyCount } from './counts.ts';

describe('friendlyCount', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 10],
    [87, 80],
    [99, 90],
    [100, 100],
    [149, 100],
    [312, 300],
    [999, 950],
    [1000, 1000],
    [1060, 1000],
    [1187, 1100],
    [25_049, 25_000],
  ])('%i → %i', (n, expected) => {
    expect(friendlyCount(n)).toBe(expected);
  });

  it('shows nothing for negative or non-finite counts', () => {
    expect(friendlyCount(-5)).toBe(0);
    expect(friendlyCount(Number.NaN)).toBe(0);
    expect(friendlyCount(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('never claims more than the real count, and stays within one step of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 10_000_000 }), (n) => {
        const shown = friendlyCount(n);
        const step = n < 100 ? 10 : n < 1000 ? 50 : 100;
        expect(shown).toBeLessThanOrEqual(n);
        expect(n - shown).toBeLessThan(step);
        expect(shown % step).toBe(0);
      }),
    );
  });

  it('never goes down as the count grows', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (a, b) => {
        expect(friendlyCount(Math.max(a, b))).toBeGreaterThanOrEqual(friendlyCount(Math.min(a, b)));
      }),
    );
  });
});
