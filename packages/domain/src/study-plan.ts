/*
 * A study plan to exam day (issue 40): from the student's ENARM date and the hours she can study each weekday (guardias
 * and days off included), a day-by-day plan of new questions, flashcard time and simulacros, her weakest areas first
 * by ENARM weight. The plan is recomputed from today on every read, so a missed day is simply gone: nothing piles up on
 * the days left, and each day asks only what its hours hold. Pure and zod-free: the server and the page share it.
 */

import { ENARM_AREA_SHARES } from './simulacro.ts';

/** Monday first, as a Mexican calendar reads. */
export const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;
export const MAX_HOURS_A_DAY = 12;

/** The plan's e-mail (issue 40): none, every morning, or only the mornings of study days. */
export const PLAN_DIGESTS = ['no', 'diario', 'dias-de-estudio'] as const;
export type PlanDigest = (typeof PLAN_DIGESTS)[number];
export const PLAN_DIGEST_LABELS: Record<PlanDigest, string> = {
  no: 'No, gracias',
  diario: 'Todos los días',
  'dias-de-estudio': 'Solo en mis días de estudio',
};
/** The hour (Mexico City) from which the morning's digest is sent. */
export const PLAN_DIGEST_HOUR = 6;

/** New questions an hour with their explanations read (about 3 minutes each, as the ENARM's pace plus the reading). */
export const QUESTIONS_PER_HOUR = 20;
/** Of each study day, the share for new questions; the rest goes to due flashcards and reviewing misses. */
export const QUESTION_SHARE = 0.7;
/** Full simulacros this many weeks before the exam; a mini simulacro every other week. */
export const FULL_SIMULACRO_WEEKS_BEFORE = [8, 4, 1] as const;
export const FULL_SIMULACRO_HOURS = 5;
export const MINI_SIMULACRO_HOURS = 2;

export interface PlanSettings {
  /** The exam day, YYYY-MM-DD (the next ENARM's first day by default, editable). */
  examDate: string;
  /** Hours she can study on each weekday, Monday first (0 for a day without study: a guardia, a rest day). */
  hoursByWeekday: readonly number[];
  /** Single days without study (holidays, a trip), YYYY-MM-DD. */
  daysOff?: readonly string[];
  digest?: PlanDigest;
}

export interface AreaRecord {
  area: string;
  answered: number;
  correct: number;
}

export interface PlanInput {
  /** Today in Mexico City, YYYY-MM-DD. */
  today: string;
  settings: PlanSettings;
  /** Questions of our bank she has never answered (what new questions can still be). */
  unseenQuestions: number;
  /** Her answers per area, for the order of the areas. */
  areas: readonly AreaRecord[];
}

export interface PlanDay {
  date: string;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  hours: number;
  /** New questions to answer that day. */
  questions: number;
  /** Minutes for due flashcards and reviewing misses. */
  reviewMinutes: number;
  simulacro: 'completo' | 'mini' | null;
}

export type Plan =
  | { kind: 'exam-past' }
  | { kind: 'no-hours' }
  | {
      kind: 'plan';
      days: PlanDay[];
      /** Today's line of the plan, or null when today is not a study day. */
      today: PlanDay | null;
      /** The areas to work first: weakest by ENARM weight, then the ones she has barely practised. */
      focus: string[];
      /** New questions the plan holds to exam day, and the share of the unseen bank that reaches. */
      plannedQuestions: number;
      coverage: number;
      daysLeft: number;
    };

