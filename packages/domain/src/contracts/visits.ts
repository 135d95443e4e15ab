/** /api/visits: landing visits, call-to-action clicks and the public counts on the landing page. */

import { z } from 'zod';
import { StaffMetricsSchema } from './affiliates.ts';
import { SuccessSchema } from './common.ts';
import type { ContractTable } from './route-contract.ts';
import type { visitsRoutes } from '../api-routes/visits.ts';

export const ORIGIN_PATH_MAX = 300;
export const BUTTON_CLICKED_MAX = 100;

/** POST /visits/landing. The path is the page's own ('/', '/a/{shortId}', '/c/{id}'), never a full URL. */
export const LandingVisitBodySchema = z.object({
  originPath: z.string().min(1).max(ORIGIN_PATH_MAX).startsWith('/'),
  /** Where the visitor came from (the page's document.referrer); the request's Referer is our own page. */
  referrer: z.string().max(2000).nullable().optional(),
});
export type LandingVisitBody = z.infer<typeof LandingVisitBodySchema>;

/** POST /visits/cta. */
export const CtaClickBodySchema = z.object({ buttonClicked: z.string().trim().min(1).max(BUTTON_CLICKED_MAX) });
export type CtaClickBody = z.infer<typeof CtaClickBodySchema>;

/** GET /visits/public-counts: already rounded down by friendlyCount; 0 means "do not show". */
export const PublicCountsResponseSchema = z.object({
  students: z.number().int().nonnegative(),
  flashcards: z.number().int().nonnegative(),
  /** Published questions of our own ENARM bank and of the Spanish MIR banks, counted apart (decision 013). */
  ownQuestions: z.number().int().nonnegative(),
  mirQuestions: z.number().int().nonnegative(),
});
export type PublicCountsResponse = z.infer<typeof PublicCountsResponseSchema>;

/** What each route of the visits area takes and answers (the route manifest, issue 36). */
export const visitsApi = {
  landingVisit: { body: LandingVisitBodySchema, response: SuccessSchema },
  ctaClick: { body: CtaClickBodySchema, response: SuccessSchema },
  publicCounts: { response: PublicCountsResponseSchema },
  staffMetrics: { response: StaffMetricsSchema },
} satisfies ContractTable<typeof visitsRoutes>;
