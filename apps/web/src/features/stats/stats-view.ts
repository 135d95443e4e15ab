import type { BankChoice } from '@galeno/domain/banks';
import type { SavedQuickQuizEvaluation, SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import type { AccuracyPoint, AreaDetail, StatsSummary } from '@galeno/domain/contracts/stats';
import { recommendWeakest, sortSpecialityTree } from '@galeno/domain/quiz-evaluation';
import { GOOD_THRESHOLD, RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';

/*
 * What the page shows, in the order the spec asks for (section 9): the 6 most recent evaluations by
 * date, newest first, and the speciality cards sorted by accuracy. The server already sends them so;
 * the page does not rely on it, because a wrong order here would tell a student the wrong thing.
 */

/** The statistics page's query parameter for its bank filter. */
export const BANK_PARAM = 'banco';

export interface StatsLoaderData {
  /** Null when the summary could not be loaded: the page shows its empty state. */
  summary: StatsSummary | null;
  /** The summary failed to load (not an empty history): the empty state offers to try again. */
  failed?: boolean;
  /** A trial session: statistics come with an account. */
  trial?: boolean;
  /** The bank the figures are limited to (?banco=galeno|mir); both when absent. */
  bank?: BankChoice;
}

export interface StatsView {
  recentEvaluations: SavedQuickQuizEvaluation[];
  specialities: SpecialityEvaluation[];
  accuracyOverTime: StatsSummary['accuracyOverTime'];
  recommendations: StatsSummary['recommendations'];
  totals: StatsSummary['totals'];
  /** Area → where the student stands among active students (only areas where they are ranked). */
  percentiles: ReadonlyMap<string, { percentile: number; activeStudents: number }>;
  /** Area → its 30-day trend, time per question and topics per sub-speciality. */
  details: ReadonlyMap<string, AreaDetail>;
}

function timeOf(evaluation: SavedQuickQuizEvaluation): number {
  const time = Date.parse(evaluation.quickQuizEvaluation.date);
  return Number.isNaN(time) ? 0 : time;
}

export function toStatsView(summary: StatsSummary): StatsView {
  const recentEvaluations = [...(summary.recentEvaluations ?? [])].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, RECENT_EVALUATIONS_SHOWN);
  const specialities = sortSpecialityTree(summary.specialities ?? []);
  const accuracyOverTime = [...(summary.accuracyOverTime ?? [])].sort((a, b) => a.day.localeCompare(b.day));
  return {
    recentEvaluations,
    specialities,
    accuracyOverTime,
    recommendations: summary.recommendations ?? [],
    totals: summary.totals ?? { answered: 0, correct: 0, accuracy: 0 },
    percentiles: new Map(
      (summary.percentiles ?? []).map((entry) => [
        entry.speciality,
        { percentile: entry.percentile, activeStudents: entry.activeStudents },
      ]),
    ),
    details: new Map((summary.areaDetails ?? []).map((detail) => [detail.speciality, detail])),
  };
}

/** Nothing answered and nothing saved: the page shows 'No hay estadísticas disponibles'. */
export function isEmptyView(view: StatsView): boolean {
  return view.recentEvaluations.length === 0 && view.specialities.length === 0 && view.totals.answered === 0;
}

/** The speciality quiz starts straight on this sub-speciality. */
export function practiceLink(area: string, subSpeciality: string): string {
  return `/app/speciality-quiz?${new URLSearchParams({ area, sub: subSpeciality }).toString()}`;
}

/** "1 pregunta", "3 preguntas": a count with its noun in agreement. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "7 de 10 correctas", "1 de 1 correcta": the adjective agrees with the total. */
export function correctOf(correct: number, answered: number): string {
  return `${correct} de ${answered} ${answered === 1 ? 'correcta' : 'correctas'}`;
}

/** The 30-day trend said in words: the text alternative of every small trend line on the page. */
export function trendSummary(points: readonly AccuracyPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'Sin respuestas en los últimos 30 días.';
  if (points.length === 1) return `Últimos 30 días: un día con respuestas, ${Math.round(first.accuracy)}% de aciertos.`;
  return `Últimos 30 días: ${points.length} días con respuestas, de ${Math.round(first.accuracy)}% a ${Math.round(last.accuracy)}% de aciertos.`;
}

/**
 * Why there is no recommendation although some sub-specialities are below GOOD_THRESHOLD: the server recommends those
 * (from the first answer on) that still have questions the student has not seen, so with no recommendation at all,
 * every weak sub-speciality has had all its questions answered. Their names, weakest first; empty when none is weak.
 */
export function weakWithoutQuestionsLeft(specialities: readonly SpecialityEvaluation[]): string[] {
  return recommendWeakest(specialities, GOOD_THRESHOLD, Infinity).map((item) => item.subSpeciality);
}
