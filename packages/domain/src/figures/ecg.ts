import { z } from 'zod';
import { escapeXml, num, pathThrough, seeded, simplify, type RenderedFigure } from './svg.ts';

/*
 * Electrocardiograms the bank draws itself (issue 38): a rhythm and morphology generator. A tracing is a sum of
 * smooth waves (P, Q, R, S, T, U) per beat, with each lead's amplitudes from a table of the normal 12-lead ECG, then
 * changed by the spec: the rhythm (how beats and atrial activity follow each other), the conduction (bundle branch
 * blocks, pre-excitation), injury and ischaemia by territory, potassium, pericarditis, hypertrophy, a long QT.
 * Drawn at the standard 25 mm/s and 10 mm/mV on millimetre paper, as the exam prints it. The spec never reaches the
 * page: the server renders it, and the SVG holds only the tracing, the grid and the lead names.
 */

export const ECG_LEADS = ['I', 'II', 'III', 'aVR', 'aVL', 'aVF', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6'] as const;
export type EcgLead = (typeof ECG_LEADS)[number];

export const ECG_RHYTHMS = [
  'sinus',
  'atrial-fibrillation',
  'atrial-flutter',
  'svt',
  'junctional',
  'vt',
  'vf',
  'torsades',
  'asystole',
  'av-block-1',
  'mobitz-1',
  'mobitz-2',
  'av-block-3',
] as const;
export const ECG_TERRITORIES = [
  'inferior',
  'anterior',
  'anteroseptal',
  'lateral',
  'extensive-anterior',
  'inferolateral',
  'posterior',
] as const;
export type EcgTerritory = (typeof ECG_TERRITORIES)[number];

export const EcgSpecSchema = z
  .object({
    rhythm: z.enum(ECG_RHYTHMS),
    /** The ventricular rate (beats per minute); in complete block, the escape rhythm's. */
    rate: z.number().int().min(20).max(300).optional(),
    /** The atrial rate where it differs (complete block, Mobitz; flutter waves at 250–350). */
    atrialRate: z.number().int().min(40).max(400).optional(),
    /** Flutter: atrial beats per conducted beat (2 → 2:1). Mobitz II: P waves per dropped beat (3 → 3:2). */
    conduction: z.number().int().min(2).max(6).optional(),
    prMs: z.number().int().min(60).max(480).optional(),
    qrsMs: z.number().int().min(60).max(240).optional(),
    /** The corrected QT (Bazett) the tracing has. */
    qtcMs: z.number().int().min(300).max(700).optional(),
    /** Intraventricular conduction: normal, right or left bundle branch block, or pre-excitation (WPW). */
    conductionPattern: z.enum(['normal', 'rbbb', 'lbbb', 'wpw']).optional(),
    /** Acute injury: ST elevation in the territory's leads and reciprocal depression. */
    injury: z.enum(ECG_TERRITORIES).optional(),
    /** Pathological Q waves of an old infarct in the territory's leads. */
    oldInfarct: z.enum(ECG_TERRITORIES).optional(),
    /** Subendocardial ischaemia: ST depression, or deep T inversion (Wellens in V2–V3), in these leads. */
    ischaemia: z.object({ leads: z.array(z.enum(ECG_LEADS)).min(1), kind: z.enum(['st-depression', 't-inversion']) }).optional(),
    pericarditis: z.boolean().optional(),
    potassium: z.enum(['low', 'high', 'very-high']).optional(),
    lvh: z.boolean().optional(),
    /** Twelve leads in four columns with a long lead II below, or a 10-second strip of one lead. */
    layout: z.enum(['12-lead', 'strip']).optional(),
    stripLead: z.enum(ECG_LEADS).optional(),
    seed: z.number().int().min(0).optional(),
  })
  .strict();
export type EcgSpec = z.infer<typeof EcgSpecSchema>;

/** One wave: a Gaussian bump of `amp` mV centred at `at` seconds with spread `width` seconds. */
type Wave = { at: number; amp: number; width: number };

/** The normal 12-lead amplitudes in mV (P, Q, R, S, T, U), from the usual textbook morphology. */
const NORMAL: Record<EcgLead, { p: number; q: number; r: number; s: number; t: number; u: number }> = {
  I: { p: 0.1, q: -0.05, r: 0.7, s: -0.1, t: 0.25, u: 0.02 },
  II: { p: 0.15, q: -0.05, r: 1.1, s: -0.15, t: 0.3, u: 0.03 },
  III: { p: 0.06, q: -0.05, r: 0.5, s: -0.2, t: 0.1, u: 0.01 },
  aVR: { p: -0.12, q: 0, r: 0.1, s: -0.8, t: -0.25, u: -0.02 },
  aVL: { p: 0.04, q: -0.05, r: 0.35, s: -0.2, t: 0.1, u: 0.01 },
  aVF: { p: 0.1, q: -0.05, r: 0.8, s: -0.15, t: 0.2, u: 0.02 },
  V1: { p: 0.06, q: 0, r: 0.25, s: -1.0, t: -0.05, u: 0.02 },
  V2: { p: 0.08, q: 0, r: 0.45, s: -1.3, t: 0.35, u: 0.04 },
  V3: { p: 0.1, q: 0, r: 0.8, s: -0.8, t: 0.45, u: 0.04 },
  V4: { p: 0.1, q: -0.05, r: 1.3, s: -0.4, t: 0.45, u: 0.03 },
  V5: { p: 0.1, q: -0.1, r: 1.4, s: -0.2, t: 0.35, u: 0.02 },
  V6: { p: 0.1, q: -0.1, r: 1.1, s: -0.1, t: 0.25, u: 0.02 },
};

/** The leads that face each territory (where injury raises the ST) and those that mirror it. */
const TERRITORY: Record<EcgTerritory, { facing: EcgLead[]; mirror: EcgLead[] }> = {
  inferior: { facing: ['II', 'III', 'aVF'], mirror: ['I', 'aVL'] },
  anterior: { facing: ['V2', 'V3', 'V4'], mirror: ['III', 'aVF'] },
  anteroseptal: { facing: ['V1', 'V2', 'V3'], mirror: [] },
  lateral: { facing: ['I', 'aVL', 'V5', 'V6'], mirror: ['III', 'aVF'] },
  'extensive-anterior': { facing: ['I', 'aVL', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6'], mirror: ['III', 'aVF'] },
  inferolateral: { facing: ['II', 'III', 'aVF', 'V5', 'V6'], mirror: ['aVL'] },
  // A posterior infarct shows in V1–V3 as its mirror image: ST depression with tall R waves.
  posterior: { facing: [], mirror: ['V1', 'V2', 'V3'] },
};

/** A beat: when it starts (its P, or its QRS when it has none) and what it shows. */
interface Beat {
  /** The QRS onset in seconds, or null for a P wave that is not conducted. */
  qrsAt: number | null;
  /** The P wave's onset, or null when there is none. */
  pAt: number | null;
}

interface Timing {
  beats: Beat[];
  /** Extra atrial activity drawn on the baseline: flutter waves, fibrillation. */
  atrial: 'none' | 'flutter' | 'fibrillation';
  atrialRate: number;
}

const DURATION = 10;

function timingOf(spec: EcgSpec, random: () => number): Timing {
  const rate = spec.rate ?? defaultRate(spec.rhythm);
  const rr = 60 / rate;
  const pr = (spec.prMs ?? (spec.conductionPattern === 'wpw' ? 100 : spec.rhythm === 'av-block-1' ? 280 : 160)) / 1000;
  const beats: Beat[] = [];
  const start = 0.15 + random() * 0.3;
  switch (spec.rhythm) {
    case 'sinus':
    case 'av-block-1':
      for (let t = start; t < DURATION; t += rr) beats.push({ pAt: t, qrsAt: t + pr });
      return { beats, atrial: 'none', atrialRate: rate };
    case 'atrial-fibrillation': {
      let t = start;
      while (t < DURATION) {
        beats.push({ pAt: null, qrsAt: t });
        t += rr * (0.55 + random() * 0.9);
      }
      return { beats, atrial: 'fibrillation', atrialRate: 400 };
    }
    case 'atrial-flutter': {
      const atrialRate = spec.atrialRate ?? 300;
      const ratio = spec.conduction ?? 2;
      const interval = (60 / atrialRate) * ratio;
      for (let t = start; t < DURATION; t += interval) beats.push({ pAt: null, qrsAt: t });
      return { beats, atrial: 'flutter', atrialRate };
    }
    case 'svt':
    case 'junctional':
    case 'vt':
      for (let t = start; t < DURATION; t += rr) beats.push({ pAt: null, qrsAt: t });
      return { beats, atrial: 'none', atrialRate: rate };
    case 'mobitz-1': {
      // The PR lengthens beat by beat until a P wave is not conducted; then it starts again.
      const atrial = 60 / (spec.atrialRate ?? 80);
      const cycle = spec.conduction ?? 4;
      let index = 0;
      for (let t = start; t < DURATION; t += atrial, index++) {
        const position = index % cycle;
        const dropped = position === cycle - 1;
        beats.push({ pAt: t, qrsAt: dropped ? null : t + pr + position * 0.08 });
      }
      return { beats, atrial: 'none', atrialRate: 60 / atrial };
    }
    case 'mobitz-2': {
      const atrial = 60 / (spec.atrialRate ?? 80);
      const cycle = spec.conduction ?? 3;
      let index = 0;
      for (let t = start; t < DURATION; t += atrial, index++) {
        beats.push({ pAt: t, qrsAt: index % cycle === cycle - 1 ? null : t + pr });
      }
      return { beats, atrial: 'none', atrialRate: 60 / atrial };
    }
    case 'av-block-3': {
      // Atria and ventricles beat each at their own rate: P waves march through the QRS complexes.
      const atrial = 60 / (spec.atrialRate ?? 85);
      for (let t = start; t < DURATION; t += atrial) beats.push({ pAt: t, qrsAt: null });
      for (let t = start + 0.35; t < DURATION; t += rr) beats.push({ pAt: null, qrsAt: t });
      return { beats, atrial: 'none', atrialRate: 60 / atrial };
    }
    default:
      return { beats: [], atrial: 'none', atrialRate: rate };
  }
}

function defaultRate(rhythm: EcgSpec['rhythm']): number {
  switch (rhythm) {
    case 'svt':
      return 180;
    case 'vt':
      return 170;
    case 'junctional':
      return 50;
    case 'av-block-3':
      return 38;
    case 'atrial-fibrillation':
      return 110;
    default:
      return 75;
  }
}

/** Which leads an ST shift of the spec touches, in mV, lead by lead. */
function stShift(spec: EcgSpec, lead: EcgLead): number {
  let shift = 0;
  if (spec.injury) {
    const territory = TERRITORY[spec.injury];
    if (territory.facing.includes(lead)) shift += lead.startsWith('V') ? 0.3 : 0.25;
    if (territory.mirror.includes(lead)) shift -= spec.injury === 'posterior' ? 0.2 : 0.12;
  }
  if (spec.pericarditis) {
    if (lead === 'aVR') shift -= 0.1;
    else if (lead !== 'V1' && lead !== 'III') shift += 0.15;
  }
  if (spec.ischaemia?.kind === 'st-depression' && spec.ischaemia.leads.includes(lead)) shift -= 0.15;
  if (spec.lvh && (lead === 'V5' || lead === 'V6' || lead === 'I' || lead === 'aVL')) shift -= 0.08;
  return shift;
}

/** The waves of one conducted beat in one lead, its QRS starting at `at` seconds. */
function ventricularWaves(spec: EcgSpec, lead: EcgLead, at: number, rr: number): Wave[] {
  const base = NORMAL[lead];
  const ventricular = spec.rhythm === 'vt' || (spec.rhythm === 'av-block-3' && (spec.qrsMs ?? 140) >= 120);
  const pattern = spec.conductionPattern ?? 'normal';
  const qrs =
    (spec.qrsMs ?? (ventricular ? 150 : pattern === 'rbbb' ? 130 : pattern === 'lbbb' ? 150 : pattern === 'wpw' ? 120 : 90)) / 1000;
  let { q, r, s, t } = base;
  const waves: Wave[] = [];
  if (spec.lvh) {
    if (lead === 'V5' || lead === 'V6') r *= 2.2;
    if (lead === 'V1' || lead === 'V2') s *= 2;
    if (lead === 'aVL') r *= 2.5;
  }
  if (spec.oldInfarct) {
    const territory = TERRITORY[spec.oldInfarct];
    if (territory.facing.includes(lead)) {
      q = -0.45;
      r *= 0.4;
    }
    if (spec.oldInfarct === 'posterior' && (lead === 'V1' || lead === 'V2')) r = 0.9;
  }
  if (spec.injury === 'posterior' && (lead === 'V1' || lead === 'V2')) r = Math.max(r, 0.8);
  if (ventricular) {
    // A broad complex from the ventricle: one large deflection and a T wave the other way.
    const sign = ['I', 'II', 'aVL', 'V4', 'V5', 'V6'].includes(lead) ? 1 : -1;
    const height = 0.9 + Math.abs(base.r + base.s) * 0.3;
    waves.push({ at: at + qrs * 0.45, amp: sign * height, width: qrs * 0.28 });
    waves.push({ at: at + qrs + 0.16, amp: -sign * 0.45, width: 0.07 });
    return waves;
  }
  if (pattern === 'rbbb') {
    if (lead === 'V1' || lead === 'V2') {
      waves.push(
        { at: at + 0.02, amp: 0.3, width: 0.012 },
        { at: at + 0.045, amp: -0.35, width: 0.01 },
        { at: at + qrs * 0.75, amp: 0.9, width: 0.02 },
      );
      t = -0.2;
    } else {
      waves.push(
        { at: at + 0.01, amp: q, width: 0.008 },
        { at: at + 0.035, amp: r, width: 0.012 },
        { at: at + qrs * 0.7, amp: Math.min(s, 0) - 0.35 * Math.sign(r), width: 0.025 },
      );
    }
  } else if (pattern === 'lbbb') {
    const leftward = ['I', 'aVL', 'V5', 'V6'].includes(lead);
    const rightward = ['V1', 'V2', 'V3'].includes(lead);
    if (leftward) {
      waves.push({ at: at + qrs * 0.35, amp: 1.0, width: 0.025 }, { at: at + qrs * 0.7, amp: 1.1, width: 0.025 });
      t = -0.3;
    } else if (rightward) {
      waves.push({ at: at + qrs * 0.5, amp: -1.4, width: 0.04 });
      t = 0.35;
    } else {
      waves.push({ at: at + qrs * 0.45, amp: r * 0.6 + s * 0.6, width: 0.035 });
    }
  } else {
    if (pattern === 'wpw') {
      // The delta wave: an early, slurred upstroke that widens the QRS and shortens the PR.
      waves.push({ at: at + 0.03, amp: Math.sign(r || 1) * Math.abs(r) * 0.35, width: 0.022 });
    }
    const shift = pattern === 'wpw' ? 0.03 : 0;
    waves.push({ at: at + shift + 0.012, amp: q, width: 0.008 });
    waves.push({ at: at + shift + qrs * 0.42, amp: r, width: Math.max(0.009, qrs * 0.11) });
    waves.push({ at: at + shift + qrs * 0.78, amp: s, width: 0.011 });
  }
  // Repolarisation: the T wave sits at the QT's end; potassium, ischaemia and infarction change it.
  const qtc = (spec.qtcMs ?? (spec.potassium === 'low' ? 470 : 410)) / 1000;
  const qt = Math.min(qtc * Math.sqrt(rr), rr * 0.85);
  let tWidth = 0.05;
  if (spec.potassium === 'high' || spec.potassium === 'very-high') {
    t = Math.abs(t) * (spec.potassium === 'very-high' ? 3.2 : 2.6) + 0.2;
    if (lead === 'aVR') t = -t * 0.5;
    tWidth = 0.032;
  }
  if (spec.potassium === 'low') t *= 0.25;
  if (spec.ischaemia?.kind === 't-inversion' && spec.ischaemia.leads.includes(lead)) t = -Math.max(0.35, Math.abs(t) * 1.2);
  if (spec.injury && TERRITORY[spec.injury].facing.includes(lead)) t = Math.abs(t) + 0.2;
  if (spec.lvh && (lead === 'V5' || lead === 'V6' || lead === 'aVL')) t = -0.2;
  waves.push({ at: at + qt - 0.09, amp: t, width: tWidth });
  const u = spec.potassium === 'low' ? Math.abs(base.u) * 4 + 0.06 : base.u;
  waves.push({ at: at + qt + 0.07, amp: lead === 'aVR' ? -Math.abs(u) : u, width: 0.035 });
  return waves;
}

/** The millivolts of one lead at every sample, over the strip's time. */
function leadSignal(spec: EcgSpec, lead: EcgLead, timing: Timing, samples: number, random: () => number): Float64Array {
  const signal = new Float64Array(samples);
  const dt = DURATION / samples;
  const base = NORMAL[lead];
  const waves: Wave[] = [];
  const plateaus: { from: number; to: number; level: number }[] = [];
  const conducted = timing.beats.filter((beat) => beat.qrsAt !== null).map((beat) => beat.qrsAt!);
  const meanRr = conducted.length > 1 ? (conducted.at(-1)! - conducted[0]!) / (conducted.length - 1) : 60 / (spec.rate ?? 75);
  const pAmp = spec.potassium === 'very-high' ? base.p * 0.3 : base.p;
  const prDepression = spec.pericarditis ? (lead === 'aVR' ? 0.06 : -0.05) : 0;
  const st = stShift(spec, lead);
  for (const beat of timing.beats) {
    if (beat.pAt !== null) {
      waves.push({ at: beat.pAt + 0.05, amp: pAmp, width: 0.022 });
      if (prDepression !== 0) plateaus.push({ from: beat.pAt + 0.1, to: beat.pAt + 0.15, level: prDepression });
    }
    if (beat.qrsAt !== null) {
      waves.push(...ventricularWaves(spec, lead, beat.qrsAt, meanRr));
      if (st !== 0) {
        const qrs = (spec.qrsMs ?? 90) / 1000;
        const qtc = (spec.qtcMs ?? 410) / 1000;
        plateaus.push({ from: beat.qrsAt + qrs, to: beat.qrsAt + Math.min(qtc * Math.sqrt(meanRr), meanRr * 0.85) - 0.1, level: st });
      }
    }
  }
  // Fibrillation and flutter waves drawn on the baseline; ventricular fibrillation and torsades replace the beats.
  const phase = random() * Math.PI * 2;
  const atrialWeight = lead === 'II' || lead === 'III' || lead === 'aVF' ? 1 : lead === 'V1' ? 1.2 : 0.45;
  for (let index = 0; index < samples; index++) {
    const time = index * dt;
    let value = 0;
    for (const wave of waves) {
      const distance = time - wave.at;
      if (Math.abs(distance) < wave.width * 5) value += wave.amp * Math.exp(-(distance * distance) / (2 * wave.width * wave.width));
    }
    for (const plateau of plateaus) value += plateau.level * smoothWindow(time, plateau.from, plateau.to, 0.025);
    if (timing.atrial === 'fibrillation') {
      value +=
        atrialWeight *
        0.05 *
        (Math.sin(2 * Math.PI * 6.1 * time + phase) +
          0.7 * Math.sin(2 * Math.PI * 7.7 * time + phase * 1.7) +
          0.5 * Math.sin(2 * Math.PI * 4.9 * time));
    } else if (timing.atrial === 'flutter') {
      // Sawtooth flutter waves, negative in the inferior leads and positive in V1.
      const cycle = (time * timing.atrialRate) / 60;
      const saw = cycle - Math.floor(cycle);
      const sign = lead === 'II' || lead === 'III' || lead === 'aVF' ? -1 : lead === 'V1' ? 1 : lead === 'aVR' ? 0.5 : 0.2;
      value += sign * 0.3 * (saw < 0.75 ? saw / 0.75 : (1 - saw) / 0.25) * atrialWeight - sign * 0.15 * atrialWeight;
    }
    if (spec.rhythm === 'vf') {
      const envelope = 0.35 + 0.25 * Math.sin(2 * Math.PI * 0.4 * time + phase);
      value =
        envelope *
        (Math.sin(2 * Math.PI * 5.3 * time + phase) +
          0.6 * Math.sin(2 * Math.PI * 3.7 * time + 1.3 * phase) +
          0.4 * Math.sin(2 * Math.PI * 7.9 * time));
    } else if (spec.rhythm === 'torsades') {
      const envelope = 0.3 + 0.9 * Math.abs(Math.sin(Math.PI * 0.45 * time + phase));
      value = envelope * Math.sin(2 * Math.PI * ((spec.rate ?? 240) / 60) * time + phase);
    } else if (spec.rhythm === 'asystole') {
      value = 0.015 * Math.sin(2 * Math.PI * 0.3 * time + phase);
    }
    signal[index] = value;
  }
  return signal;
}

/** 1 inside [from, to], rising and falling over `edge` seconds. */
function smoothWindow(time: number, from: number, to: number, edge: number): number {
  if (to <= from) return 0;
  const rise = Math.min(1, Math.max(0, (time - from + edge) / edge));
  const fall = Math.min(1, Math.max(0, (to + edge - time) / edge));
  return Math.min(rise, fall);
}

/** One lead's tracing over the 10 seconds, in mV at 500 samples a second (what the drawing plots; for tests). */
export function ecgTrace(input: EcgSpec, lead: EcgLead): Float64Array {
  const spec = EcgSpecSchema.parse(input);
  const timing = timingOf(spec, seeded(spec.seed ?? 1));
  return leadSignal(spec, lead, timing, DURATION * SAMPLES_PER_S, seeded((spec.seed ?? 1) + ECG_LEADS.indexOf(lead)));
}

/** Pixels per millimetre of ECG paper. */
const PX_PER_MM = 4;
const MM_PER_S = 25;
const MM_PER_MV = 10;
const SAMPLES_PER_S = 500;

/** Renders the spec as an SVG ECG on millimetre paper, with the calibration pulse and each lead's name. */
export function renderEcg(input: EcgSpec): RenderedFigure {
  const spec = EcgSpecSchema.parse(input);
  const random = seeded(spec.seed ?? 1);
  const timing = timingOf(spec, random);
  const samples = DURATION * SAMPLES_PER_S;
  const signals = new Map<EcgLead, Float64Array>();
  const signalOf = (lead: EcgLead) => {
    let signal = signals.get(lead);
    if (!signal) signals.set(lead, (signal = leadSignal(spec, lead, timing, samples, seeded((spec.seed ?? 1) + ECG_LEADS.indexOf(lead)))));
    return signal;
  };
  const widthMm = 260;
  const rowMm = 30;
  const rows: { lead: EcgLead; from: number; to: number; x: number; y: number }[] = [];
  if ((spec.layout ?? '12-lead') === '12-lead') {
    const columns: EcgLead[][] = [
      ['I', 'II', 'III'],
      ['aVR', 'aVL', 'aVF'],
      ['V1', 'V2', 'V3'],
      ['V4', 'V5', 'V6'],
    ];
    columns.forEach((column, c) =>
      column.forEach((lead, r) => rows.push({ lead, from: c * 2.5, to: (c + 1) * 2.5, x: 10 + c * 62.5, y: (r + 0.5) * rowMm + 5 })),
    );
    rows.push({ lead: spec.stripLead ?? 'II', from: 0, to: DURATION, x: 10, y: 3.5 * rowMm + 5 });
  } else {
    rows.push({ lead: spec.stripLead ?? 'II', from: 0, to: DURATION, x: 10, y: rowMm / 2 + 5 });
  }
  const heightMm = (rows.length > 1 ? 4 : 1) * rowMm + 10;
  const paths: string[] = [];
  const labels: string[] = [];
  for (const row of rows) {
    const signal = signalOf(row.lead);
    const first = Math.round(row.from * SAMPLES_PER_S);
    const last = Math.min(samples - 1, Math.round(row.to * SAMPLES_PER_S));
    const points: [number, number][] = [];
    for (let index = first; index <= last; index++) {
      const x = (row.x + ((index - first) / SAMPLES_PER_S) * MM_PER_S) * PX_PER_MM;
      // Tall complexes run into the next row, as on paper (LVH voltages stay measurable); only the extreme is cut.
      const mv = Math.max(-2.9, Math.min(2.9, signal[index]!));
      points.push([x, (row.y - mv * MM_PER_MV) * PX_PER_MM]);
    }
    paths.push(pathThrough(simplify(points, 0.35)));
    labels.push(`<text x="${num((row.x + 1) * PX_PER_MM)}" y="${num((row.y - 9) * PX_PER_MM)}">${escapeXml(row.lead)}</text>`);
  }
  // The 1 mV calibration pulse at the start of each row (10 mm high, 5 mm wide).
  const pulses = [...new Set(rows.map((row) => row.y))]
    .map((y) => {
      const x0 = 2 * PX_PER_MM;
      const base = y * PX_PER_MM;
      const top = (y - MM_PER_MV) * PX_PER_MM;
      return `M${num(x0)} ${num(base)}h${num(2 * PX_PER_MM)}V${num(top)}h${num(5 * PX_PER_MM)}V${num(base)}h${num(PX_PER_MM)}`;
    })
    .join('');
  const width = widthMm * PX_PER_MM;
  const height = heightMm * PX_PER_MM;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><pattern id="s" width="${PX_PER_MM}" height="${PX_PER_MM}" patternUnits="userSpaceOnUse"><path d="M${PX_PER_MM} 0V${PX_PER_MM}H0" fill="none" stroke="#f6c6c6" stroke-width=".5"/></pattern>` +
    `<pattern id="b" width="${5 * PX_PER_MM}" height="${5 * PX_PER_MM}" patternUnits="userSpaceOnUse"><rect width="${5 * PX_PER_MM}" height="${5 * PX_PER_MM}" fill="url(#s)"/><path d="M${5 * PX_PER_MM} 0V${5 * PX_PER_MM}H0" fill="none" stroke="#e48a8a" stroke-width="1"/></pattern></defs>` +
    `<rect width="${width}" height="${height}" fill="#fff"/><rect width="${width}" height="${height}" fill="url(#b)"/>` +
    `<g fill="none" stroke="#111" stroke-width="1.4" stroke-linejoin="round"><path d="${pulses}"/>${paths.map((d) => `<path d="${d}"/>`).join('')}</g>` +
    `<g font-family="sans-serif" font-size="14" fill="#111">${labels.join('')}</g>` +
    `<text x="${width - 8}" y="${height - 8}" font-family="sans-serif" font-size="12" fill="#444" text-anchor="end">25 mm/s · 10 mm/mV</text></svg>`;
  return { svg, width, height };
}
