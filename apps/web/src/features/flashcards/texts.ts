/** Spanish texts shared by the flashcard pages. The spec's own sentences are quoted exactly. */

export const NO_FLASHCARDS = 'No hay flashcards disponibles';
export const NO_CARDS_DUE_TODAY = 'No tienes tarjetas pendientes para hoy';
export const EVALUATION_SAVED = 'Evaluación guardada';
export const REVIEW_OF_THE_DAY = 'Repaso del día';
export const GUIDES_TITLE = 'Guías de Práctica Clínica';

import { isoDateInMexicoCity, MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';

const numberFormat = new Intl.NumberFormat('es-MX');
const timeFormat = new Intl.DateTimeFormat('es-MX', { hour: 'numeric', minute: '2-digit', timeZone: MEXICO_CITY_TIME_ZONE });

/** "1 tarjeta", "1,060 tarjetas". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? singular : plural}`;
}

/**
 * The end of a session whose cards come back later today (the learning steps: 1, 6, 10 min): «2 tarjetas vuelven en
 * 10 min», «1 tarjeta vuelve hoy a las 6:40 p.m.» for the soonest; null when none comes back before tomorrow.
 */
export function comebackToday(nextDue: readonly string[], now: Date): string | null {
  const today = isoDateInMexicoCity(now);
  const later = [...nextDue]
    .map((iso) => new Date(iso))
    .filter((due) => due.getTime() > now.getTime() && isoDateInMexicoCity(due) === today);
  if (later.length === 0) return null;
  const soonest = new Date(Math.min(...later.map((due) => due.getTime())));
  const minutes = Math.max(1, Math.round((soonest.getTime() - now.getTime()) / 60_000));
  const when = minutes < 60 ? `en ${minutes} min` : `hoy a las ${timeFormat.format(soonest)}`;
  return `${countOf(later.length, 'tarjeta vuelve', 'tarjetas vuelven')} ${when}`;
}

/** Grades kept on the phone without signal (issue 41): said under the card, quietly. */
export function offlineGradesNote(count: number): string {
  return `Sin conexión: ${countOf(count, 'calificación guardada', 'calificaciones guardadas')} en este teléfono; se envían solas al volver la señal.`;
}
