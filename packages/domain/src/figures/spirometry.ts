import { z } from 'zod';
import { escapeXml, num, type RenderedFigure } from './svg.ts';

/*
 * Spirometry flow–volume loops the bank draws itself (issue 38): the expiratory limb above and the inspiratory limb
 * below, shaped by the pattern (a scooped descent in obstruction, a narrow loop in restriction, flattened limbs in
 * upper-airway obstruction), with the measured values printed beside it as a spirometry report does. An optional
 * predicted loop (dashed) and a post-bronchodilator loop. The values are the item writer's; the drawing follows them.
 */

export const SPIROMETRY_PATTERNS = [
  'normal',
  'obstructive',
  'restrictive',
  'mixed',
  'fixed-upper-airway',
  'variable-extrathoracic',
  'variable-intrathoracic',
] as const;

const litres = z.number().min(0.3).max(8);
export const SpirometrySpecSchema = z
  .object({
    pattern: z.enum(SPIROMETRY_PATTERNS),
    fvcL: litres,
    fev1L: litres,
    /** Peak expiratory flow in L/s (defaults from the pattern and FEV1). */
    pefLs: z.number().min(0.5).max(16).optional(),
    /** The predicted FVC, drawn as a dashed normal loop and printed as a percentage. */
    predictedFvcL: litres.optional(),
    predictedFev1L: litres.optional(),
    /** A second loop after a bronchodilator. */
    post: z.object({ fvcL: litres, fev1L: litres }).strict().optional(),
  })
  .strict()
  .refine((spec) => spec.fev1L <= spec.fvcL, 'FEV1 cannot exceed FVC')
  .refine((spec) => !spec.post || spec.post.fev1L <= spec.post.fvcL, 'FEV1 cannot exceed FVC after the bronchodilator');
export type SpirometrySpec = z.infer<typeof SpirometrySpecSchema>;

type Pattern = SpirometrySpec['pattern'];

/** Expiratory flow (L/s) at a fraction `f` of the exhaled FVC, for a loop peaking at `pef`. */
function expiratory(pattern: Pattern, f: number, pef: number): number {
  const rise = 0.12;
  // Upper-airway obstruction caps expiratory flow from the start: no peak above the plateau.
  const capped = pattern === 'fixed-upper-airway' || pattern === 'variable-intrathoracic';
  if (f <= rise) return (capped ? pef * 0.45 : pef) * Math.sin(((f / rise) * Math.PI) / 2);
  const s = (f - rise) / (1 - rise);
  switch (pattern) {
    case 'obstructive':
    case 'mixed':
      // Scooped: flow falls fast after the peak, then trails along.
      return pef * (1 - s) ** 2.6;
    case 'fixed-upper-airway':
    case 'variable-intrathoracic':
      // A plateau: flow cannot rise above a ceiling until late in expiration.
      return Math.min(pef * 0.45, pef * (1 - s) ** 0.9);
    default:
      return pef * (1 - s) ** 1.05;
  }
}

/** Inspiratory flow (L/s, negative) at a fraction of the FVC breathed back in. */
function inspiratory(pattern: Pattern, f: number, pif: number): number {
  const shape = Math.sin(f * Math.PI) ** 0.8;
  const flat = pattern === 'fixed-upper-airway' || pattern === 'variable-extrathoracic';
  return -(flat ? Math.min(pif * 0.4, pif * shape) : pif * shape);
}

const WIDTH = 760;
const HEIGHT = 460;
const PLOT = { left: 62, top: 24, width: 460, height: 380 };

