import type { RouteTable } from './define.ts';

/** The auth area's API routes (the route manifest, issue 36). */
export const authRoutes = {} as const satisfies RouteTable;
