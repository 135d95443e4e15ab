/** How a quiz session's answers become the saved evaluation and the statistics (spec sections 3, 4, 9). */

import type { QuickQuizEvaluation, SpecialityEvaluation } from './contracts/quiz.ts';
import { formatDate } from './format.ts';
import { accuracyPercent } from './scores.ts';

export interface GradedAnswer {
  especialidad: string;
  subEspecialidad: string;
  correct: boolean;
}

/** Answers counted per area and sub-speciality, as the database groups them. */
export interface SpecialityCountRow {
  especialidad: string;
  subEspecialidad: string;
  answered: number;
  correct: number;
}

/**
 * The area → sub-speciality tree from counted rows, in order of first appearance: the one place the tree is built,
 * whether from a session's answers or from the statistics' grouped rows.
 */
export function mergeCounts(rows: readonly SpecialityCountRow[]): SpecialityEvaluation[] {
  const specialities = new Map<string, SpecialityEvaluation>();
  for (const row of rows) {
    let speciality = specialities.get(row.especialidad);
    if (!speciality) {
      speciality = { speciality: row.especialidad, correctAnswers: 0, totalSpecialityQuestionsAnswered: 0, subSpecialities: [] };
      specialities.set(row.especialidad, speciality);
    }
    speciality.totalSpecialityQuestionsAnswered += row.answered;
    speciality.correctAnswers += row.correct;
    let sub = speciality.subSpecialities.find((entry) => entry.subSpeciality === row.subEspecialidad);
    if (!sub) {
      sub = { subSpeciality: row.subEspecialidad, correctAnswers: 0, totalSubSpecialityQuestionsAnswered: 0 };
      speciality.subSpecialities.push(sub);
    }
    sub.totalSubSpecialityQuestionsAnswered += row.answered;
    sub.correctAnswers += row.correct;
  }
  return [...specialities.values()];
}

/** Per speciality and sub-speciality, in order of first appearance. */
export function groupBySpeciality(answers: readonly GradedAnswer[]): SpecialityEvaluation[] {
  return mergeCounts(answers.map((answer) => ({ ...answer, answered: 1, correct: answer.correct ? 1 : 0 })));
}

export function summarizeQuiz(answers: readonly GradedAnswer[], date: Date): QuickQuizEvaluation {
  const totalCorrect = answers.filter((answer) => answer.correct).length;
  return {
    date: date.toISOString(),
    formattedDate: formatDate(date),
    totalQuestions: answers.length,
    totalCorrect,
    averageScore: accuracyPercent(totalCorrect, answers.length),
    specialityEvaluations: groupBySpeciality(answers),
  };
}

/** Speciality cards sorted by accuracy, best first (spec section 9). */
export function sortByAccuracy(evaluations: readonly SpecialityEvaluation[]): SpecialityEvaluation[] {
  return [...evaluations].sort(
    (a, b) =>
      accuracyPercent(b.correctAnswers, b.totalSpecialityQuestionsAnswered) -
        accuracyPercent(a.correctAnswers, a.totalSpecialityQuestionsAnswered) ||
      b.totalSpecialityQuestionsAnswered - a.totalSpecialityQuestionsAnswered,
  );
}

/** The statistics' tree: areas by accuracy (sortByAccuracy), and within each area its sub-specialities by accuracy. */
export function sortSpecialityTree(evaluations: readonly SpecialityEvaluation[]): SpecialityEvaluation[] {
  return sortByAccuracy(evaluations).map((speciality) => ({
    ...speciality,
    subSpecialities: [...speciality.subSpecialities].sort(
      (a, b) =>
        accuracyPercent(b.correctAnswers, b.totalSubSpecialityQuestionsAnswered) -
        accuracyPercent(a.correctAnswers, a.totalSubSpecialityQuestionsAnswered),
    ),
  }));
}

/** A sub-speciality needs this many answers before it is judged weak: two misses out of three say little. */
export const MIN_ANSWERS_FOR_RECOMMENDATION = 5;
export const RECOMMENDATIONS_SHOWN = 3;

export interface Recommendation {
  speciality: string;
  subSpeciality: string;
  accuracy: number;
  answered: number;
  /** Fewer answers than MIN_ANSWERS_FOR_RECOMMENDATION: a first hint, said as such. */
  preliminary: boolean;
}

/**
 * The weakest sub-specialities below the "good" band: those with enough answers first, weakest first, then, from
 * the first session on, those with fewer answers as preliminary hints (ux review, 19).
 */
export function recommendWeakest(
  evaluations: readonly SpecialityEvaluation[],
  goodThreshold: number,
  /** How many to keep; the server asks for every candidate and keeps those with questions left. */
  limit: number = RECOMMENDATIONS_SHOWN,
): Recommendation[] {
  return evaluations
    .flatMap((speciality) =>
      speciality.subSpecialities.map((sub) => ({
        speciality: speciality.speciality,
        subSpeciality: sub.subSpeciality,
        accuracy: accuracyPercent(sub.correctAnswers, sub.totalSubSpecialityQuestionsAnswered),
        answered: sub.totalSubSpecialityQuestionsAnswered,
        preliminary: sub.totalSubSpecialityQuestionsAnswered < MIN_ANSWERS_FOR_RECOMMENDATION,
      })),
    )
    .filter((entry) => entry.answered > 0 && entry.accuracy < goodThreshold)
    .sort((a, b) => Number(a.preliminary) - Number(b.preliminary) || a.accuracy - b.accuracy || b.answered - a.answered)
    .slice(0, limit);
}
