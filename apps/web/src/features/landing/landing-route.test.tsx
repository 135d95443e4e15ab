import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SessionProvider } from '../../lib/session';
import { STUDENT } from '../../test/api-mock';

// A section that crashes while rendering, to reach the landing's own error fallback.
vi.mock('./pricing-section', () => ({
  PricingSection: () => {
    throw new Error('pricing exploded');
  },
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
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

describe('landing route', () => {
  it('shows its own friendly fallback with a reload button when the page fails', async () => {
    const router = createMemoryRouter([{ path: '/', lazy: () => import('./landing-route'), HydrateFallback: () => null }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos mostrar esta página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar la página' })).toBeTruthy();
  });

  it('sends a signed-in student coming back to «/» to the app (issue 35)', async () => {
    const router = createMemoryRouter([
      { path: '/', lazy: () => import('./landing-route'), HydrateFallback: () => null },
      { path: '/app', element: <h1>Inicio</h1> },
    ]);
    render(
      <SessionProvider store={createSessionStore({ initialUser: STUDENT })}>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
  });
});
