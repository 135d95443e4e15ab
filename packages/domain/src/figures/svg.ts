/*
 * Small helpers for the figures the bank draws itself (issue 38): every figure is a self-contained SVG with no
 * script, no external reference and no text that names the answer; numbers are rounded so the bytes stay few.
 */

/** A number with at most `digits` decimals, without trailing zeros ("12.5", "3", "-0.4"). */
export function num(value: number, digits = 1): string {
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Escapes text placed inside SVG elements and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * Ramer–Douglas–Peucker: the points of a polyline that keep its shape within `tolerance` (in the units of the
 * points). A tracing sampled finely is mostly flat baseline, which this reduces to a few points.
 */
export function simplify(points: readonly (readonly [number, number])[], tolerance: number): (readonly [number, number])[] {
  if (points.length < 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [x1, y1] = points[first]!;
    const [x2, y2] = points[last]!;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const length = Math.hypot(dx, dy) || 1;
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const [x, y] = points[index]!;
      const d = Math.abs(dy * x - dx * y + x2 * y1 - y2 * x1) / length;
      if (d > distance) {
        distance = d;
        farthest = index;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

/** An SVG path through the points: one absolute move, then relative lines (shorter than absolute ones). */
export function pathThrough(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let d = `M${num(first![0])} ${num(first![1])}`;
  let [x, y] = [Number(num(first![0])), Number(num(first![1]))];
  for (const [px, py] of rest) {
    const nx = Number(num(px));
    const ny = Number(num(py));
    d += `l${num(nx - x)} ${num(ny - y)}`;
    [x, y] = [nx, ny];
  }
  return d;
}

/** A deterministic pseudo-random source, so a figure drawn from the same spec is the same bytes. */
export { seededRandom as seeded } from '../seeded-random.ts';

/** A rendered figure: the SVG document and its intrinsic size in CSS pixels. */
export interface RenderedFigure {
  svg: string;
  width: number;
  height: number;
}
