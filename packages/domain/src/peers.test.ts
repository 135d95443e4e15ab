import { describe, expect, it } from 'vitest';
import { MIN_STUDENTS_FOR_SHARES, optionShares, percentileOf } from './peers.ts';

describe('peer comparison', () => {
  it('shows option shares only once enough students answered', () => {
    expect(optionShares([5, 5, 5, 4], 4)).toBeNull();
    expect(MIN_STUDENTS_FOR_SHARES).toBe(20);
    expect(optionShares([10, 5, 5], 4)).toEqual([50, 25, 25, 0]);
  });

  it('places an accuracy among peers, ties counting half', () => {
    const peers = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentileOf(100, peers)).toBe(95);
    expect(percentileOf(55, peers)).toBe(50);
    expect(percentileOf(5, peers)).toBe(0);
    expect(percentileOf(50, [50, 50])).toBe(50);
  });
});
