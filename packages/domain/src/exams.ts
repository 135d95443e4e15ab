/** "Crear examen": the choices and limits of a custom exam, shared by the API and the page (no zod here). */

/** Which questions: never seen, last answered wrong, flagged, or any. */
export const EXAM_SOURCES = ['no-vistas', 'incorrectas', 'marcadas', 'todas'] as const;
export type ExamSource = (typeof EXAM_SOURCES)[number];
export const EXAM_SOURCE_LABELS: Record<ExamSource, string> = {
  'no-vistas': 'No vistas',
  incorrectas: 'Incorrectas',
  marcadas: 'Marcadas',
  todas: 'Todas',
};

/** Tutor: the explanation after each answer. Examen: every explanation at the end. */
export const EXAM_MODES = ['tutor', 'examen'] as const;
export type ExamMode = (typeof EXAM_MODES)[number];

export const EXAM_MIN_QUESTIONS = 5;
export const EXAM_MAX_QUESTIONS = 100;
export const EXAM_COUNT_MESSAGE = `Elige entre ${EXAM_MIN_QUESTIONS} y ${EXAM_MAX_QUESTIONS} preguntas.`;

/** The ENARM's pace: 280 questions in 5 hours, about 64 seconds each; the timed quiz's default limit per question. */
export const ENARM_PACE_SECONDS = 64;
/** The paces a student may choose for the timed quiz. */
export const PACE_CHOICES = [45, ENARM_PACE_SECONDS, 90, 120] as const;

/** Time left for `questions` at `secondsPerQuestion` after `elapsedSeconds`: negative once over the limit. */
export function timeLeft(elapsedSeconds: number, questions: number, secondsPerQuestion: number): number {
  return questions * secondsPerQuestion - elapsedSeconds;
}
