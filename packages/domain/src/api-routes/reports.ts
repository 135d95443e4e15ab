import type { RouteTable } from './define.ts';

/** The reports area's API routes (the route manifest, issue 36). */
export const reportsRoutes = {} as const satisfies RouteTable;
