import { z } from 'zod';
import { escapeXml, num, type RenderedFigure } from './svg.ts';

/*
 * Charts the bank draws from the numbers an item gives (issue 38): epidemic curves, ROC and survival curves,
 * partograms, dose–response and trend lines. Axes with ticks and labels, up to four series (lines, steps, bars or
 * points), reference lines (a partogram's alert and action lines, the ROC diagonal) and shaded bands (a normal range).
 * Every word on it is the item writer's, so it follows the same rule as the alt text: it shows, it does not interpret.
 */

const label = z.string().trim().min(1).max(60);
const point = z.tuple([z.number(), z.number()]);

const AxisSchema = z
  .object({
    label,
    min: z.number(),
    max: z.number(),
    /** Distance between ticks (a tick at every multiple of it from min). */
    step: z.number().positive(),
    /** Names for the ticks instead of numbers (weeks, dates), one per tick from min. */
    tickLabels: z.array(z.string().trim().min(1).max(12)).max(40).optional(),
  })
  .strict()
  .refine((axis) => axis.max > axis.min, 'max must be above min')
  .refine((axis) => (axis.max - axis.min) / axis.step <= 40, 'at most 40 ticks');

export const ChartSpecSchema = z
  .object({
    x: AxisSchema,
    y: AxisSchema,
    series: z
      .array(
        z
          .object({
            type: z.enum(['line', 'step', 'bar', 'points']),
            points: z.array(point).min(1).max(400),
            /** Shown in a legend when there is more than one series. */
            label: label.optional(),
            dashed: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(4),
    lines: z
      .array(z.object({ from: point, to: point, label: label.optional(), dashed: z.boolean().optional() }).strict())
      .max(6)
      .optional(),
    bands: z
      .array(z.object({ from: z.number(), to: z.number(), label: label.optional() }).strict())
      .max(3)
      .optional(),
  })
  .strict();
export type ChartSpec = z.infer<typeof ChartSpecSchema>;

/** Colour-blind-safe series colours (Okabe–Ito), and a shape per series so colour is never the only cue. */
const COLOURS = ['#0b5394', '#d55e00', '#009e73', '#7b3294'];
const WIDTH = 720;
const HEIGHT = 440;
const MARGIN = { left: 70, right: 24, top: 20, bottom: 64 };

export function renderChart(input: ChartSpec): RenderedFigure {
  const spec = ChartSpecSchema.parse(input);
  const legend = spec.series.filter((series) => series.label).length > 1 || (spec.lines ?? []).some((line) => line.label);
  const top = MARGIN.top + (legend ? 28 : 0);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + ((x - spec.x.min) / (spec.x.max - spec.x.min)) * plotWidth;
  const sy = (y: number) => top + plotHeight - ((y - spec.y.min) / (spec.y.max - spec.y.min)) * plotHeight;
  const parts: string[] = [];
  for (const band of spec.bands ?? []) {
    const y1 = sy(Math.min(spec.y.max, Math.max(band.from, band.to)));
    const y2 = sy(Math.max(spec.y.min, Math.min(band.from, band.to)));
    parts.push(`<rect x="${num(MARGIN.left)}" y="${num(y1)}" width="${num(plotWidth)}" height="${num(y2 - y1)}" fill="#e8f1fb"/>`);
    if (band.label)
      parts.push(
        `<text x="${num(MARGIN.left + plotWidth - 6)}" y="${num(y1 + 16)}" text-anchor="end" font-family="sans-serif" fill="#35507a" font-size="13">${escapeXml(band.label)}</text>`,
      );
  }
  // Grid and ticks.
  const ticks = (axis: ChartSpec['x']) => {
    const values: number[] = [];
    for (let value = axis.min; value <= axis.max + axis.step / 1e6; value += axis.step) values.push(Number(value.toFixed(6)));
    return values;
  };
  const grid: string[] = [];
  const tickText: string[] = [];
  ticks(spec.x).forEach((value, index) => {
    const x = sx(value);
    grid.push(`M${num(x)} ${num(top)}V${num(top + plotHeight)}`);
    const text = spec.x.tickLabels?.[index] ?? formatTick(value);
    tickText.push(`<text x="${num(x)}" y="${num(top + plotHeight + 20)}" text-anchor="middle">${escapeXml(text)}</text>`);
  });
  ticks(spec.y).forEach((value, index) => {
    const y = sy(value);
    grid.push(`M${num(MARGIN.left)} ${num(y)}H${num(MARGIN.left + plotWidth)}`);
    const text = spec.y.tickLabels?.[index] ?? formatTick(value);
    tickText.push(`<text x="${num(MARGIN.left - 8)}" y="${num(y + 5)}" text-anchor="end">${escapeXml(text)}</text>`);
  });
  parts.push(`<path d="${grid.join('')}" stroke="#e3e6ea" stroke-width="1" fill="none"/>`);
  parts.push(
    `<path d="M${MARGIN.left} ${num(top)}V${num(top + plotHeight)}H${num(MARGIN.left + plotWidth)}" stroke="#333" stroke-width="1.5" fill="none"/>`,
  );
  parts.push(`<g font-family="sans-serif" font-size="13" fill="#222">${tickText.join('')}</g>`);
  parts.push(
    `<text x="${num(MARGIN.left + plotWidth / 2)}" y="${HEIGHT - 16}" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#111">${escapeXml(spec.x.label)}</text>`,
    `<text transform="translate(18 ${num(top + plotHeight / 2)}) rotate(-90)" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#111">${escapeXml(spec.y.label)}</text>`,
  );
  // Series.
  const bars = spec.series.filter((series) => series.type === 'bar');
  const barStep = Math.min(...bars.flatMap((series) => gaps(series.points.map(([x]) => x))), spec.x.step);
  spec.series.forEach((series, index) => {
    const colour = COLOURS[index]!;
    const dash = series.dashed ? ' stroke-dasharray="8 5"' : '';
    const points = series.points.filter(([x]) => x >= spec.x.min && x <= spec.x.max);
    if (series.type === 'bar') {
      const barIndex = bars.indexOf(series);
      const slot = ((barStep / (spec.x.max - spec.x.min)) * plotWidth * 0.8) / bars.length;
      for (const [x, y] of points) {
        const left = sx(x) - (slot * bars.length) / 2 + slot * barIndex;
        const y0 = sy(Math.max(spec.y.min, 0));
        const y1 = sy(Math.min(spec.y.max, y));
        parts.push(
          `<rect x="${num(left)}" y="${num(Math.min(y0, y1))}" width="${num(slot)}" height="${num(Math.abs(y0 - y1))}" fill="${colour}" stroke="#fff" stroke-width=".5"/>`,
        );
      }
    } else if (series.type === 'points') {
      for (const [x, y] of points) parts.push(marker(index, sx(x), sy(y), colour));
    } else {
      let d = '';
      points.forEach(([x, y], position) => {
        if (position === 0) d += `M${num(sx(x))} ${num(sy(y))}`;
        else if (series.type === 'step') d += `H${num(sx(x))}V${num(sy(y))}`;
        else d += `L${num(sx(x))} ${num(sy(y))}`;
      });
      parts.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.5"${dash} stroke-linejoin="round"/>`);
      if (points.length <= 30) for (const [x, y] of points) parts.push(marker(index, sx(x), sy(y), colour));
    }
  });
  for (const line of spec.lines ?? []) {
    parts.push(
      `<path d="M${num(sx(line.from[0]))} ${num(sy(line.from[1]))}L${num(sx(line.to[0]))} ${num(sy(line.to[1]))}" stroke="#555" stroke-width="1.8"${line.dashed ? ' stroke-dasharray="6 5"' : ''} fill="none"/>`,
    );
    if (line.label)
      parts.push(
        `<text x="${num(sx(line.to[0]) - 4)}" y="${num(sy(line.to[1]) - 6)}" text-anchor="end" font-family="sans-serif" font-size="13" fill="#333">${escapeXml(line.label)}</text>`,
      );
  }
  if (legend) {
    let x = MARGIN.left;
    const entries = spec.series.flatMap((series, index) => (series.label ? [{ text: series.label, index }] : []));
    for (const entry of entries) {
      parts.push(marker(entry.index, x + 6, MARGIN.top + 6, COLOURS[entry.index]!));
      parts.push(
        `<text x="${num(x + 16)}" y="${MARGIN.top + 11}" font-family="sans-serif" font-size="13" fill="#111">${escapeXml(entry.text)}</text>`,
      );
      x += 30 + entry.text.length * 7.5;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>${parts.join('')}</svg>`;
  return { svg, width: WIDTH, height: HEIGHT };
}

function formatTick(value: number): string {
  return Number.isInteger(value) ? String(value) : num(value, 2);
}

/** The gaps between consecutive x values (a bar's width is the smallest). */
function gaps(xs: number[]): number[] {
  const sorted = [...new Set(xs)].sort((a, b) => a - b);
  return sorted.slice(1).map((x, index) => x - sorted[index]!);
}

/** A point's marker: a different shape per series (circle, square, triangle, diamond). */
function marker(series: number, x: number, y: number, colour: string): string {
  const r = 4.5;
  switch (series % 4) {
    case 0:
      return `<circle cx="${num(x)}" cy="${num(y)}" r="${r}" fill="${colour}"/>`;
    case 1:
      return `<rect x="${num(x - r)}" y="${num(y - r)}" width="${2 * r}" height="${2 * r}" fill="${colour}"/>`;
    case 2:
      return `<path d="M${num(x)} ${num(y - r - 1)}L${num(x + r + 1)} ${num(y + r)}H${num(x - r - 1)}Z" fill="${colour}"/>`;
    default:
      return `<path d="M${num(x)} ${num(y - r - 1)}L${num(x + r + 1)} ${num(y)}L${num(x)} ${num(y + r + 1)}L${num(x - r - 1)} ${num(y)}Z" fill="${colour}"/>`;
  }
}
