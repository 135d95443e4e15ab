/** "Reportar un error": what can be reported and why, shared by the API contract and the form (no zod here). */

export const REPORT_ITEM_KINDS = ['question', 'flashcard'] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

/** Why a student reports an item, in the words the form shows. */
export const REPORT_REASONS = {
  'respuesta-incorrecta': 'La respuesta correcta está mal',
  explicacion: 'La explicación tiene un error',
  desactualizada: 'No sigue la guía vigente',
  redaccion: 'Está mal redactada o es confusa',
  otro: 'Otro motivo',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const REPORT_DETAIL_MAX = 1000;
