import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SessionProvider } from '../../lib/session';
import { STUDENT } from '../../test/api-mock';

// The landing's error screen is the app's, given by the route table: app/route-errors.test.tsx.

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

describe('landing route', () => {
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

  it('shows the landing to a visitor', async () => {
    const router = createMemoryRouter([{ path: '/', lazy: () => import('./landing-route'), HydrateFallback: () => null }]);
    render(
      <SessionProvider store={createSessionStore({ initialUser: null })}>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: /ENARM/ }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
