/**
 * Mexico City's calendar, where our students study: one constant and the helpers every layer uses, so the
 * server (UTC), the database and the page (any zone) agree on "today". Mexico has had no daylight saving since
 * 2022, but the helpers ask Intl rather than assume an offset.
 */

import { lazy } from './lazy.ts';

export const MEXICO_CITY_TIME_ZONE = 'America/Mexico_City';

const DAY_PARTS = lazy(
  () => new Intl.DateTimeFormat('en-US', { timeZone: MEXICO_CITY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);
const TIME_PARTS = lazy(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: MEXICO_CITY_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

/** The calendar day of `date` in Mexico City as 'YYYY-MM-DD'. */
export function isoDateInMexicoCity(date: Date): string {
  const parts = Object.fromEntries(
    DAY_PARTS()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The last millisecond of `now`'s day in Mexico City: "due today" means due at or before it. */
export function endOfDayInMexicoCity(now: Date): Date {
  const parts = Object.fromEntries(
    TIME_PARTS()
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const secondsIntoDay = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0);
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + (86_400 - secondsIntoDay) * 1000 - 1);
}
