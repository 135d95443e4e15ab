/** Score bands, statistics display and quiz labels: spec sections 4 and 9. */

export const GOOD_THRESHOLD = 70;
export const EXCELLENT_THRESHOLD = 90;

export const SCORE_BANDS = ['excelente', 'bien', 'necesita-mejorar'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];

export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  excelente: 'Excelente',
  bien: 'Bien',
  'necesita-mejorar': 'Necesita mejorar',
};

/** 90 or more is excellent, 70 or more is good, anything else (NaN included) needs improvement. */
export function scoreBand(percent: number): ScoreBand {
  if (percent >= EXCELLENT_THRESHOLD) return 'excelente';
  if (percent >= GOOD_THRESHOLD) return 'bien';
  return 'necesita-mejorar';
}

/** Whole percent of correct answers; 0 when nothing was answered rather than NaN. */
export function accuracyPercent(correct: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((correct / total) * 100);
}

export const CATEGORY_COLORS = ['blue', 'green', 'purple', 'yellow', 'red', 'orange'] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

/** Speciality cards take the colours in turn. */
export function categoryColor(index: number): CategoryColor {
  const size = CATEGORY_COLORS.length;
  return CATEGORY_COLORS[((Math.trunc(index) % size) + size) % size] as CategoryColor;
}

export const RECENT_EVALUATIONS_SHOWN = 6;

/** Single questions are labelled A–E, clinical-case questions A–J. */
export const MAX_SINGLE_OPTIONS = 5;
export const MAX_CASE_OPTIONS = 10;

export function optionLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_CASE_OPTIONS) {
    throw new RangeError(`option index must be an integer from 0 to ${MAX_CASE_OPTIONS - 1}, got ${index}`);
  }
  return String.fromCharCode(65 + index);
}

/** The quiz timer: whole seconds as HH:MM:SS; hours keep counting past 99 rather than wrapping. */
export function formatElapsed(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
