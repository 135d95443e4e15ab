import type { RouteTable } from './define.ts';

/** The profile area's API routes (the route manifest, issue 36). */
export const profileRoutes = {} as const satisfies RouteTable;