const DAY = 86_400_000;
const dateOf = (iso: string) => new Date(`${iso}T12:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
/** 0 Monday … 6 Sunday. */
const weekdayOf = (date: Date) => (date.getUTCDay() + 6) % 7;

/** The areas by how much practice would raise her score: ENARM weight × what she misses (unpractised areas count as 50 %). */
export function focusAreas(areas: readonly AreaRecord[], count = 2): string[] {
  const byArea = new Map(areas.map((record) => [record.area, record]));
  return ENARM_AREA_SHARES.map(({ area, share }) => {
    const record = byArea.get(area);
    // Few answers say little: her accuracy is pulled toward 50 % until she has 20 answers in the area.
    const answered = record?.answered ?? 0;
    const accuracy = ((record?.correct ?? 0) + 10) / (answered + 20);
    return { area, need: share * (1 - accuracy) };
  })
    .sort((a, b) => b.need - a.need || a.area.localeCompare(b.area))
    .slice(0, count)
    .map((entry) => entry.area);
}

/** The plan from today to the day before the exam. */
export function buildPlan({ today, settings, unseenQuestions, areas }: PlanInput): Plan {
  const start = dateOf(today);
  const exam = dateOf(settings.examDate);
  const daysLeft = Math.round((exam.getTime() - start.getTime()) / DAY);
  if (daysLeft <= 0) return { kind: 'exam-past' };
  const off = new Set(settings.daysOff ?? []);
  const hoursOf = (date: Date) =>
    off.has(isoOf(date)) ? 0 : Math.max(0, Math.min(MAX_HOURS_A_DAY, settings.hoursByWeekday[weekdayOf(date)] ?? 0));
  const days: PlanDay[] = [];
  for (let offset = 0; offset < daysLeft; offset++) {
    const date = new Date(start.getTime() + offset * DAY);
    const hours = hoursOf(date);
    if (hours > 0) days.push({ date: isoOf(date), weekday: weekdayOf(date), hours, questions: 0, reviewMinutes: 0, simulacro: null });
  }
  if (days.length === 0) return { kind: 'no-hours' };

  // Simulacros: a full one in each of the set weeks before the exam (on that week's longest study day), a mini one in
  // every other week that has no full one; counted in weeks back from the exam, so they never move as days pass.
  const weekBack = (day: PlanDay) => Math.floor((exam.getTime() - dateOf(day.date).getTime() - 1) / (7 * DAY)) + 1;
  const byWeek = new Map<number, PlanDay[]>();
  for (const day of days) byWeek.set(weekBack(day), [...(byWeek.get(weekBack(day)) ?? []), day]);
  for (const [week, inWeek] of byWeek) {
    const longest = [...inWeek].sort((a, b) => b.hours - a.hours || b.date.localeCompare(a.date))[0]!;
    if ((FULL_SIMULACRO_WEEKS_BEFORE as readonly number[]).includes(week)) longest.simulacro = 'completo';
    else if (week % 2 === 0) longest.simulacro = 'mini';
  }
  for (const day of days) {
    const simulacroHours = day.simulacro === 'completo' ? FULL_SIMULACRO_HOURS : day.simulacro === 'mini' ? MINI_SIMULACRO_HOURS : 0;
    const left = Math.max(0, day.hours - simulacroHours);
    day.questions = Math.round(left * QUESTION_SHARE * QUESTIONS_PER_HOUR);
    day.reviewMinutes = Math.round(left * (1 - QUESTION_SHARE) * 60);
  }
  const plannedQuestions = days.reduce((sum, day) => sum + day.questions, 0);
  return {
    kind: 'plan',
    days,
    today: days[0]?.date === today ? days[0] : null,
    focus: focusAreas(areas),
    plannedQuestions,
    coverage: unseenQuestions === 0 ? 1 : Math.min(1, plannedQuestions / unseenQuestions),
    daysLeft,
  };
}

/**
 * Whether she is ahead or behind this week: the new questions the plan asked from Monday to today (as it stood on
 * Monday) against what she answered since Monday. Missed days are not carried into the days ahead; this only says
 * where the week stands.
 */
export function weekStanding(
  input: Omit<PlanInput, 'today'> & { today: string; answeredThisWeek: number },
): { planned: number; answered: number; difference: number } | null {
  const today = dateOf(input.today);
  const monday = isoOf(new Date(today.getTime() - weekdayOf(today) * DAY));
  const fromMonday = buildPlan({ ...input, today: monday });
  if (fromMonday.kind !== 'plan') return null;
  const planned = fromMonday.days.filter((day) => day.date <= input.today).reduce((sum, day) => sum + day.questions, 0);
  if (planned === 0) return null;
  return { planned, answered: input.answeredThisWeek, difference: input.answeredThisWeek - planned };
}

/** How today is going: the new questions answered against the day's plan. */
export function todayProgress(planned: number, answeredToday: number): { done: number; planned: number; complete: boolean } {
  return { done: answeredToday, planned, complete: planned > 0 && answeredToday >= planned };
}
