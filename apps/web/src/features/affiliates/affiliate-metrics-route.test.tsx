import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateMetrics, Registration } from '@galeno/domain/contracts/affiliates';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { createSessionStore } from '../../lib/session';
import { apiError, mockApi, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component, createAffiliateMetricsLoader, ErrorBoundary } from './affiliate-metrics-route';

/** Loaders and jsdom role queries can be slow when the whole suite runs in parallel. */
const SLOW = { timeout: 5000 };

const METRICS = 'GET /api/affiliates/metrics/dra-paty';

function registration(id: string, registeredAt: string, payments: Registration['payments'] = []): Registration {
  return { userRegisteredId: id, registeredAt, payments };
}

function metrics(overrides: Partial<AffiliateMetrics> = {}): AffiliateMetrics {
  return {
    affiliate: { shortId: 'dra-paty', name: 'Dra. Paty Ruiz' },
    isDemo: false,
    totalRegistrationsCount: 1234,
    uniqueVisitsCount: 312,
    visitsLast24Hours: 16,
    totalPaymentsAmount: 35000,
    totalEarnedAmount: 5250,
    uniqueLinkVisits: [],
    recentRegistrations: [
      registration('user-2', '2026-11-20T18:00:00.000Z', [
        {
          membershipType: '1-year',
          membershipMode: 'single',
          paidAt: '2026-11-20T19:00:00.000Z',
          discountAmount: 382,
          amountPaid: 893,
          regularMembershipPrice: 1275,
          affiliateEarnedAmount: 134,
        },
      ]),
      registration('user-1', '2026-11-18T18:00:00.000Z'),
    ],
    ...overrides,
  };
}

function renderDashboard(path = '/affiliate-metrics/dra-paty', user: AuthUser | null = STUDENT) {
  const store = createSessionStore({ initialUser: user });
  return renderRoutes(
    [
      {
        path: '/affiliate-metrics/:affiliateShortId?',
        loader: createAffiliateMetricsLoader(store),
        Component,
        ErrorBoundary,
        HydrateFallback: () => null,
      },
      { path: '/signup', element: <h1>Crear cuenta</h1> },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
    ],
    { path, store },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('affiliate dashboard', () => {
  it('shows the link to share, the four figures and the latest registrations with their payments', async () => {
    mockApi({ [METRICS]: metrics() });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de métricas' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect((screen.getByLabelText('Tu enlace de afiliado') as HTMLInputElement).value).toBe(`${window.location.origin}/a/dra-paty`);
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
    expect(screen.queryByText('Datos de demostración')).toBeNull();

    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement?.textContent;
    expect(figure('Visitas únicas')).toContain('312');
    expect(figure('Registros totales')).toContain('1,234');
    expect(figure('Visitas Últimas 24 horas')).toContain('16');
    expect(figure('Pagos totales')).toContain('$35,000');
    expect(figure('Pagos totales')).toContain('Tus ganancias: $5,250');

    const list = screen.getByRole('region', { name: 'Registros recientes Últimos 2 registros' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Registro del 20 de noviembre de 2026');
    expect(items[0]?.textContent).toContain('1 Año · Individual');
    expect(items[0]?.textContent).toContain('Pagó$893');
    expect(items[0]?.textContent).toContain('Descuento30%');
    expect(items[0]?.textContent).toContain('Tu ganancia$134');
    expect(items[1]?.textContent).toContain('Sin pagos todavía');

    expect(screen.getByRole('heading', { level: 2, name: /Cómo se calculan tus métricas/ })).toBeTruthy();
  });

  it("shows 'Aún no hay registros' when nobody has signed up through the link", async () => {
    mockApi({ [METRICS]: metrics({ recentRegistrations: [], totalRegistrationsCount: 0 }) });
    renderDashboard();
    expect(await screen.findByText('Aún no hay registros', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Últimos \d+ registros/)).toBeNull();
  });

  it('lists at most 30 registrations', async () => {
    const many = Array.from({ length: 35 }, (_, i) => registration(`user-${i}`, '2026-11-20T18:00:00.000Z'));
    mockApi({ [METRICS]: metrics({ recentRegistrations: many }) });
    renderDashboard();
    expect(await screen.findByText('Últimos 30 registros', {}, SLOW)).toBeTruthy();
  });

  it("marks the demo affiliate's figures as 'Datos de demostración'", async () => {
    mockApi({
      'GET /api/affiliates/metrics/galeno': metrics({ isDemo: true, affiliate: { shortId: 'galeno', name: 'Galeno (demostración)' } }),
    });
    renderDashboard('/affiliate-metrics/galeno');
    expect(await screen.findByText('Datos de demostración', {}, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Tu enlace de afiliado') as HTMLInputElement).value).toBe(`${window.location.origin}/a/galeno`);
  });

  it('shows the not-allowed screen to an account that does not own the affiliate', async () => {
    mockApi({ [METRICS]: apiError(403, 'NOT_AFFILIATE_OWNER', 'No tienes permiso para ver las métricas de este afiliado.') });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'No tienes acceso a este panel' }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Visitas únicas')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('says so when the affiliate does not exist', async () => {
    mockApi({ 'GET /api/affiliates/metrics/nadie': apiError(404, 'NOT_FOUND', 'El afiliado no existe.') });
    renderDashboard('/affiliate-metrics/nadie');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos este panel' }, SLOW)).toBeTruthy();
  });

  it('sends visitors and trial sessions to log in, and back here afterwards', async () => {
    const api = mockApi({});
    const { router } = renderDashboard('/affiliate-metrics/dra-paty', null);
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, SLOW);
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirectTo=%2Faffiliate-metrics%2Fdra-paty');
    expect(api.requests()).toEqual([]);

    const trial = renderDashboard('/affiliate-metrics/dra-paty', trialUser(new Date(Date.now() + 60_000).toISOString()));
    await vi.waitFor(() => expect(trial.router.state.location.pathname).toBe('/login'));
  });

  it('sends a missing id to /signup', async () => {
    const { router } = renderDashboard('/affiliate-metrics');
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' }, SLOW);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('offers a retry when the metrics cannot load', async () => {
    const api = mockApi({ [METRICS]: [apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.'), metrics()] });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Error al cargar datos' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de métricas' }, SLOW)).toBeTruthy();
    expect(api.requests()).toEqual([METRICS, METRICS]);
  });
});
