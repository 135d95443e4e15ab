import { z } from 'zod';
import { ChartSpecSchema, renderChart } from './chart.ts';
import { CtgSpecSchema, renderCtg } from './ctg.ts';
import { EcgSpecSchema, renderEcg } from './ecg.ts';
import { renderSpirometry, SpirometrySpecSchema } from './spirometry.ts';
import { plainWords } from '../plain-text.ts';
import type { RenderedFigure } from './svg.ts';

/*
 * A figure in a question's stem (issue 38), as content/ writes it: what to draw and how to describe it. The spec
 * stays on the server (it may name the answer: `"rhythm": "atrial-flutter"`); the page gets the drawing and the alt
 * text, which describes what is shown without interpreting it.
 */

const describe = (min: number, max: number) => z.string().trim().min(min).max(max);

/** What a screen reader says: the kind of figure and what a reader sees, never its interpretation. */
const alt = describe(30, 600);
const caption = describe(3, 200).optional();

export const FigureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ecg'), ecg: EcgSpecSchema, alt, caption }).strict(),
  z.object({ kind: z.literal('ctg'), ctg: CtgSpecSchema, alt, caption }).strict(),
  z.object({ kind: z.literal('spirometry'), spirometry: SpirometrySpecSchema, alt, caption }).strict(),
  z.object({ kind: z.literal('chart'), chart: ChartSpecSchema, alt, caption }).strict(),
]);
export type FigureContent = z.infer<typeof FigureSchema>;

export function renderFigure(figure: FigureContent): RenderedFigure {
  switch (figure.kind) {
    case 'ecg':
      return renderEcg(figure.ecg);
    case 'ctg':
      return renderCtg(figure.ctg);
    case 'spirometry':
      return renderSpirometry(figure.spirometry);
    case 'chart':
      return renderChart(figure.chart);
  }
}

const words = plainWords;

/** An alt text that names the key gives the answer away to anyone using a screen reader (and to the page's source). */
export function altGivesAwayKey(alt: string, key: string): boolean {
  const normalisedKey = words(key);
  return normalisedKey.length >= 4 && ` ${words(alt)} `.includes(` ${normalisedKey} `);
}
