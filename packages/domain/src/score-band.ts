/*
 * Where she stands (issue 40): an estimated ENARM score as a band, never a point. The ENARM score is the percentage of
 * its 280 items answered right; we estimate it from her accuracy on our bank weighted to the exam's mix of difficulty,
 * with each level's accuracy pulled toward 50 % when it rests on few answers, and from her simulacros when she has
 * sat any. The band's width is what the data cannot say: the uncertainty of her accuracy plus the luck of a single
 * 280-item sitting. Pure and zod-free.
 */

export const MIN_ANSWERS_FOR_BAND = 50;
export const ENARM_ITEMS = 280;

/** The exam's assumed mix of difficulty (our bank's own mix, which its writers aimed at the ENARM's). */
export const EXAM_DIFFICULTY_MIX = { Fácil: 0.2, Media: 0.55, Difícil: 0.25 } as const;
export type Difficulty = keyof typeof EXAM_DIFFICULTY_MIX;

export interface DifficultyRecord {
  difficulty: Difficulty;
  answered: number;
  correct: number;
}

export interface SimulacroRecord {
  /** Her score (percent correct) and how many items the sitting had. */
  score: number;
  questions: number;
}

export type ScoreBand =
  | { kind: 'too-few'; answers: number; needed: number }
  | {
      kind: 'band';
      low: number;
      high: number;
      estimate: number;
      /** The answers (and simulacro items) it rests on. */
      answers: number;
      fromSimulacros: number;
    };

const Z = 1.96;
const clamp = (value: number) => Math.max(0, Math.min(100, value));

export function scoreBand(records: readonly DifficultyRecord[], simulacros: readonly SimulacroRecord[] = []): ScoreBand {
  const answers = records.reduce((sum, record) => sum + record.answered, 0);
  if (answers < MIN_ANSWERS_FOR_BAND) return { kind: 'too-few', answers, needed: MIN_ANSWERS_FOR_BAND };
  const byLevel = new Map(records.map((record) => [record.difficulty, record]));
  let mean = 0;
  let variance = 0;
  for (const [level, weight] of Object.entries(EXAM_DIFFICULTY_MIX) as [Difficulty, number][]) {
    const record = byLevel.get(level);
    // Beta(1, 1): a level she has not practised counts as 50 %, with the uncertainty of two answers.
    const n = (record?.answered ?? 0) + 2;
    const p = ((record?.correct ?? 0) + 1) / n;
    mean += weight * p;
    variance += (weight * weight * p * (1 - p)) / n;
  }
  // Her simulacros, where she sat any, are direct measures of the same thing: combined by their precision.
  const sat = simulacros.filter((sitting) => sitting.questions > 0);
  const simulacroItems = sat.reduce((sum, sitting) => sum + sitting.questions, 0);
  if (simulacroItems > 0) {
    const p = sat.reduce((sum, sitting) => sum + (sitting.score / 100) * sitting.questions, 0) / simulacroItems;
    const simulacroVariance = Math.max(p * (1 - p), 0.01) / simulacroItems;
    const weight = variance / (variance + simulacroVariance);
    mean = mean * (1 - weight) + p * weight;
    variance = (variance * simulacroVariance) / (variance + simulacroVariance);
  }
  // A single sitting of 280 items adds its own luck, whatever we know of her.
  const spread = Z * Math.sqrt(variance + (mean * (1 - mean)) / ENARM_ITEMS) * 100;
  const estimate = mean * 100;
  return {
    kind: 'band',
    low: Math.round(clamp(estimate - spread)),
    high: Math.round(clamp(estimate + spread)),
    estimate: Math.round(estimate * 10) / 10,
    answers: answers + simulacroItems,
    fromSimulacros: sat.length,
  };
}
