/**
 * Landing-page counts come from the database and are rounded down before they are shown
 * ("más de 1000 estudiantes"), so the copy never claims more than is true (decisions: Brand).
 */

/** A count rounded down to a friendly figure; 0 means "too few to show". 1060 → 1000, 1187 → 1100. */
export function friendlyCount(n: number): number {
  if (!Number.isFinite(n) || n < 10) return 0;
  const step = n < 100 ? 10 : n < 1000 ? 50 : 100;
  return Math.floor(n / step) * step;
}
