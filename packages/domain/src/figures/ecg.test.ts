import { describe, expect, it } from 'vitest';
import { ECG_RHYTHMS, ECG_TERRITORIES, ecgTrace, EcgSpecSchema, renderEcg, type EcgSpec } from './ecg.ts';

const HZ = 500;

/** The times (s) of the R peaks: local maxima above `threshold` mV at least 200 ms apart. */
function peaks(trace: Float64Array, threshold: number): number[] {
  const found: number[] = [];
  for (let i = 1; i < trace.length - 1; i++) {
    if (
      trace[i]! > threshold &&
      trace[i]! >= trace[i - 1]! &&
      trace[i]! > trace[i + 1]! &&
      (found.length === 0 || i / HZ - found.at(-1)! > 0.2)
    )
      found.push(i / HZ);
  }
  return found;
}
const intervals = (times: number[]) => times.slice(1).map((time, index) => time - times[index]!);
const variation = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) / mean;
};

describe('the ECG generator (issue 38)', () => {
  it('draws every rhythm, in both layouts, as a small inert SVG that is the same for the same spec', () => {
    for (const rhythm of ECG_RHYTHMS)
      for (const layout of ['12-lead', 'strip'] as const) {
        const spec: EcgSpec = { rhythm, layout, seed: 5 };
        const { svg, width, height } = renderEcg(spec);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).not.toMatch(/NaN|Infinity|<script|href=|on[a-z]+=/);
        // Nothing in the drawing names what it shows.
        expect(svg).not.toContain(rhythm);
        expect(svg.length).toBeLessThan(25_000);
        expect(width).toBe(1040);
        expect(height).toBe(layout === 'strip' ? 160 : 520);
        expect(renderEcg(spec).svg).toBe(svg);
      }
  });

  it('keeps the rate it is given, regular in sinus rhythm and irregular in atrial fibrillation', () => {
    const sinus = peaks(ecgTrace({ rhythm: 'sinus', rate: 60 }, 'II'), 0.6);
    expect(sinus.length).toBeGreaterThanOrEqual(9);
    expect(sinus.length).toBeLessThanOrEqual(10);
    expect(variation(intervals(sinus))).toBeLessThan(0.02);
    const fast = peaks(ecgTrace({ rhythm: 'sinus', rate: 120 }, 'II'), 0.6);
    expect(fast.length).toBeGreaterThanOrEqual(19);
    const fibrillation = peaks(ecgTrace({ rhythm: 'atrial-fibrillation', rate: 110, seed: 2 }, 'II'), 0.6);
    expect(variation(intervals(fibrillation))).toBeGreaterThan(0.12);
    // Flutter 2:1 at 300 a minute conducts 150; complete block escapes at its own slow rate.
    expect(peaks(ecgTrace({ rhythm: 'atrial-flutter', conduction: 2 }, 'V5'), 0.6).length).toBeGreaterThanOrEqual(24);
    expect(peaks(ecgTrace({ rhythm: 'av-block-3', rate: 36 }, 'I'), 0.5).length).toBeLessThanOrEqual(7);
  });

  it('raises the ST segment in the leads facing an injury and lowers it in the mirror leads', () => {
    for (const territory of ECG_TERRITORIES.filter((name) => name !== 'posterior')) {
      const spec: EcgSpec = { rhythm: 'sinus', rate: 60, injury: territory };
      const facing = {
        inferior: 'aVF',
        anterior: 'V3',
        anteroseptal: 'V2',
        lateral: 'V6',
        'extensive-anterior': 'V3',
        inferolateral: 'III',
      } as const;
      const lead = facing[territory];
      const trace = ecgTrace(spec, lead);
      const [firstR] = peaks(ecgTrace(spec, 'II'), 0.6);
      // The J point plus 60 ms: on the ST segment.
      const st = trace[Math.round((firstR! + 0.1) * HZ)]!;
      const normal = ecgTrace({ rhythm: 'sinus', rate: 60 }, lead)[Math.round((firstR! + 0.1) * HZ)]!;
      expect(st - normal).toBeGreaterThan(0.15);
    }
    const inferior = ecgTrace({ rhythm: 'sinus', rate: 60, injury: 'inferior' }, 'aVL');
    const [r] = peaks(ecgTrace({ rhythm: 'sinus', rate: 60 }, 'II'), 0.6);
    expect(
      inferior[Math.round((r! + 0.1) * HZ)]! - ecgTrace({ rhythm: 'sinus', rate: 60 }, 'aVL')[Math.round((r! + 0.1) * HZ)]!,
    ).toBeLessThan(-0.05);
  });

  it('peaks the T wave as potassium rises', () => {
    const highest = (trace: Float64Array) => Math.max(...trace);
    const v3 = (potassium?: 'high' | 'very-high') =>
      highest(ecgTrace({ rhythm: 'sinus', rate: 60, ...(potassium ? { potassium } : {}) }, 'V3'));
    expect(v3('high')).toBeGreaterThan(v3() * 1.3);
    expect(v3('very-high')).toBeGreaterThan(v3('high'));
  });

  it('refuses a spec it cannot draw', () => {
    expect(EcgSpecSchema.safeParse({ rhythm: 'sinus', diagnosis: 'infarto' }).success).toBe(false);
    expect(EcgSpecSchema.safeParse({ rhythm: 'sinus', rate: 400 }).success).toBe(false);
    expect(EcgSpecSchema.safeParse({ rhythm: 'torsade' }).success).toBe(false);
  });
});
