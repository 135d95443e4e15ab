import { describe, expect, it } from 'vitest';
import { normalizeMexicanPhone, samePhone } from './phone.ts';

describe('Mexican phone numbers', () => {
  it('normalise every common spelling to +52 and refuse what is not a number', () => {
    for (const typed of [
      '5512345678',
      '55 1234 5678',
      '(55) 1234-5678',
      '+52 55 1234 5678',
      '525512345678',
      '+52 1 55 1234 5678',
      '044 55 1234 5678',
    ])
      expect(normalizeMexicanPhone(typed), typed).toBe('+525512345678');
    expect(normalizeMexicanPhone('33 1234 5678')).toBe('+523312345678');
    expect(normalizeMexicanPhone('12345678')).toBeNull();
    expect(normalizeMexicanPhone('')).toBeNull();
  });

  it('compare two spellings of one number as the same, and different numbers as different', () => {
    expect(samePhone('5512345678', '+52 1 55 1234 5678')).toBe(true);
    expect(samePhone('525512345678', '55-1234-5678')).toBe(true);
    expect(samePhone('5512345678', '5512345679')).toBe(false);
    // Numbers libphonenumber does not know are compared digit for digit.
    expect(samePhone('12345678', '1234-5678')).toBe(true);
    expect(samePhone('12345678', '12345679')).toBe(false);
  });
});
