import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMetrics } from '@galeno/domain/contracts/affiliates';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { clearToasts } from '../../components/ui/toast';
import { createSessionStore } from '../../lib/session';
import { apiError, jsonResponse, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import type { AffiliateDetail } from './api';
import { Component, createStaffMetricsLoader } from './staff-metrics-route';

const METRICS = 'GET /api/visits/metrics';
const SLOW = { timeout: 5000 };
// mockApi reads an array as answers in turn, so a list body is wrapped once more: [[AFFILIATE]].
const AFFILIATES = 'GET /api/affiliates';
const CREATE = 'POST /api/affiliates';
const STAFF: AuthUser = { id: 'staff-1', name: 'Equipo', email: 'equipo@example.com', isTrial: false, trialEndsAt: null };

function staffMetrics(): StaffMetrics {
  const daily = Array.from({ length: 14 }, (_, i) => ({
    day: `2026-11-${String(i + 8).padStart(2, '0')}`,
    visits: i * 10,
    clicks: i,
    registrations: i % 3,
  }));
  return {
    allLandingVisits: [
      {
        id: 'v1',
        originPath: '/a/dra-paty',
        timesVisited: 3,
        referer: 'https://instagram.com/',
        created: '2026-11-21T17:00:00.000Z',
        ip: '200.1.x.x',
      },
      { id: 'v2', originPath: '/', timesVisited: 1, referer: null, created: '2026-11-21T16:00:00.000Z', ip: '2806:10a0::x' },
    ],
    allLandingCTAs: [{ buttonClicked: 'hero-signup', created: '2026-11-21T17:01:00.000Z' }],
    usersRegistered: [{ id: 'u1', name: 'Ana López', email: 'ana@example.com', created: '2026-11-21T17:05:00.000Z', verified: true }],
    daily,
    recentActivity: { visits: 420, clicks: 37, registrations: 9 },
    topRoutes: [
      { originPath: '/', count: 300 },
      { originPath: '/a/dra-paty', count: 12 },
    ],
    topButtons: [{ buttonClicked: 'hero-signup', count: 20 }],
  };
}

const AFFILIATE: AffiliateDetail = {
  shortId: 'dra-paty',
  name: 'Dra. Paty Ruiz',
  ownerEmail: 'paty@example.com',
  commissionRate: 0.15,
  createdAt: '2026-11-01T12:00:00.000Z',
};

function renderStaff(user: AuthUser | null = STAFF) {
  const store = createSessionStore({ initialUser: user });
  return renderRoutes(
    [
      { path: '/metrics', loader: createStaffMetricsLoader(store), Component, HydrateFallback: () => null },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
      { path: '/', element: <h1>Inicio</h1> },
    ],
    { path: '/metrics', store },
  );
}

/** The loading state has the page's h1 too: wait for the figures. */
const dashboardShown = () => screen.findByRole('heading', { level: 2, name: /Actividad reciente/ }, SLOW);

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('staff metrics', () => {
  it('sends visitors to log in and back to /metrics', async () => {
    const api = mockApi({});
    const { router } = renderStaff(null);
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, SLOW);
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirectTo=%2Fmetrics');
    expect(api.requests()).toEqual([]);
  });

  it('shows the not-allowed screen, with a way home, to accounts that are not staff', async () => {
    mockApi({
      [METRICS]: apiError(403, 'STAFF_ONLY', 'Esta sección es solo para el equipo.'),
      [AFFILIATES]: apiError(403, 'STAFF_ONLY', 'Esta sección es solo para el equipo.'),
    });
    renderStaff();
    expect(await screen.findByRole('heading', { level: 1, name: 'No tienes permiso para ver esta página' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loading state, then the error panel, and loads again on retry', async () => {
    // The second answer waits until released, to see the loading state come back on retry.
    let release = () => undefined as void;
    const secondAnswer = new Promise<void>((resolve) => (release = resolve)).then(() => jsonResponse(staffMetrics()));
    const api = mockApi({
      [METRICS]: [apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.'), () => secondAnswer],
      [AFFILIATES]: [[AFFILIATE]],
    });
    renderStaff();
    expect(await screen.findByText('Cargando métricas...', {}, SLOW)).toBeTruthy();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Error al cargar datos' }, SLOW);
    const alert = heading.closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Ocurrió un error inesperado.');

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Cargando métricas...', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Error al cargar datos')).toBeNull();
    release();
    expect(await screen.findByRole('table', { name: /por día/ }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Error al cargar datos')).toBeNull();
    expect(api.requests().filter((request) => request === METRICS)).toHaveLength(2);
  });

  it('shows the last 14 days as charts and a table, the top lists and the latest visits and users', async () => {
    mockApi({ [METRICS]: staffMetrics(), [AFFILIATES]: [[AFFILIATE]] });
    renderStaff();
    await dashboardShown();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Métricas']);

    const recent = screen.getByRole('heading', { level: 2, name: /Actividad reciente/ }).closest('section') as HTMLElement;
    expect(recent.textContent).toContain('420');
    expect(recent.textContent).toContain('37');

    const charts = screen.getAllByRole('img');
    expect(charts).toHaveLength(3);
    expect(charts[0]?.textContent).toContain('Visitas por día');
    expect(charts[0]?.textContent).toContain('910 en total');

    const daily = screen.getByRole('table', { name: /por día, últimos 14 días/ });
    const bodyRows = within(daily).getAllByRole('row').slice(1, -1);
    expect(bodyRows).toHaveLength(14);
    expect(
      within(daily)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Día', 'Visitas', 'Clics', 'Registros']);
    expect(within(daily).getAllByRole('row').at(-1)?.textContent).toBe('Total9109113');

    expect(within(screen.getByRole('table', { name: 'Rutas más visitadas' })).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByRole('table', { name: 'Botones más usados' })).getByText('hero-signup')).toBeTruthy();

    const visits = screen.getByRole('table', { name: 'Visitas recientes' });
    expect(within(visits).getByText('200.1.x.x')).toBeTruthy();
    expect(within(visits).getByText('2806:10a0::x')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Usuarios recientes' })).getByText('ana@example.com')).toBeTruthy();

    const affiliates = screen.getByRole('table', { name: /Afiliados/ });
    expect(within(affiliates).getByText('15%')).toBeTruthy();
    expect(within(affiliates).getByRole('link', { name: 'Ver panel de Dra. Paty Ruiz' }).getAttribute('href')).toBe(
      '/affiliate-metrics/dra-paty',
    );
  });

  it('creates an affiliate, adds it to the list and confirms with a toast', async () => {
    const created: AffiliateDetail = {
      shortId: 'dr-luis',
      name: 'Dr. Luis Gómez',
      ownerEmail: 'luis@example.com',
      commissionRate: 0.125,
      createdAt: '2026-11-21T18:00:00.000Z',
    };
    const api = mockApi({ [METRICS]: staffMetrics(), [AFFILIATES]: [[AFFILIATE]], [CREATE]: created });
    renderStaff();
    await dashboardShown();

    fireEvent.change(screen.getByLabelText('Identificador'), { target: { value: 'Dr-Luis' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: ' Dr. Luis Gómez ' } });
    fireEvent.change(screen.getByLabelText('Correo del dueño'), { target: { value: 'luis@example.com' } });
    fireEvent.change(screen.getByLabelText('Comisión (%)'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear afiliado' }));

    expect(await screen.findByText('Afiliado creado correctamente', {}, SLOW)).toBeTruthy();
    expect(api.bodyOf(CREATE)).toEqual({
      shortId: 'dr-luis',
      name: 'Dr. Luis Gómez',
      ownerEmail: 'luis@example.com',
      commissionRate: 0.125,
    });
    const rows = within(screen.getByRole('table', { name: /Afiliados/ })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('dr-luis');
    expect((screen.getByLabelText('Identificador') as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending, and toasts what the server refuses', async () => {
    const api = mockApi({
      [METRICS]: staffMetrics(),
      [AFFILIATES]: [[AFFILIATE]],
      [CREATE]: apiError(409, 'AFFILIATE_EXISTS', 'Ya existe un afiliado con ese identificador.'),
    });
    renderStaff();
    await dashboardShown();

    fireEvent.change(screen.getByLabelText('Comisión (%)'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear afiliado' }));
    expect(screen.getByText('Usa de 2 a 40 minúsculas, números o guiones')).toBeTruthy();
    expect(screen.getByText('La comisión debe ser un número entre 0 y 100')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Identificador'));
    expect(api.requests()).not.toContain(CREATE);

    fireEvent.change(screen.getByLabelText('Identificador'), { target: { value: 'dra-paty' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Otra Paty' } });
    fireEvent.change(screen.getByLabelText('Correo del dueño'), { target: { value: 'otra@example.com' } });
    fireEvent.change(screen.getByLabelText('Comisión (%)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear afiliado' }));
    const toast = await screen.findByTestId('toast', {}, SLOW);
    expect(toast.getAttribute('data-tone')).toBe('error');
    expect(toast.textContent).toContain('Ya existe un afiliado con ese identificador.');
  });
});
