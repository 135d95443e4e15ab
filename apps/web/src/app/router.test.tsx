import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootErrorPage } from './route-error-page';
import { routes } from './router';

function renderRoutes(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('router', () => {
  it('shows the loading screen while the landing chunk loads, then the landing', async () => {
    renderRoutes('/');
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    // The first lazy chunk compiles on demand in the test runner: slow when every test file runs at once.
    expect(await screen.findByRole('heading', { level: 1, name: /ENARM/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the 404 page for an unknown route', async () => {
    renderRoutes('/no/existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('a page that fails shows the Spanish error screen, never «Unexpected Application Error!» (issue 35)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RootErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    // A visitor's home is the landing; a student's, the app.
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
