import { affiliatesRoutes } from './affiliates.ts';
import { authRoutes } from './auth.ts';
import { contentRoutes } from './content.ts';
import { discountQuizRoutes } from './discount-quiz.ts';
import { flashcardsRoutes } from './flashcards.ts';
import { healthRoutes } from './health.ts';
import { invoicesRoutes } from './invoices.ts';
import { legalRoutes } from './legal.ts';
import { membershipsRoutes } from './memberships.ts';
import { planRoutes } from './plan.ts';
import { profileRoutes } from './profile.ts';
import { quizRoutes } from './quiz.ts';
import { reportsRoutes } from './reports.ts';
import { simulacrosRoutes } from './simulacros.ts';
import { statsRoutes } from './stats.ts';
import { visitsRoutes } from './visits.ts';

/**
 * The route manifest (issue 36, F2): every API route by area and name, with its method and path. The server
 * registers each route from it (`apps/api/src/lib/api-route.ts`) and the page calls through it
 * (`apps/web/src/lib/api.ts`); `contracts/api.ts` gives each route its schemas.
 */
export const API_ROUTES = {
  affiliates: affiliatesRoutes,
  auth: authRoutes,
  content: contentRoutes,
  discountQuiz: discountQuizRoutes,
  flashcards: flashcardsRoutes,
  health: healthRoutes,
  invoices: invoicesRoutes,
  legal: legalRoutes,
  memberships: membershipsRoutes,
  plan: planRoutes,
  profile: profileRoutes,
  quiz: quizRoutes,
  reports: reportsRoutes,
  simulacros: simulacrosRoutes,
  stats: statsRoutes,
  visits: visitsRoutes,
} as const;

export type ApiRoutes = typeof API_ROUTES;
export type ApiArea = keyof ApiRoutes;
