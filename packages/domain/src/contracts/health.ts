/** GET /api/health: answers only when the process and its database both work. */

import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
