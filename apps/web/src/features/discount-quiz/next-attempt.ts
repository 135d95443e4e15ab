import { isoDateInMexicoCity } from '@galeno/domain/mexico-city';

// The day is already Mexico City's: format it as a plain calendar day, at noon UTC, so no zone can shift it.
const DAY = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/**
 * The day after `answeredAt` on Mexico City's calendar (the server allows one attempt a day, counted there),
 * as 'jueves 12 de junio'.
 */
export function nextAttemptDay(answeredAt: Date): string {
  const [year, month, day] = isoDateInMexicoCity(answeredAt).split('-').map(Number) as [number, number, number];
  const parts = Object.fromEntries(
    DAY.formatToParts(new Date(Date.UTC(year, month - 1, day + 1, 12))).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} de ${parts.month}`;
}
