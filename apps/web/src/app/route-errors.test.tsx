import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_EXPIRED_CODE, MEMBERSHIP_EXPIRED_MESSAGE } from '@galeno/domain/error-codes';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import { createSessionStore, SessionProvider } from '../lib/session';
import { STUDENT } from '../test/api-mock';
import { RootErrorPage } from './route-error-page';
import { routes } from './router';

/*
 * Issue 35, N4: no route ever shows «Unexpected Application Error» or English. Every lazy route of the table is made
 * to fail the way a phone meets failures (403 expired access, 404, 500, the network) and must answer in Spanish with a
 * way to try again and a way home; a page whose chunk cannot load at all reaches the root's screen.
 */

interface LazyRoute {
  name: string;
  lazy: () => Promise<Partial<RouteObject>>;
}

function lazyRoutesOf(table: RouteObject[], parent = ''): LazyRoute[] {
  return table.flatMap((route) => {
    const name = route.index ? `${parent || '/'} (index)` : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const own = typeof route.lazy === 'function' ? [{ name, lazy: route.lazy as LazyRoute['lazy'] }] : [];
    return [...own, ...lazyRoutesOf(route.children ?? [], route.path ? `${parent}/${route.path}` : parent)];
  });
}

const LAZY_ROUTES = lazyRoutesOf(routes);

const FAILURES: { name: string; error: () => unknown }[] = [
  { name: '403 expired access', error: () => new ApiError(MEMBERSHIP_EXPIRED_MESSAGE, MEMBERSHIP_EXPIRED_CODE, 403) },
  { name: '404', error: () => new ApiError('No encontramos esa sesión.', 'NOT_FOUND', 404) },
  { name: '500', error: () => new ApiError('Ocurrió un error inesperado. Intenta nuevamente en unos momentos.', 'INTERNAL', 500) },
  { name: 'network', error: () => new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0) },
  { name: 'a page that crashes', error: () => new TypeError("Cannot read properties of undefined (reading 'map')") },
];

/** Words that would mean the router's default page or an untranslated error reached the student. */
const ENGLISH = /Unexpected Application Error|Something went wrong|Error:|undefined|Cannot read|Not Found|Internal Server Error/;

beforeAll(() => {
  // The pages' own effects may ask the server while the error shows: nothing answers in this test.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

async function renderFailing(route: Partial<RouteObject>, error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RootErrorPage />,
        children: [
          {
            ...route,
            index: true,
            loader: () => {
              throw error;
            },
            HydrateFallback: () => null,
          } as RouteObject,
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <SessionProvider store={createSessionStore({ initialUser: STUDENT })}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  // The first lazy route of a file imports its chunk cold: on a loaded machine that alone took over 5 s once.
  return screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
}

function expectSpanishWayOut(heading: HTMLElement, { retry }: { retry: boolean }) {
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(ENGLISH);
  if (retry) expect(within(document.body).getByRole('button', { name: /^Reintentar/ }), `no «Reintentar» on «${text}»`).toBeTruthy();
  // A way home: «Ir al inicio» on the app's screen; a page's own screen may say it its way («Volver», to / or /app),
  // or offer the plans when access ended.
  const links = within(document.body).queryAllByRole('link');
  const wayOut = links.filter(
    (link) =>
      /inicio|Ver todas las guías/i.test(link.textContent ?? '') ||
      ['/', '/app'].includes(link.getAttribute('href') ?? '') ||
      (link.getAttribute('href') ?? '').startsWith('/app/membership-pay'),
  );
  expect(wayOut.length, `no way home on «${heading.textContent}» (${text})`).toBeGreaterThan(0);
}

describe('every lazy route fails in Spanish, with «Reintentar» and «Ir al inicio»', () => {
  it('knows the route table', () => {
    expect(LAZY_ROUTES.length).toBeGreaterThan(30);
  });

  for (const route of LAZY_ROUTES) {
    describe(route.name, () => {
      for (const failure of FAILURES) {
        it(
          failure.name,
          async () => {
            const module = await route.lazy();
            const heading = await renderFailing(module, failure.error());
            // Nothing to retry for a missing item or for access that ended (that one offers the plans); the rest can be.
            expectSpanishWayOut(heading, { retry: failure.name !== '404' && failure.name !== '403 expired access' });
          },
          15_000,
        );
      }
    });
  }
});

describe('a page whose code cannot be downloaded (the phone lost its signal)', () => {
  for (const route of LAZY_ROUTES) {
    it(route.name, async () => {
      const router = createMemoryRouter(
        [
          {
            path: '/',
            errorElement: <RootErrorPage />,
            children: [
              {
                index: true,
                lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page-3f2a.js')),
              },
            ],
          },
        ],
        { initialEntries: ['/'] },
      );
      render(
        <SessionProvider store={createSessionStore({ initialUser: STUDENT })}>
          <RouterProvider router={router} />
        </SessionProvider>,
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
      expect(screen.getAllByRole('main')).toHaveLength(1);
    });
  }
});
