import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { Await, Link, Navigate, redirect, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { StaffMetrics } from '@galeno/domain/contracts/affiliates';
import { STAFF_TABLE_DAYS } from '@galeno/domain/timings';
import { buttonClassName } from '../../components/ui/button-styles';
import { useLoadingDots } from '../../components/ui/loading-screen';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { getAppName } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { loginPathFor } from '../../lib/redirect-to';
import { sessionStore, type SessionStore } from '../../lib/session';
import { fetchAffiliates, fetchStaffMetrics, type AffiliateDetail } from './api';
import { DailyActivity } from './daily-activity';
import { StaffAffiliates } from './staff-affiliates';
import { RecentActivity, RecentClicks, RecentUsers, RecentVisits, TopLists } from './staff-lists';

/**
 * Route module for /metrics (spec: staff metrics dashboard), in the centered layout. Staff only: the
 * server checks STAFF_EMAILS on every call and anyone else gets the not-allowed screen.
 */

export const PAGE_TITLE = 'Métricas';
export const FORBIDDEN_TITLE = 'No tienes permiso para ver esta página';
export const LOAD_FAILED_TITLE = 'Error al cargar datos';

export type StaffDashboardResult =
  | { status: 'ok'; metrics: StaffMetrics; affiliates: AffiliateDetail[] }
  | { status: 'forbidden' }
  | { status: 'signed-out' }
  | { status: 'error'; message: string };

export interface StaffMetricsData {
  /** Settles once, never rejects: the page shows its loading state meanwhile. */
  dashboard: Promise<StaffDashboardResult>;
  /** A new number per load, so a retry shows the loading state again instead of the old error. */
  loadId: number;
}

let loads = 0;

async function loadDashboard(signal: AbortSignal): Promise<StaffDashboardResult> {
  try {
    const [metrics, affiliates] = await Promise.all([fetchStaffMetrics(signal), fetchAffiliates(signal)]);
    return { status: 'ok', metrics, affiliates };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
    if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
    return { status: 'error', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE };
  }
}

/**
 * Waits for the session check, sends visitors (and trial sessions, which the server refuses) to log in,
 * then starts the calls without waiting for them, so the page can show its own loading state.
 */
export function createStaffMetricsLoader(store: Pick<SessionStore, 'ready'> = sessionStore) {
  return async function staffMetricsLoader({ request }: LoaderFunctionArgs): Promise<StaffMetricsData> {
    const { user } = await store.ready();
    if (!user || user.isTrial) {
      const url = new URL(request.url);
      throw redirect(loginPathFor(url.pathname + url.search));
    }
    return { dashboard: loadDashboard(request.signal), loadId: ++loads };
  };
}

export const loader = createStaffMetricsLoader();

/**
 * The centered layout is a narrow column; the tables need room, so this page widens itself (up to
 * 72rem, never past the viewport) with negative side margins instead of a layout of its own.
 */
const WIDE: CSSProperties = { marginInline: 'min(0px, calc(50% - min(36rem, 50vw - 2rem)))' };

export function Component() {
  const { dashboard, loadId } = useLoaderData<StaffMetricsData>();
  return (
    <div style={WIDE}>
      <Suspense key={loadId} fallback={<LoadingState />}>
        <Await resolve={dashboard}>{(result: StaffDashboardResult) => <DashboardResult result={result} />}</Await>
      </Suspense>
    </div>
  );
}

function DashboardResult({ result }: { result: StaffDashboardResult }) {
  switch (result.status) {
    case 'ok':
      return <StaffDashboard metrics={result.metrics} affiliates={result.affiliates} />;
    case 'forbidden':
      return <NotAllowed />;
    case 'signed-out':
      // The session ended after the page opened: log in again and come back here.
      return <Navigate to={loginPathFor('/metrics')} replace />;
    case 'error':
      return <LoadFailed message={result.message} />;
  }
}

function StaffDashboard({ metrics, affiliates }: { metrics: StaffMetrics; affiliates: AffiliateDetail[] }) {
  useDocumentTitle(PAGE_TITLE);
  return (
    <div className="space-y-10">
      <PageHeading />
      <RecentActivity activity={metrics.recentActivity} />
      <DailyActivity daily={metrics.daily} />
      <TopLists routes={metrics.topRoutes} buttons={metrics.topButtons} />
      <RecentVisits visits={metrics.allLandingVisits} />
      <div className="grid gap-10 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RecentUsers users={metrics.usersRegistered} />
        <RecentClicks clicks={metrics.allLandingCTAs} />
      </div>
      <StaffAffiliates initialAffiliates={affiliates} />
    </div>
  );
}

function PageHeading() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{PAGE_TITLE}</h1>
      <p className="mt-1 text-slate-700">Visitas, clics y registros de los últimos {STAFF_TABLE_DAYS} días.</p>
      <div className="mt-2 flex flex-wrap gap-x-6">
        <Link to="/metrics/revision" className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          Preguntas en revisión
        </Link>
        <Link to="/metrics/reportes" className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          Errores reportados
        </Link>
        <Link to="/metrics/facturas" className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          Facturas solicitadas
        </Link>
      </div>
    </div>
  );
}

function LoadingState() {
  useDocumentTitle(PAGE_TITLE);
  const dots = useLoadingDots();
  return (
    <div className="space-y-6">
      <PageHeading />
      <Panel>
        <div role="status" className="flex flex-col items-center gap-3 py-6">
          <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
          <span className="sr-only">Cargando métricas...</span>
          <span aria-hidden="true" className="font-medium text-slate-700">
            Cargando métricas<span className="inline-block w-[3ch] text-left">{'.'.repeat(dots)}</span>
          </span>
        </div>
      </Panel>
    </div>
  );
}

function LoadFailed({ message }: { message: string }) {
  useDocumentTitle(PAGE_TITLE);
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div className="space-y-6">
      <PageHeading />
      <Panel>
        <div role="alert">
          <h2 className="text-xl font-bold text-slate-900">{LOAD_FAILED_TITLE}</h2>
          <p className="mt-2 text-slate-700">{message}</p>
        </div>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={retrying}
          className={buttonClassName('primary', 'md', 'mt-6')}
        >
          {retrying ? 'Reintentando...' : 'Reintentar'}
        </button>
      </Panel>
    </div>
  );
}

function NotAllowed() {
  useDocumentTitle(FORBIDDEN_TITLE);
  return (
    <div className="mx-auto max-w-md">
      <Panel>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{FORBIDDEN_TITLE}</h1>
        <p className="mt-3 text-slate-700">Este panel es solo para el equipo de {getAppName()}.</p>
        <Link to="/" className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
          Volver al inicio
        </Link>
      </Panel>
    </div>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">{children}</div>;
}
