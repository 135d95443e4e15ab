import { z } from 'zod';
import { escapeXml, num, pathThrough, seeded, simplify, type RenderedFigure } from './svg.ts';

/*
 * Fetal heart-rate tracings (cardiotocography) the bank draws itself (issue 38): the fetal heart rate over the
 * uterine activity, with a baseline, a variability band, accelerations and early, late, variable or prolonged
 * decelerations, on the usual grid (10 bpm and 1 minute). The tracing is drawn from the spec; nothing on it names
 * the pattern.
 */

export const CTG_VARIABILITY = ['absent', 'minimal', 'moderate', 'marked', 'sinusoidal'] as const;
export const CTG_DECELERATIONS = ['none', 'early', 'late', 'variable', 'prolonged'] as const;

export const CtgSpecSchema = z
  .object({
    /** The baseline fetal heart rate (bpm). */
    baseline: z.number().int().min(60).max(210),
    variability: z.enum(CTG_VARIABILITY),
    accelerations: z.boolean().optional(),
    decelerations: z.enum(CTG_DECELERATIONS).optional(),
    /** Uterine contractions per 10 minutes (0 to 7; more than 5 is tachysystole). */
    contractionsPer10Min: z.number().int().min(0).max(7).optional(),
    minutes: z.union([z.literal(10), z.literal(20)]).optional(),
    seed: z.number().int().min(0).optional(),
  })
  .strict();
export type CtgSpec = z.infer<typeof CtgSpecSchema>;

const SAMPLES_PER_MIN = 60;
const PX_PER_MIN = 46;
const FHR_MIN = 50;
const FHR_MAX = 210;
const PX_PER_BPM = 2;
const UC_PX_PER_MMHG = 1.3;
const LEFT = 54;
const TOP = 14;

/** A bump of height 1 centred at `at` minutes with spread `width` minutes. */
const bump = (t: number, at: number, width: number) => Math.exp(-((t - at) ** 2) / (2 * width * width));

