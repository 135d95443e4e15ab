/** /api/stats: the statistics page (spec: Statistics). */

import { z } from 'zod';
import { BANK_CHOICES } from '../banks.ts';
import { SavedQuickQuizEvaluationSchema, SpecialityEvaluationSchema } from './quiz.ts';
import type { ContractTable } from './route-contract.ts';
import type { statsRoutes } from '../api-routes/stats.ts';

export const AccuracyPointSchema = z.object({
  /** The day, 'YYYY-MM-DD' in Mexico City time. */
  day: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
});
export type AccuracyPoint = z.infer<typeof AccuracyPointSchema>;

export const RecommendationSchema = z.object({
  speciality: z.string(),
  subSpeciality: z.string(),
  accuracy: z.number(),
  answered: z.number().int(),
  /** Fewer answers than needed to be sure: the page says it is a first hint. */
  preliminary: z.boolean().default(false),
  /** Whether the bank has clinical cases of this sub-speciality: only then does the page offer to practise it. */
  hasCases: z.boolean(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/**
 * Per area, sub-speciality and topic (decision 016, issue 18): answered, correct, the time per question, and for the
 * area and each sub-speciality the 30-day trend.
 */
export const AreaDetailSchema = z.object({
  speciality: z.string(),
  /** Accuracy per day over the last 30 days, days with answers only. */
  trend: z.array(AccuracyPointSchema),
  /** Average seconds per timed question; null when none was timed. */
  secondsPerQuestion: z.number().nullable(),
  subSpecialities: z.array(
    z.object({
      subSpeciality: z.string(),
      /** Accuracy per day over the last 30 days, days with answers only. */
      trend: z.array(AccuracyPointSchema),
      secondsPerQuestion: z.number().nullable(),
      /** Weakest first. */
      topics: z.array(
        z.object({
          topic: z.string(),
          answered: z.number().int(),
          correct: z.number().int(),
          /** Average seconds per timed question of this topic; null when none was timed. */
          secondsPerQuestion: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type AreaDetail = z.infer<typeof AreaDetailSchema>;

export const StatsSummarySchema = z.object({
  /** The 6 most recent saved evaluations, newest first. */
  recentEvaluations: z.array(SavedQuickQuizEvaluationSchema),
  /** Every answer the user gave, per speciality and sub-speciality, sorted by accuracy. */
  specialities: z.array(SpecialityEvaluationSchema),
  /** Accuracy per day over the last 30 days with answers. */
  accuracyOverTime: z.array(AccuracyPointSchema),
  recommendations: z.array(RecommendationSchema),
  totals: z.object({
    answered: z.number().int(),
    correct: z.number().int(),
    accuracy: z.number(),
    /** Average seconds per question over the timed answers; absent when none was timed. */
    secondsPerQuestion: z.number().nullable().optional(),
    /** The saved sessions these answers come from (answers outside any session are not a session). */
    sessionsSaved: z.number().int().optional(),
  }),
  /**
   * Per area where the student is active (decision 016): where their accuracy stands among active students, from
   * the latest snapshot. Absent for areas with too few answers of theirs or too few peers.
   */
  percentiles: z.array(
    z.object({ speciality: z.string(), percentile: z.number().int().min(0).max(100), activeStudents: z.number().int() }),
  ),
  areaDetails: z.array(AreaDetailSchema).default([]),
});
export type StatsSummary = z.infer<typeof StatsSummarySchema>;

/** GET /api/stats/summary?bank=: the statistics of one bank's questions (decision 013); both when absent. */
export const StatsSummaryQuerySchema = z.object({ bank: z.enum(BANK_CHOICES).optional() });

/** What each route of the stats area takes and answers (the route manifest, issue 36). */
/** GET /api/stats/same-items (issue 40): where she stands among the students who answered the same questions. */
export const SameItemsStandingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percentile'),
    percentile: z.number().int().min(0).max(100),
    items: z.number().int(),
    peersPerItem: z.object({ min: z.number().int(), median: z.number().int(), max: z.number().int() }),
  }),
  z.object({ kind: z.literal('few-items'), items: z.number().int(), needed: z.number().int() }),
  z.object({ kind: z.literal('few-peers'), items: z.number().int(), comparable: z.number().int(), needed: z.number().int() }),
]);
export type SameItemsStandingResponse = z.infer<typeof SameItemsStandingSchema>;

export const statsApi = {
  summary: { query: StatsSummaryQuerySchema, response: StatsSummarySchema },
  sameItems: { response: SameItemsStandingSchema },
} satisfies ContractTable<typeof statsRoutes>;
