/** /api/discount-quiz: the 1-minute quiz whose right answer spins the prize wheel. */

import { z } from 'zod';
import { DIFFICULTIES } from '../taxonomy.ts';
import { createClaimFormSchema } from '../forms.ts';
import type { ContractTable } from './route-contract.ts';
import type { discountQuizRoutes } from '../api-routes/discount-quiz.ts';

export const DiscountQuizQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ type: z.enum(['text', 'image']), text: z.string(), imageURL: z.string().optional() })),
  tags: z.object({ Especialidad: z.string(), Tema: z.string(), Dificultad: z.string() }),
});
export type DiscountQuizQuestion = z.infer<typeof DiscountQuizQuestionSchema>;

/** An attempt as the spec's local record keeps it (spec section 3). */
export const DiscountQuizEvaluationSchema = z.object({
  questionId: z.string(),
  difficulty: z.string(),
  answerIndexSelected: z.number().int(),
  wasCorrect: z.boolean(),
  created: z.iso.datetime(),
});
export type DiscountQuizEvaluation = z.infer<typeof DiscountQuizEvaluationSchema>;

/** The page sends what the spec lists; the server grades the answer itself and ignores wasCorrect. */
export const SaveDiscountQuizEvaluationBodySchema = z.object({
  questionId: z.string().min(1).max(120),
  difficulty: z.enum(DIFFICULTIES).or(z.string().max(40)).optional(),
  answerIndexSelected: z.number().int().min(0).max(9),
  wasCorrect: z.boolean().optional(),
});
export type SaveDiscountQuizEvaluationBody = z.infer<typeof SaveDiscountQuizEvaluationBodySchema>;

export const SaveDiscountQuizEvaluationResponseSchema = z.object({
  evaluation: DiscountQuizEvaluationSchema,
  correct: z.boolean(),
  correctAnswer: z.number().int(),
  feedback: z.string(),
  /** The prize the server drew after a right answer (30, 50 or 80), or null. */
  prize: z.number().int().nullable(),
  attemptsRemaining: z.number().int().min(0),
});
export type SaveDiscountQuizEvaluationResponse = z.infer<typeof SaveDiscountQuizEvaluationResponseSchema>;

/** '30%'-style strings, as the spec's local storage keeps them; the number is what counts. */
export const DiscountPercentSchema = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}%?$/)])
  .transform((value) => (typeof value === 'number' ? value : Number.parseInt(value, 10)));

export const SaveDiscountBodySchema = z.object({ discount: DiscountPercentSchema, userAccepted: z.boolean() });
export type SaveDiscountBody = z.infer<typeof SaveDiscountBodySchema>;

export const DiscountRecordSchema = z.object({
  discount: z.string(),
  userAccepted: z.boolean().nullable(),
  /** Claimed by e-mail (public variant): the page shows it as claimed, never the wheel again (ux N16). */
  claimed: z.boolean(),
  /** The last moment it can be claimed or paid with (DISCOUNT_VALID_DAYS after the draw). */
  validUntil: z.iso.datetime(),
});
export type DiscountRecord = z.infer<typeof DiscountRecordSchema>;

export const LastDiscountResponseSchema = z.object({ discount: DiscountRecordSchema.nullable() });

export const DiscountQuizEvaluationListSchema = z.array(DiscountQuizEvaluationSchema);

/** POST public-discounts: the claim form's fields, checked in the spec's order, plus the won discount. */
export const PublicDiscountClaimBodySchema = createClaimFormSchema().and(z.object({ discount: DiscountPercentSchema }));
export type PublicDiscountClaimBody = z.infer<typeof PublicDiscountClaimBodySchema>;

export const PublicDiscountClaimResponseSchema = z.object({
  success: z.boolean(),
  discount: z.string(),
  /** As in DiscountRecordSchema: the success screen and the e-mail say until when it is valid. */
  validUntil: z.iso.datetime(),
});
export type PublicDiscountClaimResponse = z.infer<typeof PublicDiscountClaimResponseSchema>;

/** What each route of the discountQuiz area takes and answers (the route manifest, issue 36). */
export const discountQuizApi = {
  question: { response: DiscountQuizQuestionSchema },
  saveEvaluation: { body: SaveDiscountQuizEvaluationBodySchema, response: SaveDiscountQuizEvaluationResponseSchema },
  evaluations: { response: DiscountQuizEvaluationListSchema },
  saveDiscount: { body: SaveDiscountBodySchema, response: DiscountRecordSchema },
  lastDiscount: { response: LastDiscountResponseSchema },
  claimPublicDiscount: { body: PublicDiscountClaimBodySchema, response: PublicDiscountClaimResponseSchema },
} satisfies ContractTable<typeof discountQuizRoutes>;
