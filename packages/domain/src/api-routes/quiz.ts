import type { RouteTable } from './define.ts';

/** The quiz area's API routes (the route manifest, issue 36). */
export const quizRoutes = {} as const satisfies RouteTable;
