import type { RouteTable } from './define.ts';

/** The content area's API routes (the route manifest, issue 36). */
export const contentRoutes = {} as const satisfies RouteTable;