export function renderCtg(input: CtgSpec): RenderedFigure {
  const spec = CtgSpecSchema.parse(input);
  const random = seeded(spec.seed ?? 1);
  const minutes = spec.minutes ?? 20;
  const samples = minutes * SAMPLES_PER_MIN;
  // Contractions, evenly spread with a little jitter.
  const count = spec.contractionsPer10Min ?? 3;
  const contractions: number[] = [];
  if (count > 0) {
    const every = 10 / count;
    for (let at = every * (0.4 + random() * 0.3); at < minutes - 0.3; at += every * (0.9 + random() * 0.2)) contractions.push(at);
  }
  const uc = new Float64Array(samples);
  const fhr = new Float64Array(samples);
  // Variability: a sum of slow waves and jitter, scaled to the band's amplitude (peak to trough).
  const amplitude = { absent: 0.8, minimal: 4, moderate: 14, marked: 32, sinusoidal: 14 }[spec.variability];
  const waves = Array.from({ length: 5 }, () => ({ frequency: 2 + random() * 5, phase: random() * Math.PI * 2, weight: 0.5 + random() }));
  const weightSum = waves.reduce((sum, wave) => sum + wave.weight, 0);
  const accelerations: number[] = [];
  if (spec.accelerations) {
    for (let at = 1 + random(); at < minutes - 0.5; at += 3 + random() * 2) {
      if (contractions.every((c) => Math.abs(c - at) > 0.9)) accelerations.push(at);
    }
  }
  const variable = contractions.map(() => ({ depth: 35 + random() * 30, width: 0.25 + random() * 0.2, lag: (random() - 0.5) * 0.3 }));
  for (let index = 0; index < samples; index++) {
    const t = index / SAMPLES_PER_MIN;
    let contraction = 0;
    for (const at of contractions) contraction += bump(t, at, 0.3);
    uc[index] = 12 + 48 * contraction + (random() - 0.5) * 1.5;
    let rate = spec.baseline;
    if (spec.variability === 'sinusoidal') rate += (amplitude / 2) * Math.sin(2 * Math.PI * 3.5 * t);
    else {
      let wave = 0;
      for (const each of waves) wave += each.weight * Math.sin(2 * Math.PI * each.frequency * t + each.phase);
      rate += (amplitude / 2) * (wave / weightSum) * 1.6 + (random() - 0.5) * Math.min(2, amplitude / 4);
    }
    for (const at of accelerations) rate += 20 * bump(t, at, 0.18);
    switch (spec.decelerations ?? 'none') {
      case 'early':
        for (const at of contractions) rate -= 22 * bump(t, at, 0.32);
        break;
      case 'late':
        for (const at of contractions) rate -= 18 * bump(t, at + 0.55, 0.3);
        break;
      case 'variable':
        contractions.forEach((at, position) => {
          const { depth, width, lag } = variable[position]!;
          const centre = at + lag;
          // Abrupt: a steep V with a flat bottom, unlike the gradual early and late ones.
          const distance = Math.abs(t - centre);
          if (distance < width) rate -= depth * Math.min(1, (width - distance) / (width * 0.35));
        });
        break;
      case 'prolonged': {
        const start = minutes * 0.45;
        if (t > start && t < start + 3.5) rate -= 45 * Math.min(1, (t - start) / 0.4, (start + 3.5 - t) / 0.5);
        break;
      }
    }
    fhr[index] = rate;
  }
  const width = LEFT + minutes * PX_PER_MIN + 16;
  const fhrHeight = (FHR_MAX - FHR_MIN) * PX_PER_BPM;
  const ucTop = TOP + fhrHeight + 34;
  const ucHeight = 100 * UC_PX_PER_MMHG;
  const height = ucTop + ucHeight + 40;
  const x = (t: number) => LEFT + t * PX_PER_MIN;
  const yFhr = (bpm: number) => TOP + (FHR_MAX - Math.max(FHR_MIN, Math.min(FHR_MAX, bpm))) * PX_PER_BPM;
  const yUc = (mmHg: number) => ucTop + (100 - Math.max(0, Math.min(100, mmHg))) * UC_PX_PER_MMHG;
  const light: string[] = [];
  const dark: string[] = [];
  for (let bpm = FHR_MIN; bpm <= FHR_MAX; bpm += 10) (bpm % 30 === 0 ? dark : light).push(`M${LEFT} ${num(yFhr(bpm))}H${num(x(minutes))}`);
  for (let mmHg = 0; mmHg <= 100; mmHg += 10) (mmHg % 50 === 0 ? dark : light).push(`M${LEFT} ${num(yUc(mmHg))}H${num(x(minutes))}`);
  for (let minute = 0; minute <= minutes; minute++) {
    dark.push(`M${num(x(minute))} ${TOP}V${num(TOP + fhrHeight)}M${num(x(minute))} ${num(ucTop)}V${num(ucTop + ucHeight)}`);
  }
  // The normal band (110–160 bpm), as the paper prints it.
  const band = `<rect x="${LEFT}" y="${num(yFhr(160))}" width="${num(minutes * PX_PER_MIN)}" height="${num(yFhr(110) - yFhr(160))}" fill="#eef5ec"/>`;
  const trace = (values: Float64Array, y: (value: number) => number) => {
    const points: [number, number][] = [];
    values.forEach((value, index) => points.push([x(index / SAMPLES_PER_MIN), y(value)]));
    return pathThrough(simplify(points, 0.3));
  };
  const labels: string[] = [];
  for (let bpm = 60; bpm <= FHR_MAX; bpm += 30)
    labels.push(`<text x="${LEFT - 6}" y="${num(yFhr(bpm) + 4)}" text-anchor="end">${bpm}</text>`);
  for (const mmHg of [0, 50, 100]) labels.push(`<text x="${LEFT - 6}" y="${num(yUc(mmHg) + 4)}" text-anchor="end">${mmHg}</text>`);
  for (let minute = 0; minute <= minutes; minute += 2)
    labels.push(`<text x="${num(x(minute))}" y="${num(height - 18)}" text-anchor="middle">${minute}</text>`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}">` +
    `<rect width="${num(width)}" height="${num(height)}" fill="#fff"/>${band}` +
    `<path d="${light.join('')}" stroke="#dfe7ef" stroke-width=".8" fill="none"/><path d="${dark.join('')}" stroke="#a9b8c8" stroke-width="1" fill="none"/>` +
    `<path d="${trace(fhr, yFhr)}" stroke="#111" stroke-width="1.6" fill="none" stroke-linejoin="round"/>` +
    `<path d="${trace(uc, yUc)}" stroke="#0b5394" stroke-width="1.6" fill="none" stroke-linejoin="round"/>` +
    `<g font-family="sans-serif" font-size="12" fill="#222">${labels.join('')}` +
    `<text x="${LEFT}" y="${TOP - 2}">${escapeXml('FCF (lpm)')}</text><text x="${LEFT}" y="${num(ucTop - 6)}">${escapeXml('Actividad uterina (mmHg)')}</text>` +
    `<text x="${num(x(minutes))}" y="${num(height - 4)}" text-anchor="end">${escapeXml('minutos')}</text></g></svg>`;
  return { svg, width: Math.round(width), height: Math.round(height) };
}
