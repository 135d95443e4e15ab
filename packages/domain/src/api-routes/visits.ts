import type { RouteTable } from './define.ts';

/** The visits area's API routes (the route manifest, issue 36). */
export const visitsRoutes = {} as const satisfies RouteTable;
