import type { StatsSummary } from '@galeno/domain/contracts/stats';
import type { BankChoice } from '@galeno/domain/banks';
import { apiFetch } from '../../lib/api-client';

export type { StatsSummary };

/** GET /api/stats/summary: everything the statistics page shows, aggregated by the server, for one bank or both. */
export function fetchStatsSummary(signal?: AbortSignal, bank: BankChoice = 'ambos'): Promise<StatsSummary> {
  return apiFetch<StatsSummary>(bank === 'ambos' ? '/api/stats/summary' : `/api/stats/summary?bank=${bank}`, { signal });
}
