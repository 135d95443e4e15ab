import type { RouteTable } from './define.ts';

/** The affiliates area's API routes (the route manifest, issue 36). */
export const affiliatesRoutes = {} as const satisfies RouteTable;
