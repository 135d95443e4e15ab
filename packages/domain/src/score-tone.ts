/**
 * The colour a score wears on the statistics page (issue 18, ux review 19): it follows the score, never a card's
 * position, so a 33% area can never look green. The page always prints the percent and the tone's word beside the
 * colour, so colour is never the only cue.
 */

import { GOOD_THRESHOLD } from './scores.ts';

/** Below this a score is weak; from here up to GOOD_THRESHOLD it is fair; from GOOD_THRESHOLD on it is strong. */
export const WEAK_THRESHOLD = 50;

export const SCORE_TONES = ['weak', 'fair', 'strong'] as const;
export type ScoreTone = (typeof SCORE_TONES)[number];

/** The tone in one word, the same for an area, a sub-speciality or a topic (no gender to agree with). */
export const SCORE_TONE_LABELS: Record<ScoreTone, string> = {
  weak: 'Débil',
  fair: 'Regular',
  strong: 'Fuerte',
};

/** The percents each tone covers, as the page's legends say them. */
export const SCORE_TONE_RANGES: Record<ScoreTone, string> = {
  weak: `Menos de ${WEAK_THRESHOLD}%`,
  fair: `${WEAK_THRESHOLD} – ${GOOD_THRESHOLD - 1}%`,
  strong: `${GOOD_THRESHOLD}% o más`,
};

/**
 * Weak below 50%, fair from 50% to 69%, strong from 70% (the "good" band, the page's goal) on. Judged on the whole
 * percent the page prints, so the colour always agrees with the number beside it; anything not a number is weak.
 */
export function scoreTone(percent: number): ScoreTone {
  const shown = Math.round(percent);
  if (shown >= GOOD_THRESHOLD) return 'strong';
  if (shown >= WEAK_THRESHOLD) return 'fair';
  return 'weak';
}
