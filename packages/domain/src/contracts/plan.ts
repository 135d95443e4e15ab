import { z } from 'zod';
import { isIsoDateOnly } from '../format.ts';
import { MAX_HOURS_A_DAY, PLAN_DIGESTS } from '../study-plan.ts';
import type { ContractTable } from './route-contract.ts';
import type { planRoutes } from '../api-routes/plan.ts';

/* The study plan (issue 40): what the student sets, and the plan the server computes from it and her history. */

const isoDate = (message: string) => z.string().refine(isIsoDateOnly, { error: message });

/** A plan reaches at most this far: an exam date beyond it is a typo, not a plan. */
const MAX_YEARS_AHEAD = 3;

export const PlanSettingsSchema = z.object({
  examDate: isoDate('Escribe la fecha del examen como día, mes y año.').refine(
    (value) => new Date(`${value}T12:00:00Z`).getTime() < Date.now() + MAX_YEARS_AHEAD * 366 * 86_400_000,
    { error: `La fecha del examen debe estar dentro de los próximos ${MAX_YEARS_AHEAD} años.` },
  ),
  hoursByWeekday: z
    .array(
      z
        .number()
        .int({ error: 'Las horas son números enteros.' })
        .min(0)
        .max(MAX_HOURS_A_DAY, { error: `Como máximo ${MAX_HOURS_A_DAY} horas al día.` }),
    )
    .length(7, { error: 'Indica las horas de cada día de la semana.' }),
  daysOff: z.array(isoDate('Cada día libre es una fecha.')).max(120).optional(),
  /** The e-mail with today's plan and due cards: never, every day, or only on study days. */
  digest: z.enum(PLAN_DIGESTS).optional(),
});
export type PlanSettings = z.infer<typeof PlanSettingsSchema>;

export const PlanDaySchema = z.object({
  date: z.string(),
  weekday: z.number().int(),
  hours: z.number(),
  questions: z.number().int(),
  reviewMinutes: z.number().int(),
  simulacro: z.enum(['completo', 'mini']).nullable(),
});

/** A row of content/enarm/cutoffs.json: a speciality's places and the score of the last student selected, with its source. */
export const CutoffSchema = z.object({
  speciality: z.string().min(1),
  year: z.number().int().min(2000).max(2100),
  places: z.number().int().nonnegative().nullable(),
  lastSelectedScore: z.number().min(0).max(100).nullable(),
  source: z.string().min(3),
  url: z.string().nullable().optional(),
});
export type Cutoff = z.infer<typeof CutoffSchema>;
export const CutoffTableSchema = z.array(CutoffSchema);

export const PlanResponseSchema = z.object({
  /** Null until she sets her plan. */
  settings: PlanSettingsSchema.nullable(),
  /** The first day of the next ENARM, what the form offers by default. */
  defaultExamDate: z.string(),
  /**
   * The plan: `not-set` until she sets it, `exam-past` or `no-hours` when there is nothing to plan (then the days are
   * empty), else `plan`. One flat shape (the response serializer compiles it; no unions).
   */
  plan: z.object({
    kind: z.enum(['not-set', 'exam-past', 'no-hours', 'plan']),
    /** The study days of the next 12 weeks (the totals below count every day to the exam). */
    days: z.array(PlanDaySchema),
    today: PlanDaySchema.nullable(),
    focus: z.array(z.string()),
    plannedQuestions: z.number().int(),
    coverage: z.number(),
    daysLeft: z.number().int(),
  }),
  /**
   * Where she stands: her estimated ENARM score as a band (never from fewer than 50 answers), and the published places
   * and past last-selected scores of her speciality and the others, each with its year and source (content/enarm).
   */
  standing: z.object({
    band: z.object({
      kind: z.enum(['too-few', 'band']),
      answers: z.number().int(),
      needed: z.number().int(),
      low: z.number(),
      high: z.number(),
      estimate: z.number(),
      fromSimulacros: z.number().int(),
    }),
    speciality: z.string().nullable(),
    cutoffs: z.array(CutoffSchema),
  }),
  /** This week so far: the new questions the plan asked from Monday to today against those she answered; null without a plan. */
  week: z.object({ planned: z.number().int(), answered: z.number().int(), difference: z.number().int() }).nullable(),
  /** New questions she answered today (Mexico City), and the flashcards due now. */
  answeredToday: z.number().int(),
  dueCards: z.number().int(),
  unseenQuestions: z.number().int(),
});
export type PlanResponse = z.infer<typeof PlanResponseSchema>;

/** The one-click link of the digest e-mail: who, and the signature that proves the link is ours. */
export const UnsubscribeDigestBodySchema = z.object({ u: z.uuid(), s: z.string().min(10).max(200) });

export const planApi = {
  get: { response: PlanResponseSchema },
  saveSettings: { body: PlanSettingsSchema, response: PlanResponseSchema },
  unsubscribeDigest: { body: UnsubscribeDigestBodySchema, response: z.object({ success: z.literal(true) }) },
} satisfies ContractTable<typeof planRoutes>;
