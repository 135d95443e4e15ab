import { get, type RouteTable } from './define.ts';

/** The statistics page: one bank's figures, or both banks'. */
export const statsRoutes = {
  summary: get('/api/stats/summary'),
  sameItems: get('/api/stats/same-items'),
} as const satisfies RouteTable;
