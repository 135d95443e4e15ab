import type { RouteTable } from './define.ts';

/** The discountQuiz area's API routes (the route manifest, issue 36). */
export const discountQuizRoutes = {} as const satisfies RouteTable;
