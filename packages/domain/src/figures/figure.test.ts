import { describe, expect, it } from 'vitest';
import { ChartSpecSchema } from './chart.ts';
import { CTG_DECELERATIONS, CTG_VARIABILITY } from './ctg.ts';
import { FigureSchema, renderFigure, type FigureContent } from './figure.ts';
import { SPIROMETRY_PATTERNS, SpirometrySpecSchema } from './spirometry.ts';

const alt = 'Figura de prueba que describe lo que se ve sin interpretarlo.';

/** Every figure is a small SVG with nothing executable, no NaN, and the same bytes for the same spec. */
function expectInert(figure: FigureContent, maxBytes: number) {
  const parsed = FigureSchema.parse(figure);
  const { svg, width, height } = renderFigure(parsed);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).not.toMatch(/NaN|Infinity|<script|href=|on[a-z]+=/);
  expect(svg.length).toBeLessThan(maxBytes);
  expect(width).toBeGreaterThan(300);
  expect(height).toBeGreaterThan(150);
  expect(renderFigure(parsed).svg).toBe(svg);
  return svg;
}

describe('figures the bank draws (issue 38)', () => {
  it('draws fetal heart-rate tracings for every variability and deceleration, without naming the pattern', () => {
    for (const variability of CTG_VARIABILITY)
      for (const decelerations of CTG_DECELERATIONS) {
        const svg = expectInert(
          { kind: 'ctg', ctg: { baseline: 140, variability, decelerations, accelerations: true, seed: 3 }, alt },
          25_000,
        );
        expect(svg).not.toContain(decelerations === 'none' ? 'ninguna' : decelerations);
      }
  });

  it('draws flow–volume loops for every pattern, with the values it was given and the ratio computed', () => {
    for (const pattern of SPIROMETRY_PATTERNS) {
      const svg = expectInert(
        { kind: 'spirometry', spirometry: { pattern, fvcL: 3.2, fev1L: 2.4, predictedFvcL: 4, predictedFev1L: 3.2 }, alt },
        12_000,
      );
      expect(svg).toContain('3.2 L (80 %)');
      expect(svg).toContain('>0.75<');
    }
    expect(SpirometrySpecSchema.safeParse({ pattern: 'normal', fvcL: 2, fev1L: 2.5 }).success).toBe(false);
  });

  it('draws charts from the numbers given: bars, lines, steps and points, reference lines and bands', () => {
    const svg = expectInert(
      {
        kind: 'chart',
        chart: {
          x: { label: 'Semana', min: 0, max: 10, step: 1 },
          y: { label: 'Casos', min: 0, max: 40, step: 10 },
          series: [
            {
              type: 'bar',
              points: [
                [1, 3],
                [2, 12],
                [3, 38],
              ],
              label: 'Casos',
            },
            {
              type: 'step',
              points: [
                [0, 40],
                [4, 30],
                [8, 20],
              ],
              label: 'Supervivientes',
            },
          ],
          lines: [{ from: [0, 0], to: [10, 40], label: 'Referencia', dashed: true }],
          bands: [{ from: 10, to: 20, label: 'Intervalo normal' }],
        },
        alt,
      },
      8_000,
    );
    expect(svg).toContain('Intervalo normal');
    expect(svg).toContain('Semana');
    expect(
      ChartSpecSchema.safeParse({
        x: { label: 'x', min: 5, max: 1, step: 1 },
        y: { label: 'y', min: 0, max: 1, step: 1 },
        series: [{ type: 'line', points: [[0, 0]] }],
      }).success,
    ).toBe(false);
  });

  it('escapes the words an item puts on a chart', () => {
    const svg = expectInert(
      {
        kind: 'chart',
        chart: {
          x: { label: 'a < b & "c"', min: 0, max: 1, step: 1 },
          y: { label: 'y', min: 0, max: 1, step: 1 },
          series: [{ type: 'points', points: [[0.5, 0.5]] }],
        },
        alt,
      },
      4_000,
    );
    expect(svg).toContain('a &lt; b &amp; &quot;c&quot;');
  });
});
