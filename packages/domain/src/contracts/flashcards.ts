/** /api/ankis: clinic guides, their flashcards, evaluations and spaced-repetition review. */

import { z } from 'zod';
import { GRADES, isCorrectGrade } from '../flashcard-grades.ts';
import type { ContractTable } from './route-contract.ts';
import type { flashcardsRoutes } from '../api-routes/flashcards.ts';

export const ClinicGuideSchema = z.object({
  id: z.string(),
  guideName: z.string(),
  category: z.string(),
  yearOfUpdate: z.number().int(),
  /** The guideline's key in the CENETEC catalogue (IMSS-…, SS-…) or the NOM's number; null when the source has none. */
  gpcCode: z.string().nullable(),
  flashcardsCount: z.number().int(),
});
export type ClinicGuide = z.infer<typeof ClinicGuideSchema>;

/** A guide in the list, with this user's spaced-repetition figures. */
export const ClinicGuideWithProgressSchema = ClinicGuideSchema.extend({
  /** Cards reviewed before and due again now: what a study session of the guide serves first. */
  dueToday: z.number().int(),
  /** Cards this user has never evaluated. */
  newCards: z.number().int(),
  /** New cards a session introduces today: the unseen ones, within what is left of the student's daily limit. */
  newToday: z.number().int().min(0),
  /** Cards in long-term review (graduated from the learning steps). */
  learned: z.number().int().min(0),
  /** When the next of this guide's reviewed cards falls due, if none is due now (ISO); null without any. */
  nextDueAt: z.iso.datetime().nullable(),
  /** Percent of the guide's cards in long-term review (answered right and scheduled days ahead). */
  progress: z.number().int().min(0).max(100),
});
export type ClinicGuideWithProgress = z.infer<typeof ClinicGuideWithProgressSchema>;
export const ClinicGuideListSchema = z.array(ClinicGuideWithProgressSchema);

export const FlashcardSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  explanation: z.string(),
  parentGuideId: z.string(),
  /** The guideline version the card follows, shown on its back: the guide's code, its year and when it was checked. */
  guideline: z.object({ code: z.string().nullable(), year: z.number().int(), checkedAt: z.string().optional() }),
  /** This user's schedule: when the card is due again (ISO), null for a card never evaluated. */
  due: z.iso.datetime().nullable(),
  /** How far out each grade would schedule the card now (milliseconds), for the grade buttons. */
  intervals: z.object({
    again: z.number().nonnegative(),
    hard: z.number().nonnegative(),
    good: z.number().nonnegative(),
    easy: z.number().nonnegative(),
  }),
});
export type Flashcard = z.infer<typeof FlashcardSchema>;
export const FlashcardListSchema = z.array(FlashcardSchema);

export const GuideIdParamsSchema = z.object({ guideId: z.string().min(1).max(120) });

export const FlashcardEvaluationInputSchema = z
  .object({
    flashcardId: z.string().min(1).max(120),
    flashcardGuideId: z.string().min(1).max(120),
    correct: z.boolean(),
    /** One of the four grades; without it, `correct` stands for "Bien" or "Otra vez". */
    grade: z.enum(GRADES).optional(),
    timeTakenInSeconds: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600),
    /** Ignored: the user is always the session's own. */
    userId: z.string().optional(),
    /**
     * Offline grading (issue 41): the device's key for this grade, so a grade sent again (a flaky signal, a second
     * flush) is recorded once, and when it was given, so the schedule moves from that moment, not from when it arrived.
     */
    clientKey: z.uuid().optional(),
    gradedAt: z.iso.datetime().optional(),
  })
  .refine((input) => input.grade === undefined || isCorrectGrade(input.grade) === input.correct, {
    message: 'correct debe ser false solo con la calificación «Otra vez»',
    path: ['grade'],
  });
export const EvaluateFlashcardBodySchema = z.object({ evaluation: FlashcardEvaluationInputSchema });
export type EvaluateFlashcardBody = z.infer<typeof EvaluateFlashcardBodySchema>;

export const FlashcardEvaluationSchema = z.object({
  id: z.string(),
  flashcardId: z.string(),
  userId: z.string(),
  correct: z.boolean(),
  grade: z.enum(GRADES),
  timeTakenInSeconds: z.number().int(),
  flashcardGuideId: z.string(),
  createdAt: z.iso.datetime(),
});
export type FlashcardEvaluation = z.infer<typeof FlashcardEvaluationSchema>;
export const FlashcardEvaluationListSchema = z.array(FlashcardEvaluationSchema);

/** ?all=1 serves every card of the guide ("Repasar de todos modos"), not only what is due and new today. */
export const GuideCardsQuerySchema = z.object({ all: z.enum(['1', 'true']).optional() });

/** DELETE /flashcards/evaluations/:evaluationId: "Deshacer", the student's latest evaluation only. */
export const EvaluationIdParamsSchema = z.object({ evaluationId: z.uuid() });
export const UndoEvaluationResponseSchema = z.object({ flashcardId: z.string(), due: z.iso.datetime().nullable() });

export const EvaluateFlashcardResponseSchema = z.object({
  evaluation: FlashcardEvaluationSchema,
  /** When the card is due again after this evaluation (ISO). */
  nextDue: z.iso.datetime(),
});
export type EvaluateFlashcardResponse = z.infer<typeof EvaluateFlashcardResponseSchema>;

/** The review of the day: due cards across every guide, soonest first. */
export const ReviewTodaySchema = z.object({ cards: FlashcardListSchema, totalDue: z.number().int() });
export type ReviewToday = z.infer<typeof ReviewTodaySchema>;

/** GET /review/summary (the home page): the cards due now across guides, and the guide with the most of them. */
export const ReviewSummarySchema = z.object({
  dueNow: z.number().int().min(0),
  topGuide: z.object({ id: z.string(), guideName: z.string(), due: z.number().int().min(1) }).nullable(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** What each route of the flashcards area takes and answers (the route manifest, issue 36). */
export const flashcardsApi = {
  guides: { response: ClinicGuideListSchema },
  guide: { params: GuideIdParamsSchema, response: ClinicGuideSchema },
  guideCards: { params: GuideIdParamsSchema, query: GuideCardsQuerySchema, response: FlashcardListSchema },
  guideEvaluations: { params: GuideIdParamsSchema, response: FlashcardEvaluationListSchema },
  evaluations: { response: FlashcardEvaluationListSchema },
  evaluate: { body: EvaluateFlashcardBodySchema, response: EvaluateFlashcardResponseSchema },
  undoEvaluation: { params: EvaluationIdParamsSchema, response: UndoEvaluationResponseSchema },
  reviewSummary: { response: ReviewSummarySchema },
  reviewToday: { response: ReviewTodaySchema },
} satisfies ContractTable<typeof flashcardsRoutes>;
