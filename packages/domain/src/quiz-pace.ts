import { ENARM_PACE_SECONDS } from './exams.ts';

/*
 * The timed quiz's pace (issue 18), shared by the page and its tests: the time left for a case, the low-time
 * warning, the session's standing against the pace, and the ENARM benchmark on the results. Pure arithmetic on
 * whole seconds and milliseconds; nothing here reads a clock.
 */

/** A polite warning when this share of a case's time is left (20%). */
export const LOW_TIME_SHARE = 0.2;

/** The time a case gets: its questions at the pace. */
export function caseLimitSeconds(questions: number, secondsPerQuestion: number): number {
  return Math.max(0, questions) * Math.max(0, secondsPerQuestion);
}

/** Whether the time left calls for the warning: at most 20% of the limit, and not yet run out. */
export function isTimeLow(leftSeconds: number, limitSeconds: number): boolean {
  return limitSeconds > 0 && leftSeconds > 0 && leftSeconds <= limitSeconds * LOW_TIME_SHARE;
}

/** m:ss for a countdown, of the time left or over it (the sign is the caller's to say). */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.floor(Math.abs(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** What a session spent so far: the questions answered and the time on their cases. */
export interface TimeSpent {
  questions: number;
  ms: number;
}

export const NO_TIME_SPENT: TimeSpent = { questions: 0, ms: 0 };

/** One more graded case: the questions answered in it (not those left unanswered when time ran out) and its time. */
export function addTimeSpent(total: TimeSpent, questions: number, ms: number): TimeSpent {
  return { questions: total.questions + Math.max(0, questions), ms: total.ms + Math.max(0, ms) };
}

/**
 * Seconds ahead of the pace (positive) or behind it (negative): the questions answered at the pace against the time
 * spent. Every case's time counts, also one whose time ran out with questions left unanswered, as in the exam.
 */
export function paceBalanceSeconds(spent: TimeSpent, secondsPerQuestion: number): number {
  return Math.round(spent.questions * secondsPerQuestion - spent.ms / 1000);
}

/** «del ritmo del ENARM», or the chosen pace when it is another. */
function paceName(secondsPerQuestion: number): string {
  return secondsPerQuestion === ENARM_PACE_SECONDS ? 'del ENARM' : `de ${secondsPerQuestion} s por pregunta`;
}

/** «2 min adelante del ritmo del ENARM», «40 s atrás del ritmo del ENARM», or «Al ritmo del ENARM». */
export function paceLabel(balanceSeconds: number, secondsPerQuestion: number): string {
  const of = paceName(secondsPerQuestion);
  const whole = Math.abs(Math.round(balanceSeconds));
  if (whole === 0) return `Al ritmo ${of}`;
  const amount = whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min`;
  return `${amount} ${balanceSeconds > 0 ? 'adelante' : 'atrás'} del ritmo ${of}`;
}

/** Whole seconds per question of a session, or null without questions. */
export function secondsPerQuestionOf(totalTimeMs: number, questions: number): number | null {
  if (!(questions > 0) || !Number.isFinite(totalTimeMs)) return null;
  return Math.round(Math.max(0, totalTimeMs) / 1000 / questions);
}

/** The results' benchmark: «Tu ritmo: 58 s por pregunta · ENARM: 64 s», or null without questions. */
export function paceBenchmark(totalTimeMs: number, questions: number): string | null {
  const own = secondsPerQuestionOf(totalTimeMs, questions);
  return own === null ? null : `Tu ritmo: ${own} s por pregunta · ENARM: ${ENARM_PACE_SECONDS} s`;
}

/** A question's time in a review: «42 s», or «1 min 05 s» from a minute on. */
export function formatQuestionTime(ms: number): string {
  const seconds = Number.isFinite(ms) ? Math.round(Math.max(0, ms) / 1000) : 0;
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
