import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { redirectIfSignedOut } from '../../lib/api-failure';
import { isBankChoice } from '@galeno/domain/banks';
import { fetchStatsSummary } from './api';
import { BANK_PARAM, type StatsLoaderData } from './stats-view';

export { StatsPage as Component } from './stats-page';

/**
 * /app/estadisticas. Spec section 8: statistics load errors are only logged, so a failure shows the
 * empty state instead of an error page (with a way to try again, so months of history do not look lost). A session that ended (401) goes to login and back.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<StatsLoaderData> {
  const requested = new URL(request.url).searchParams.get(BANK_PARAM);
  const bank = isBankChoice(requested) ? requested : 'ambos';
  try {
    return { summary: await fetchStatsSummary(request.signal, bank), bank };
  } catch (error) {
    redirectIfSignedOut(error, request);
    // A trial has no statistics to keep: the page says so in place.
    if (error instanceof ApiError && error.code === 'TRIAL_NOT_ALLOWED') return { summary: null, trial: true, bank };
    // A navigation that moved on cancels its loader; that is not a failure worth a log line.
    if (request.signal.aborted) throw error;
    console.error('Failed to load the statistics summary', error);
    return { summary: null, failed: true, bank };
  }
}
