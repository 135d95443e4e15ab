/**
 * The health checks. GET /api/health: the process and its database both work (load balancers, benchmarks).
 * GET /api/health/live: the process answers (no I/O). GET /api/health/ready: this instance should get traffic: its
 * database answers, its Redis too when REDIS_URL is set, and it is not stopping. Failures are ErrorResponse (503).
 */

import { z } from 'zod';
import type { ContractTable } from './route-contract.ts';
import type { healthRoutes } from '../api-routes/health.ts';

export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

export const ReadinessResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  /** `not-configured`: no REDIS_URL, the limits live in this instance's memory. */
  redis: z.enum(['ok', 'not-configured']),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

/** The `code` of a 503 from /api/health/ready. */
export const READINESS_FAILURE_CODES = ['SHUTTING_DOWN', 'DATABASE_UNAVAILABLE', 'REDIS_UNAVAILABLE'] as const;

/** What each route of the health area takes and answers (the route manifest, issue 36). */
export const healthApi = {
  health: { response: HealthResponseSchema },
  live: { response: LivenessResponseSchema },
  ready: { response: ReadinessResponseSchema },
} satisfies ContractTable<typeof healthRoutes>;
