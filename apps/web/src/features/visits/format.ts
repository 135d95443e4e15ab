/** es-MX formatting for the staff dashboard; times in Mexico City, like the server's daily buckets. */

import { MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';

const integerFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
const dateTimeFormat = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: MEXICO_CITY_TIME_ZONE });
// The server's 'YYYY-MM-DD' is already a Mexico City day: read it as a UTC date so no zone shifts it.
const dayFormat = new Intl.DateTimeFormat('es-MX', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const rateFormat = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 2 });
const longDayFormat = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** '3 nov 2026, 2:05 p.m.' */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

function dayDate(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** 'mar 3 de nov' for the table and the chart's axis. */
export function formatDay(day: string): string {
  const date = dayDate(day);
  return date ? dayFormat.format(date) : day;
}

/** 'martes, 3 de noviembre' for text read aloud. */
export function formatLongDay(day: string): string {
  const date = dayDate(day);
  return date ? longDayFormat.format(date) : day;
}

/** 0.15 → '15%'. */
export function formatRate(rate: number): string {
  return rateFormat.format(rate);
}