export function renderSpirometry(input: SpirometrySpec): RenderedFigure {
  const spec = SpirometrySpecSchema.parse(input);
  const pefOf = (fev1: number, pattern: Pattern) =>
    spec.pefLs ?? Math.max(1, fev1 * (pattern === 'restrictive' ? 2.6 : pattern === 'obstructive' || pattern === 'mixed' ? 1.9 : 2.2));
  const pef = pefOf(spec.fev1L, spec.pattern);
  const maxVolume = Math.ceil(Math.max(spec.fvcL, spec.predictedFvcL ?? 0, spec.post?.fvcL ?? 0) + 0.5);
  const predictedPef = spec.predictedFev1L ? spec.predictedFev1L * 2.2 : 0;
  const maxFlow = Math.ceil(Math.max(pef, predictedPef, spec.post ? pefOf(spec.post.fev1L, spec.pattern) : 0) + 1);
  const minFlow = -Math.ceil(maxFlow * 0.75);
  const sx = (volume: number) => PLOT.left + (volume / maxVolume) * PLOT.width;
  const sy = (flow: number) => PLOT.top + ((maxFlow - flow) / (maxFlow - minFlow)) * PLOT.height;
  const loop = (fvc: number, peak: number, pattern: Pattern) => {
    let d = `M${num(sx(0))} ${num(sy(0))}`;
    for (let i = 1; i <= 80; i++) d += `L${num(sx((i / 80) * fvc))} ${num(sy(expiratory(pattern, i / 80, peak)))}`;
    for (let i = 1; i <= 60; i++) d += `L${num(sx(fvc - (i / 60) * fvc))} ${num(sy(inspiratory(pattern, i / 60, peak * 0.85)))}`;
    return d;
  };
  const grid: string[] = [];
  const text: string[] = [];
  for (let volume = 0; volume <= maxVolume; volume++) {
    grid.push(`M${num(sx(volume))} ${PLOT.top}V${PLOT.top + PLOT.height}`);
    text.push(`<text x="${num(sx(volume))}" y="${num(sy(minFlow) + 18)}" text-anchor="middle">${volume}</text>`);
  }
  for (let flow = minFlow; flow <= maxFlow; flow += 2) {
    grid.push(`M${PLOT.left} ${num(sy(flow))}H${PLOT.left + PLOT.width}`);
    text.push(`<text x="${PLOT.left - 8}" y="${num(sy(flow) + 4)}" text-anchor="end">${flow}</text>`);
  }
  const loops: string[] = [];
  if (spec.predictedFvcL)
    loops.push(
      `<path d="${loop(spec.predictedFvcL, predictedPef || pef * 1.2, 'normal')}" fill="none" stroke="#777" stroke-width="1.6" stroke-dasharray="7 5"/>`,
    );
  loops.push(`<path d="${loop(spec.fvcL, pef, spec.pattern)}" fill="none" stroke="#0b5394" stroke-width="2.6" stroke-linejoin="round"/>`);
  if (spec.post)
    loops.push(
      `<path d="${loop(spec.post.fvcL, pefOf(spec.post.fev1L, spec.pattern), spec.pattern)}" fill="none" stroke="#d55e00" stroke-width="2.2"/>`,
    );
  // The report beside the loop: measured values (and percent of predicted when given).
  const percent = (value: number, predicted: number | undefined) => (predicted ? ` (${Math.round((value / predicted) * 100)} %)` : '');
  const rows: [string, string][] = [
    ['FVC', `${num(spec.fvcL, 2)} L${percent(spec.fvcL, spec.predictedFvcL)}`],
    ['FEV1', `${num(spec.fev1L, 2)} L${percent(spec.fev1L, spec.predictedFev1L)}`],
    ['FEV1/FVC', num(spec.fev1L / spec.fvcL, 2)],
  ];
  if (spec.post) {
    rows.push(
      ['', ''],
      ['Posbroncodilatador', ''],
      ['FVC', `${num(spec.post.fvcL, 2)} L`],
      ['FEV1', `${num(spec.post.fev1L, 2)} L`],
      ['FEV1/FVC', num(spec.post.fev1L / spec.post.fvcL, 2)],
    );
  }
  const reportX = PLOT.left + PLOT.width + 28;
  const report = rows
    .map(
      ([name, value], index) =>
        `<text x="${reportX}" y="${PLOT.top + 20 + index * 22}"${value ? '' : ' font-weight="bold"'}>${escapeXml(name)}</text><text x="${WIDTH - 16}" y="${PLOT.top + 20 + index * 22}" text-anchor="end">${escapeXml(value)}</text>`,
    )
    .join('');
  const legend = [
    `<path d="M${reportX} ${HEIGHT - 86}h26" stroke="#0b5394" stroke-width="2.6"/><text x="${reportX + 34}" y="${HEIGHT - 81}">${spec.post ? 'Basal' : 'Medida'}</text>`,
    spec.post
      ? `<path d="M${reportX} ${HEIGHT - 62}h26" stroke="#d55e00" stroke-width="2.2"/><text x="${reportX + 34}" y="${HEIGHT - 57}">Posbroncodilatador</text>`
      : '',
    spec.predictedFvcL
      ? `<path d="M${reportX} ${HEIGHT - 38}h26" stroke="#777" stroke-width="1.6" stroke-dasharray="7 5"/><text x="${reportX + 34}" y="${HEIGHT - 33}">Predicho</text>`
      : '',
  ].join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>` +
    `<path d="${grid.join('')}" stroke="#e3e6ea" fill="none"/>` +
    `<path d="M${PLOT.left} ${num(sy(0))}H${PLOT.left + PLOT.width}M${PLOT.left} ${PLOT.top}V${PLOT.top + PLOT.height}" stroke="#333" stroke-width="1.4" fill="none"/>` +
    loops.join('') +
    `<g font-family="sans-serif" font-size="13" fill="#222">${text.join('')}${report}${legend}` +
    `<text x="${num(PLOT.left + PLOT.width / 2)}" y="${HEIGHT - 10}" text-anchor="middle" font-size="15">Volumen (L)</text>` +
    `<text transform="translate(18 ${num(PLOT.top + PLOT.height / 2)}) rotate(-90)" text-anchor="middle" font-size="15">Flujo (L/s)</text></g></svg>`;
  return { svg, width: WIDTH, height: HEIGHT };
}
