/**
 * Grading, as a pure rule: the server applies it to the stored key, so the page never needs to know the
 * key to submit an answer, and an exam can record answers now and reveal them at the end.
 */
export interface GradableQuestion {
  correctIndex: number;
  optionCount: number;
}

export type Grade = { valid: true; correct: boolean } | { valid: false; reason: 'option-out-of-range' };

export function gradeAnswer(question: GradableQuestion, selected: number): Grade {
  if (!Number.isInteger(selected) || selected < 0 || selected >= question.optionCount)
    return { valid: false, reason: 'option-out-of-range' };
  return { valid: true, correct: selected === question.correctIndex };
}
