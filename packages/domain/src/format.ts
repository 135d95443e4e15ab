/** es-MX formatting shared by the server (e-mails) and the page. */

import { lazy } from './lazy.ts';
import { MEXICO_CITY_TIME_ZONE } from './mexico-city.ts';

// Whole numbers are grouped by hand, as Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 }) writes them
// (format.test.ts compares the two over many values): creating an es-MX formatter loads the locale's data, the
// longest single step of hydrating the landing on a phone (issue 21). Intl stays the fallback beyond safe integers.
const mxn = lazy(
  () => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0, minimumFractionDigits: 0 }),
);
const count = lazy(() => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 }));

/** `value` rounded half away from zero and grouped by thousands ("-1,234"), or null where Intl must say it. */
function groupedWhole(value: number): { sign: string; digits: string } | null {
  const rounded = Math.round(Math.abs(value));
  if (!Number.isSafeInteger(rounded)) return null;
  // Intl keeps the sign of a negative that rounds to zero, and of -0: "-0".
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return { sign, digits: String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ',') };
}

/** Money is MXN with no decimals: 1275 → "$1,275". */
export function formatMXN(amount: number): string {
  const whole = groupedWhole(amount);
  return whole ? `${whole.sign}$${whole.digits}` : mxn().format(amount);
}

/** Whole counts with es-MX grouping: 1234 → "1,234". */
export function formatCount(value: number): string {
  const whole = groupedWhole(value);
  return whole ? `${whole.sign}${whole.digits}` : count().format(value);
}

const dateFormat = lazy(
  () => new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: MEXICO_CITY_TIME_ZONE }),
);

/** "21 de noviembre de 2026" */
export function formatDate(date: Date): string {
  return dateFormat().format(date);
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A month written 'YYYY-MM' in words: "2026-12" → "diciembre de 2026" (the input as it is when it is not a month). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} de ${match[1]}` : month;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Spec section 5: dates parsed by the client must be ISO 8601. */
export function parseIsoDate(value: string): Date {
  const date = ISO_8601.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error('Non ISO 8601 compliant date');
  return date;
}

export { isoDateInMexicoCity } from './mexico-city.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD' (what a date input sends); rejects '2026-02-30'. */
export function isIsoDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * "5 h", "2 h 30 min", "45 min": a span of time as the pages say it. 'ceil' for time left (never "0 min" while some
 * remains) and for time spent (a short session reads "1 min"); 'round' for set durations.
 */
export function formatDuration(ms: number, rounding: 'round' | 'ceil' = 'round'): string {
  const totalMinutes = Math.max(0, Math[rounding](ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
