/** /api/simulacros: "Simulacro ENARM" and "Mini simulacro" (decision 017). */

import { z } from 'zod';

import { SIMULACRO_KINDS } from '../simulacro.ts';
import { QuizSessionIdSchema, SessionQuestionSchema } from './quiz.ts';
import type { ContractTable } from './route-contract.ts';
import type { simulacrosRoutes } from '../api-routes/simulacros.ts';

export const SIMULACRO_STATUSES = ['en-curso', 'pausa', 'terminado'] as const;
export type SimulacroStatus = (typeof SIMULACRO_STATUSES)[number];

const FormIdSchema = z.string().trim().min(1).max(40);

/** The student's latest sitting of a form, if any. */
export const SimulacroAttemptSummarySchema = z.object({
  quizSessionId: z.string(),
  status: z.enum(SIMULACRO_STATUSES),
  answered: z.number().int(),
  score: z.number().nullable(),
});

export const SimulacroFormSchema = z.object({
  formId: z.string(),
  kind: z.enum(SIMULACRO_KINDS),
  name: z.string(),
  questions: z.number().int(),
  minutes: z.number().int(),
  /** How many students finished it (ranked sittings). */
  finishers: z.number().int(),
  attempt: SimulacroAttemptSummarySchema.nullable(),
});
export type SimulacroForm = z.infer<typeof SimulacroFormSchema>;
export const SimulacroFormsSchema = z.object({ forms: z.array(SimulacroFormSchema) });
export type SimulacroForms = z.infer<typeof SimulacroFormsSchema>;

export const StartSimulacroBodySchema = z.object({
  formId: FormIdSchema,
  includeEnglish: z.boolean().default(true),
  /** One sitting, or two parts with a pause between them. */
  parts: z.union([z.literal(1), z.literal(2)], { error: 'Elige una o dos partes.' }).default(1),
});
export type StartSimulacroBody = z.input<typeof StartSimulacroBodySchema>;
export const StartSimulacroResponseSchema = z.object({ quizSessionId: z.string() });

export const SimulacroParamsSchema = z.object({ quizSessionId: QuizSessionIdSchema });

export const SimulacroPartSchema = z.object({ from: z.number().int(), to: z.number().int(), minutes: z.number().int() });

/** A sitting as the page needs it to continue on any device: the questions (no keys), the answers so far, the clock. */
export const SimulacroSittingSchema = z.object({
  quizSessionId: z.string(),
  formId: z.string(),
  name: z.string(),
  includeEnglish: z.boolean(),
  items: z.array(SessionQuestionSchema),
  answers: z.array(z.object({ questionId: z.string(), selectedIndex: z.number().int() })),
  flaggedIds: z.array(z.string()),
  parts: z.array(SimulacroPartSchema),
  /** The part being answered, or the one just finished during the pause. */
  part: z.number().int(),
  status: z.enum(SIMULACRO_STATUSES),
  /** Time left in the current part, by the server's clock. */
  msLeft: z.number().int(),
  /** The question the student was on at the last save. */
  position: z.number().int(),
});
export type SimulacroSitting = z.infer<typeof SimulacroSittingSchema>;

/** Autosave: the answers chosen since the last save (a queue kept while offline can hold many). */
export const SaveSimulacroAnswersBodySchema = z.object({
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(120), optionSelectedIndex: z.number().int().min(0).max(9) }))
    .min(1)
    .max(300),
  /** The question on screen when the answers were chosen: where the sitting reopens, on any device. */
  position: z.number().int().min(0).max(1000).optional(),
});
export type SaveSimulacroAnswersBody = z.infer<typeof SaveSimulacroAnswersBodySchema>;
export const SimulacroClockSchema = z.object({
  saved: z.number().int(),
  answered: z.number().int(),
  status: z.enum(SIMULACRO_STATUSES),
  part: z.number().int(),
  msLeft: z.number().int(),
});
export type SimulacroClock = z.infer<typeof SimulacroClockSchema>;

export const SimulacroAreaResultSchema = z.object({ area: z.string(), correct: z.number().int(), total: z.number().int() });
export const SimulacroResultsSchema = z.object({
  quizSessionId: z.string(),
  formId: z.string(),
  name: z.string(),
  correct: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  /** Percent correct over every question of the form, one decimal. */
  score: z.number(),
  byArea: z.array(SimulacroAreaResultSchema),
  usedMs: z.number().int(),
  minutes: z.number().int(),
  /** Percent of the compared sittings below this score (ties half); null until enough of them count. */
  percentile: z.number().int().nullable(),
  /** How many other students' sittings the percentile compares with (first sittings, verified, half answered). */
  finishers: z.number().int(),
  /** This sitting is a retake: ranked against first sittings, but not among them. */
  retake: z.boolean(),
});
export type SimulacroResults = z.infer<typeof SimulacroResultsSchema>;

/** What each route of the simulacros area takes and answers (the route manifest, issue 36). */
export const simulacrosApi = {
  list: { response: SimulacroFormsSchema },
  start: { body: StartSimulacroBodySchema, response: StartSimulacroResponseSchema },
  sitting: { params: SimulacroParamsSchema, response: SimulacroSittingSchema },
  saveAnswers: { params: SimulacroParamsSchema, body: SaveSimulacroAnswersBodySchema, response: SimulacroClockSchema },
  endPart: { params: SimulacroParamsSchema, response: SimulacroClockSchema },
  resume: { params: SimulacroParamsSchema, response: SimulacroClockSchema },
  finish: { params: SimulacroParamsSchema, response: SimulacroResultsSchema },
  results: { params: SimulacroParamsSchema, response: SimulacroResultsSchema },
} satisfies ContractTable<typeof simulacrosRoutes>;
