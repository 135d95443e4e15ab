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

/**
 * «En tus mismas preguntas» (issue 40): each question she answered is compared with the other students' first answers
 * to that same question, so a student who meets hard questions is not ranked below one who meets easy ones. A question
 * counts once this many other students answered it, and a percentile is shown from this many such questions.
 */
export const MIN_PEERS_PER_ITEM = 5;
export const MIN_ITEMS_FOR_SAME_ITEMS = 20;

export interface SameItem {
  /** Her first answer to it was right. */
  correct: boolean;
  /** The other students who answered it (first answers), and how many of them got it right. */
  peers: number;
  peersRight: number;
}

export type SameItemsStanding =
  | { kind: 'percentile'; percentile: number; items: number; peersPerItem: { min: number; median: number; max: number } }
  | { kind: 'few-items'; items: number; needed: number }
  | { kind: 'few-peers'; items: number; comparable: number; needed: number };

/**
 * Her rank on the same questions: on each question the share of its other students she did better than (ties as
 * half: right beats the wrong ones and ties the right ones), averaged over the questions with enough other students.
 */
export function sameItemsStanding(answered: readonly SameItem[]): SameItemsStanding {
  if (answered.length < MIN_ITEMS_FOR_SAME_ITEMS) return { kind: 'few-items', items: answered.length, needed: MIN_ITEMS_FOR_SAME_ITEMS };
  const comparable = answered.filter((item) => item.peers >= MIN_PEERS_PER_ITEM);
  if (comparable.length < MIN_ITEMS_FOR_SAME_ITEMS)
    return { kind: 'few-peers', items: answered.length, comparable: comparable.length, needed: MIN_ITEMS_FOR_SAME_ITEMS };
  const ranks = comparable.map(({ correct, peers, peersRight }) => {
    const wrong = peers - peersRight;
    return correct ? (wrong + peersRight / 2) / peers : wrong / 2 / peers;
  });
  const counts = comparable.map((item) => item.peers).sort((a, b) => a - b);
  return {
    kind: 'percentile',
    percentile: Math.round((ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length) * 100),
    items: comparable.length,
    peersPerItem: { min: counts[0]!, median: counts[Math.floor((counts.length - 1) / 2)]!, max: counts[counts.length - 1]! },
  };
}
