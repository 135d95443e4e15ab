import type { StatsSummary } from '@galeno/domain/contracts/stats';
import type { BankChoice } from '@galeno/domain/banks';
import { api } from '../../lib/api';

export type { StatsSummary };

/** GET /api/stats/summary: everything the statistics page shows, aggregated by the server, for one bank or both. */
export function fetchStatsSummary(signal?: AbortSignal, bank: BankChoice = 'ambos'): Promise<StatsSummary> {
  // Both banks is the server's default: the query is left out for it.
  return api.stats.summary({ query: bank === 'ambos' ? {} : { bank }, signal });
}
