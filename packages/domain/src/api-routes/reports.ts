import { get, post, type RouteTable } from './define.ts';

/** «Reportar un error» (any account) and the staff queue that resolves reports. */
export const reportsRoutes = {
  create: post('/api/reports'),
  queue: get('/api/reports'),
  resolve: post('/api/reports/:itemKind/:itemId/resolve'),
} as const satisfies RouteTable;
