import { describe, expect, it } from 'vitest';
import { endOfDayInMexicoCity, isoDateInMexicoCity } from './mexico-city.ts';

describe("Mexico City's day", () => {
  it('is the calendar day in Mexico City, not in UTC', () => {
    // 03:30 UTC on the 24th is still 21:30 on the 23rd in Mexico City (UTC−6).
    expect(isoDateInMexicoCity(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-23');
    expect(isoDateInMexicoCity(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
  });

  it('ends at 23:59:59.999 Mexico City time', () => {
    expect(endOfDayInMexicoCity(new Date('2026-11-24T03:30:00Z')).toISOString()).toBe('2026-11-24T05:59:59.999Z');
    expect(endOfDayInMexicoCity(new Date('2026-11-24T18:00:00Z')).toISOString()).toBe('2026-11-25T05:59:59.999Z');
  });
});
