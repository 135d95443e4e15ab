/**
 * External MIR questions arrive as one stem. A stem that is a vignette followed by its question becomes a
 * one-question clinical case (so the case quizzes draw it); a short stem stays a single question.
 */

/** Spacing in the sources is an artefact of extraction; the words are kept exactly. */
export const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

const SENTENCE_END = /(?<=[.?!:])\s+(?=[¿¡A-ZÁÉÍÓÚÑ0-9])/u;

/** The vignette and the question of a stem, or null when the stem is a question alone. */
export function splitStem(stem: string): { caseText: string; question: string } | null {
  const sentences = tidy(stem).split(SENTENCE_END);
  if (sentences.length < 2) return null;
  const question = sentences.at(-1)!;
  const caseText = sentences.slice(0, -1).join(' ');
  if (caseText.length < 80 || !/[?:]$|^¿/.test(question)) return null;
  return { caseText, question };
}
