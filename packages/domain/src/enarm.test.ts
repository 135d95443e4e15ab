import { describe, expect, it } from 'vitest';
import { enarmYearOptions, favouredShare, nextEnarmYear, quizAreaOfSpeciality } from './enarm.ts';
import { SPECIALITIES } from './specialities.ts';
import { isKnownArea } from './taxonomy.ts';

describe('nextEnarmYear', () => {
  it('is this year until the exam begins in September, Mexico City time', () => {
    expect(nextEnarmYear(new Date('2026-01-02T12:00:00Z'))).toBe(2026);
    expect(nextEnarmYear(new Date('2026-08-31T23:59:00-06:00'))).toBe(2026);
    expect(nextEnarmYear(new Date('2026-09-01T00:00:00-06:00'))).toBe(2027);
  });

  it('is next year once this year’s exam is past', () => {
    expect(nextEnarmYear(new Date('2026-12-06T05:00:00Z'))).toBe(2027);
    // New Year's Eve in Mexico City is already January 1 in UTC: still the 2026 calendar there.
    expect(nextEnarmYear(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });
});

describe('enarmYearOptions', () => {
  it('starts at the next exam not yet held', () => {
    expect(enarmYearOptions(new Date('2026-12-06T05:00:00Z'))).toEqual([2027, 2028, 2029]);
    expect(enarmYearOptions(new Date('2026-03-15T12:00:00Z'))).toEqual([2026, 2027, 2028]);
    expect(enarmYearOptions(new Date('2026-12-06T05:00:00Z'), 5)).toEqual([2027, 2028, 2029, 2030, 2031]);
  });
});

describe('quizAreaOfSpeciality', () => {
  it('names a quiz area the bank knows, or none', () => {
    expect(quizAreaOfSpeciality('Medicina Interna')).toBe('Medicina Interna');
    expect(quizAreaOfSpeciality('Pediatría')).toBe('Pediatría y Neonatología');
    expect(quizAreaOfSpeciality('Medicina Familiar')).toBeNull();
    expect(quizAreaOfSpeciality(null)).toBeNull();
    expect(quizAreaOfSpeciality('Especialidad inventada')).toBeNull();
    for (const speciality of SPECIALITIES) {
      const area = quizAreaOfSpeciality(speciality);
      if (area !== null) expect(isKnownArea(area), speciality).toBe(true);
    }
  });

  it('favours most of a quiz, not all of it', () => {
    expect(favouredShare(5)).toBe(3);
  });
});
