import { z } from 'zod';
import { EcgSpecSchema, renderEcg } from './ecg.ts';
import type { RenderedFigure } from './svg.ts';

/*
 * A figure in a question's stem (issue 38), as content/ writes it: what to draw and how to describe it. The spec
 * stays on the server (it may name the answer: `"rhythm": "atrial-flutter"`); the page gets the drawing and the alt
 * text, which describes what is shown without interpreting it.
 */

const describe = (min: number, max: number) => z.string().trim().min(min).max(max);

export const FigureSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('ecg'),
      ecg: EcgSpecSchema,
      /** What a screen reader says: the kind of tracing and what a reader sees, never its interpretation. */
      alt: describe(30, 600),
      caption: describe(3, 200).optional(),
    })
    .strict(),
]);
export type FigureContent = z.infer<typeof FigureSchema>;

export function renderFigure(figure: FigureContent): RenderedFigure {
  switch (figure.kind) {
    case 'ecg':
      return renderEcg(figure.ecg);
  }
}

/** Accents, case and punctuation aside, so "Flúter auricular" and "flutter auricular." compare as words. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** An alt text that names the key gives the answer away to anyone using a screen reader (and to the page's source). */
export function altGivesAwayKey(alt: string, key: string): boolean {
  const normalisedKey = words(key);
  return normalisedKey.length >= 4 && ` ${words(alt)} `.includes(` ${normalisedKey} `);
}
