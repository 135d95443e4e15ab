import { describe, it, expect } from 'vitest';
import { formatCount, formatDate, formatMXN, isIsoDateOnly, isoDateInMexicoCity, parseIsoDate } from './format.ts';

describe('whole numbers without Intl', () => {
  it('write exactly what Intl.NumberFormat es-MX writes, rounding, signs and grouping included', () => {
    const money = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const whole = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
    const values = [0, -0, 0.4, -0.4, 0.5, -0.5, 2.5, -2.5, 999.5, 1000, 1275, -1234, 123456.49, 9_007_199_254_740_991, 1e21];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++)
      values.push((random() - 0.5) * 10 ** Math.floor(random() * 12), Math.floor(random() * 10 ** (i % 10)) + 0.5);
    for (const value of values) {
      expect(formatMXN(value), String(value)).toBe(money.format(value));
      expect(formatCount(value), String(value)).toBe(whole.format(value));
    }
  });
});

describe('formatMXN', () => {
  it('shows pesos without decimals', () => {
    expect(formatMXN(1275)).toBe('$1,275');
    expect(formatMXN(19)).toBe('$19');
    expect(formatMXN(1500.6)).toBe('$1,501');
  });
});

describe('formatDate', () => {
  it('writes the day in Spanish, in Mexico City time', () => {
    expect(formatDate(new Date('2026-11-21T12:00:00Z'))).toBe('21 de noviembre de 2026');
    // 03:00 UTC on 1 January is still 31 December in Mexico City (UTC−6).
    expect(formatDate(new Date('2026-01-01T03:00:00Z'))).toBe('31 de diciembre de 2025');
  });
});

describe('parseIsoDate', () => {
  it('accepts ISO 8601 dates and date-times', () => {
    expect(parseIsoDate('2026-11-21').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(parseIsoDate('2026-11-21T10:30:00Z').toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(parseIsoDate('2026-11-21T10:30:00.123-06:00').toISOString()).toBe('2026-11-21T16:30:00.123Z');
  });

  it.each(['21/11/2026', 'November 21, 2026', '', '2026-13-45'])('rejects %j', (value) => {
    expect(() => parseIsoDate(value)).toThrow('Non ISO 8601 compliant date');
  });
});

describe('isoDateInMexicoCity', () => {
  it('gives the calendar day in Mexico City', () => {
    expect(isoDateInMexicoCity(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05');
    expect(isoDateInMexicoCity(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31');
    expect(isoDateInMexicoCity(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01');
  });
});

describe('isIsoDateOnly', () => {
  it('accepts real calendar days', () => {
    expect(isIsoDateOnly('2000-02-29')).toBe(true);
    expect(isIsoDateOnly('1990-12-31')).toBe(true);
    expect(isIsoDateOnly('0048-02-29')).toBe(true);
  });

  it.each(['2001-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '05/01/2026', '2026-01-05T00:00:00Z', ''])(
    'rejects %j',
    (value) => {
      expect(isIsoDateOnly(value)).toBe(false);
    },
  );
});

describe('formatCount', () => {
  it('groups thousands the es-MX way', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(7)).toBe('7');
  });
});
