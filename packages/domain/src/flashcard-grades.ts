/**
 * The four grades of a flashcard review, as in Anki ("Otra vez", "Difícil", "Bien", "Fácil"). The spec's binary
 * evaluation meets them here: "Otra vez" is incorrect (the card stays in the session), the other three are
 * correct. Zod-free and FSRS-free, so the study pages can use it; the scheduler is in flashcard-scheduler.ts.
 */

export const GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type Grade = (typeof GRADES)[number];

export const GRADE_LABELS: Record<Grade, string> = { again: 'Otra vez', hard: 'Difícil', good: 'Bien', easy: 'Fácil' };

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'string' && (GRADES as readonly string[]).includes(value);
}

/** The spec's `correct`: every grade but "Otra vez". */
export function isCorrectGrade(grade: Grade): boolean {
  return grade !== 'again';
}

/** The grade an evaluation without one stands for (older pages send only `correct`). */
export function gradeOf(correct: boolean): Grade {
  return correct ? 'good' : 'again';
}

/** An interval as the grade buttons show it: "1 min", "6 min", "3 h", "4 d", "2 m" (months), "1.5 a". */
export function formatInterval(milliseconds: number): string {
  const minutes = Math.max(1, Math.round(milliseconds / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} d`;
  const months = days / 30;
  if (months < 12) return `${Math.round(months)} m`;
  const years = Math.round((days / 365) * 10) / 10;
  return `${years} a`;
}
