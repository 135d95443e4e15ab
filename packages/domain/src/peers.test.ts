import { describe, expect, it } from 'vitest';
import { MIN_STUDENTS_FOR_SHARES, optionShares, percentileOf, sameItemsStanding, type SameItem } from './peers.ts';

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

describe('her standing on the same questions (issue 40)', () => {
  const item = (correct: boolean, peers: number, peersRight: number): SameItem => ({ correct, peers, peersRight });

  it('ranks her per question against the others who answered it: a right answer to a hard question counts more', () => {
    // Hard questions (2 of 10 others right) she got right, easy ones (9 of 10) she got wrong.
    const hardRight = Array.from({ length: 10 }, () => item(true, 10, 2));
    const easyWrong = Array.from({ length: 10 }, () => item(false, 10, 9));
    const standing = sameItemsStanding([...hardRight, ...easyWrong]);
    // Right on a hard one: beats 8, ties 2 → 0.9; wrong on an easy one: ties 1 → 0.05.
    expect(standing).toEqual({ kind: 'percentile', percentile: 48, items: 20, peersPerItem: { min: 10, median: 10, max: 10 } });
    // All right where everyone is right is the middle, not the top.
    expect(sameItemsStanding(Array.from({ length: 20 }, () => item(true, 8, 8)))).toMatchObject({ percentile: 50 });
    expect(sameItemsStanding(Array.from({ length: 20 }, () => item(true, 8, 0)))).toMatchObject({ percentile: 100 });
    expect(sameItemsStanding(Array.from({ length: 20 }, () => item(false, 8, 8)))).toMatchObject({ percentile: 0 });
  });

  it('says why there is none yet: too few questions of hers, or too few with enough other students', () => {
    expect(sameItemsStanding(Array.from({ length: 19 }, () => item(true, 50, 20)))).toEqual({ kind: 'few-items', items: 19, needed: 20 });
    const thin = [...Array.from({ length: 15 }, () => item(true, 50, 20)), ...Array.from({ length: 30 }, () => item(true, 4, 2))];
    expect(sameItemsStanding(thin)).toEqual({ kind: 'few-peers', items: 45, comparable: 15, needed: 20 });
    // The questions with too few others are left out of the rank, not counted as anything.
    const mixed = [...Array.from({ length: 20 }, () => item(true, 6, 0)), ...Array.from({ length: 30 }, () => item(false, 2, 2))];
    expect(sameItemsStanding(mixed)).toMatchObject({ kind: 'percentile', percentile: 100, items: 20, peersPerItem: { min: 6, median: 6, max: 6 } });
  });
});
