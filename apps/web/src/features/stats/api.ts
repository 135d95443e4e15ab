import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { apiFetch } from '../../lib/api-client';

export type { StatsSummary };

/** GET /api/stats/summary: everything the statistics page shows, aggregated by the server. */
export function fetchStatsSummary(signal?: AbortSignal): Promise<StatsSummary> {
  return apiFetch<StatsSummary>('/api/stats/summary', { signal });
}
