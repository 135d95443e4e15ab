import { redirect, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import type { AffiliateMetrics } from '@galeno/domain/contracts/affiliates';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { redirectIfSignedOut } from '../../lib/api-failure';
import { sessionStore, type SessionStore } from '../../lib/session';
import { LoadFailedScreen, NotAllowedScreen, NotFoundScreen } from './access-screens';
import { AffiliateDashboard } from './affiliate-dashboard';
import { fetchAffiliateMetrics } from './api';
import { DashboardFrame } from './dashboard-frame';
import { requireAccount } from './session-gate';

/**
 * Route module for /affiliate-metrics/{affiliateShortId} (spec: route table, affiliate dashboard). The
 * page brings its own frame (the app shell): mount it outside the centered layout.
 */

export type AffiliateDashboardData =
  | { status: 'ok'; metrics: AffiliateMetrics }
  /** 403: the account neither owns this affiliate nor is staff (decisions: affiliates and metrics). */
  | { status: 'forbidden' }
  | { status: 'not-found'; shortId: string };

/** The session comes in as a parameter so tests can hand the loader a known one. */
export function createAffiliateMetricsLoader(store: Pick<SessionStore, 'ready'> = sessionStore) {
  return async function affiliateMetricsLoader({ params, request }: LoaderFunctionArgs): Promise<AffiliateDashboardData> {
    const shortId = params.affiliateShortId?.trim();
    if (!shortId) throw redirect('/signup');
    await requireAccount(store, request);

    try {
      return { status: 'ok', metrics: await fetchAffiliateMetrics(shortId, request.signal) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The session ended since the page opened (logout in another tab, expiry): log in and come back.
      redirectIfSignedOut(error, request);
      if (error.status === 403) return { status: 'forbidden' };
      if (error.status === 404 || error.status === 400) return { status: 'not-found', shortId };
      throw error;
    }
  };
}

export const loader = createAffiliateMetricsLoader();

export function Component() {
  const data = useLoaderData<AffiliateDashboardData>();
  return (
    <DashboardFrame>
      {data.status === 'ok' ? (
        <AffiliateDashboard metrics={data.metrics} origin={window.location.origin} />
      ) : data.status === 'forbidden' ? (
        <NotAllowedScreen />
      ) : (
        <NotFoundScreen shortId={data.shortId} />
      )}
    </DashboardFrame>
  );
}

/** Network and server failures: the error panel with a retry. */
export function ErrorBoundary() {
  const error = useRouteError();
  const message = error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
  return (
    <DashboardFrame>
      <LoadFailedScreen message={message} />
    </DashboardFrame>
  );
}
