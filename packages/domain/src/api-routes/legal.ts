import type { RouteTable } from './define.ts';

/** The legal area's API routes (the route manifest, issue 36). */
export const legalRoutes = {} as const satisfies RouteTable;
