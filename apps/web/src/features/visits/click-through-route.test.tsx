import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, loader } from './click-through-route';

/** Loaders and jsdom role queries can be slow when the whole suite runs in parallel. */
const SLOW = { timeout: 5000 };

let beacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});

describe('/c/{id}', () => {
  it('records a landing visit with originPath /c/{id} and lands on the home page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/c/:id', loader, Component, HydrateFallback: () => null },
        { path: '/', element: <h1>Inicio</h1> },
      ],
      { initialEntries: ['/c/instagram-nov'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('/api/visits/landing');
    expect(JSON.parse(await blob.text())).toEqual({ originPath: '/c/instagram-nov', referrer: null });
  });
});
