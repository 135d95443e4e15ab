import { get, type RouteTable } from './define.ts';

/** Health checks for balancers and monitors: health (the database), liveness (the process) and readiness (traffic). */
export const healthRoutes = {
  health: get('/api/health'),
  live: get('/api/health/live'),
  ready: get('/api/health/ready'),
} as const satisfies RouteTable;
