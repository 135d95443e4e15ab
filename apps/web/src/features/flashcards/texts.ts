/** Spanish texts shared by the flashcard pages. The spec's own sentences are quoted exactly. */

export const NO_FLASHCARDS = 'No hay flashcards disponibles';
export const NO_CARDS_DUE_TODAY = 'No tienes tarjetas pendientes para hoy';
export const EVALUATION_SAVED = 'Evaluación guardada';
export const REVIEW_OF_THE_DAY = 'Repaso del día';
export const GUIDES_TITLE = 'Guías de Práctica Clínica';

const numberFormat = new Intl.NumberFormat('es-MX');

/** "1 tarjeta", "1,060 tarjetas". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? singular : plural}`;
}
