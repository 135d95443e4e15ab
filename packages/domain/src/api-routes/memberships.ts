import type { RouteTable } from './define.ts';

/** The memberships area's API routes (the route manifest, issue 36). */
export const membershipsRoutes = {} as const satisfies RouteTable;
