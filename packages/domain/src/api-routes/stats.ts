import type { RouteTable } from './define.ts';

/** The stats area's API routes (the route manifest, issue 36). */
export const statsRoutes = {} as const satisfies RouteTable;
