import { get, type RouteTable } from './define.ts';

/** Who runs the service, for the privacy notice, terms, refunds and contact pages (issue 20). */
export const legalRoutes = {
  info: get('/api/legal'),
} as const satisfies RouteTable;
