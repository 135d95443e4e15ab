import type { ApiArea } from '../api-routes/index.ts';
import { affiliatesApi } from './affiliates.ts';
import { authApi } from './auth.ts';
import { contentApi } from './content-review.ts';
import { discountQuizApi } from './discount-quiz.ts';
import { flashcardsApi } from './flashcards.ts';
import { healthApi } from './health.ts';
import { invoicesApi } from './invoices.ts';
import { legalApi } from './legal.ts';
import { membershipsApi } from './payments.ts';
import { planApi } from './plan.ts';
import { profileApi } from './profile.ts';
import { quizApi } from './quiz.ts';
import { reportsApi } from './reports.ts';
import { simulacrosApi } from './simulacros.ts';
import { statsApi } from './stats.ts';
import { visitsApi } from './visits.ts';

/**
 * Each route's schemas, by the same area and name as the manifest (`api-routes/index.ts`). The server validates
 * with them; the page takes only their types (`import type`), so no zod reaches its bundle.
 */
export const API_CONTRACTS = {
  affiliates: affiliatesApi,
  auth: authApi,
  content: contentApi,
  discountQuiz: discountQuizApi,
  flashcards: flashcardsApi,
  health: healthApi,
  invoices: invoicesApi,
  legal: legalApi,
  memberships: membershipsApi,
  plan: planApi,
  profile: profileApi,
  quiz: quizApi,
  reports: reportsApi,
  simulacros: simulacrosApi,
  stats: statsApi,
  visits: visitsApi,
} as const satisfies Record<ApiArea, unknown>;

export type ApiContracts = typeof API_CONTRACTS;
