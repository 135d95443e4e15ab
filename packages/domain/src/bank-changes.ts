/*
 * «Novedades del banco» (issue 39): what changed in the bank, in public, each with its date and a one-line reason,
 * built from the content's history and the staff's report queue, never typed by hand. Shared by the API and the
 * pages (no zod here).
 */

/** What happened to an item: its key changed, its explanation was corrected, it was retired, it follows a new version of its guideline, or staff corrected it after a report. */
export const BANK_CHANGE_KINDS = ['clave', 'explicacion', 'retirada', 'guia', 'reporte', 'retenida'] as const;
export type BankChangeKind = (typeof BANK_CHANGE_KINDS)[number];

export const BANK_CHANGE_LABELS: Record<BankChangeKind, string> = {
  clave: 'Cambió la respuesta correcta',
  explicacion: 'Se corrigió la explicación',
  retirada: 'Se retiró del banco',
  guia: 'Sigue una nueva versión de su guía',
  reporte: 'Corregida tras un reporte',
  retenida: 'En revisión: su guía dejó de estar vigente',
};

/** The kinds a student who answered the item is told about on the home: what changes what she learned. */
export const NOTIFIED_CHANGE_KINDS: readonly BankChangeKind[] = ['clave', 'retirada', 'retenida'];

/** Why an item of our bank is held: the guideline it follows is no longer in force (it comes back once rewritten). */
export const SUPERSEDED_HOLD_REASON = 'Su guía dejó de estar vigente: se actualiza antes de volver a servirse.';

export const BANK_CHANGES_TITLE = 'Novedades del banco';
export const BANK_CHANGES_PATH = '/novedades';

/** «2 preguntas que respondiste cambiaron», «1 flashcard que estudias cambió». */
export function changedItemsHeadline(questions: number, flashcards: number): string {
  const parts: string[] = [];
  if (questions > 0)
    parts.push(`${questions} ${questions === 1 ? 'pregunta que respondiste cambió' : 'preguntas que respondiste cambiaron'}`);
  if (flashcards > 0)
    parts.push(`${flashcards} ${flashcards === 1 ? 'flashcard que estudias cambió' : 'flashcards que estudias cambiaron'}`);
  return parts.join(' y ');
}
