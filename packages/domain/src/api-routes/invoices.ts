import type { RouteTable } from './define.ts';

/** The invoices area's API routes (the route manifest, issue 36). */
export const invoicesRoutes = {} as const satisfies RouteTable;
