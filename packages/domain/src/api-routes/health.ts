import type { RouteTable } from './define.ts';

/** The health area's API routes (the route manifest, issue 36). */
export const healthRoutes = {} as const satisfies RouteTable;
