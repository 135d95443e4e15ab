/** Peer comparison (decision 016): thresholds and the arithmetic shared by the API and the pages. */

/** Option shares are shown once this many students have answered the question. */
export const MIN_STUDENTS_FOR_SHARES = 20;
/** A student is "active" in an area, and compared, with this many answers in it (saved sessions). */
export const MIN_ANSWERS_FOR_PERCENTILE = 50;
/** A percentile among fewer active students than this says little: none is shown. */
export const MIN_PEERS_FOR_PERCENTILE = 10;

/** Percent of students per option, rounded, or null below the threshold. */
export function optionShares(counts: readonly number[], optionCount: number): number[] | null {
  const students = counts.reduce((sum, value) => sum + value, 0);
  if (students < MIN_STUDENTS_FOR_SHARES) return null;
  return Array.from({ length: optionCount }, (_, index) => Math.round(((counts[index] ?? 0) / students) * 100));
}

/**
 * Where an accuracy stands among peers' accuracies (sorted ascending): the percent of peers below it, counting
 * ties as half, so the best student of many is near 100 and the median near 50.
 */
export function percentileOf(accuracy: number, sortedPeers: readonly number[]): number {
  if (sortedPeers.length === 0) return 0;
  let below = 0;
  let equal = 0;
  for (const peer of sortedPeers) {
    if (peer < accuracy) below++;
    else if (peer === accuracy) equal++;
    else break;
  }
  return Math.round(((below + equal / 2) / sortedPeers.length) * 100);
}
