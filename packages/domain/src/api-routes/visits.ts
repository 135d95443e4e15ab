import { get, post, type RouteTable } from './define.ts';

/** The landing's visit and click beacons, its public figures, and the staff dashboard's metrics. */
export const visitsRoutes = {
  landingVisit: post('/api/visits/landing'),
  ctaClick: post('/api/visits/cta'),
  publicCounts: get('/api/visits/public-counts'),
  staffMetrics: get('/api/visits/metrics'),
} as const satisfies RouteTable;
