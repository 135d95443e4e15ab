/**
 * How items of the external MIR banks (decision 013) present what is not ours: the commentary of CasiMedicos'
 * doctors under its own label, a note of ours where the item has aged, and a short source line whose link opens
 * the banks' licences and NOTICEs. The importer writes these forms and the screens read them. Zod-free.
 */

/** Where the API serves the licences and NOTICEs of the MIR banks as text (the source line links here). */
export const MIR_NOTICE_PATH = '/api/content/notices';

/** The label an explanation written by CasiMedicos' volunteer doctors opens with. */
export const MIR_COMMENT_LABEL = 'Comentario de CasiMedicos (MIR 2.0)';

/** The label of our own note on an item whose guideline, schedule or law changed since its exam. */
export const UPDATE_NOTE_LABEL = 'Nota de actualización de Galeno';

const NOTE_SEPARATOR = `\n\n${UPDATE_NOTE_LABEL}: `;

/** CasiMedicos' commentary as stored: its label, then the text. */
export function asMirComment(text: string): string {
  return `${MIR_COMMENT_LABEL}: ${text}`;
}

/** An explanation with our update note after it (replacing a note it already had), or as it is without one. */
export function withUpdateNote(explanation: string, note: string | null | undefined): string {
  const { comment, body } = explanationParts(explanation);
  const base = comment ? asMirComment(body) : body;
  return note ? `${base}${NOTE_SEPARATOR}${note}` : base;
}

export interface ExplanationParts {
  /** Whether the text is CasiMedicos' commentary (shown under MIR_COMMENT_LABEL). */
  comment: boolean;
  body: string;
  /** Our update note, when the item carries one. */
  note: string | null;
}

/** An explanation split into what the screens show apart: the commentary's label, the text and our note. */
export function explanationParts(explanation: string): ExplanationParts {
  const at = explanation.indexOf(NOTE_SEPARATOR);
  const main = at >= 0 ? explanation.slice(0, at) : explanation;
  const note = at >= 0 ? explanation.slice(at + NOTE_SEPARATOR.length).trim() || null : null;
  const prefix = `${MIR_COMMENT_LABEL}: `;
  return main.startsWith(prefix) ? { comment: true, body: main.slice(prefix.length), note } : { comment: false, body: main, note };
}
