import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { AnnounceCommitted } from './announce-committed';
import { routes } from './router';
import { captureInstallPrompt } from '../lib/install-prompt';
import { sessionStore } from '../lib/session';

captureInstallPrompt();

/** A page the browser renders itself: no pre-rendered markup, or markup it must replace (main.tsx). */
export function renderApp(root: HTMLElement) {
  // The session check goes out now, while the first route's code downloads, not after it (issue 41: the signed-in
  // first screen waited for the /app guard's chunk before asking).
  void sessionStore.start();
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
      <AnnounceCommitted />
    </StrictMode>,
  );
}

/** How long the home's first frame may wait for the app before the app shows whatever it has (a check still running). */
const SHELL_WAIT_MS = 8_000;

/**
 * A signed-in page arrived pre-rendered (issue 41: it paints with the document on a slow phone): the home's first
 * frame, or a page drawn with the student's data, which comes with it (`hydrationData`: its loaders do not run again).
 * It stays on screen while the session check, the loaders and the page's code finish, and the app replaces it in one
 * commit with the same page, its own, never with «Cargando...» in between. When the check cannot reach the server,
 * the app renders at once (its «Sin conexión» screen), and after SHELL_WAIT_MS whatever it is doing.
 */
export async function renderAppOverShell(
  root: HTMLElement,
  { waitMs = SHELL_WAIT_MS, hydrationData }: { waitMs?: number; hydrationData?: HydrationState } = {},
): Promise<void> {
  void sessionStore.start();
  // With the loaders' data at hand, the router starts on it only once the matched routes' modules are loaded.
  if (hydrationData) await loadMatchedRouteModules(routes);
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  await new Promise<void>((resolve) => {
    const stops: (() => void)[] = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const check = () => {
      const session = sessionStore.getSnapshot();
      if ((router.state.initialized && session.status !== 'loading') || session.unreachable) done();
    };
    stops.push(router.subscribe(check), sessionStore.subscribe(check));
    const timer = setTimeout(done, waitMs);
    stops.push(() => clearTimeout(timer));
    check();
  });
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <AnnounceCommitted />
    </StrictMode>,
  );
}

async function loadMatchedRouteModules(table: RouteObject[]) {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * A pre-rendered public first screen (issue 21). Hydrating it needs the same tree the server rendered: the matched
 * routes' lazy modules are loaded before the router starts, or it would render its loading fallback.
 */
export async function hydrateApp(root: HTMLElement, hydrationData: HydrationState, nextTask: () => Promise<void>) {
  await loadMatchedRouteModules(routes);
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page: a tap on the pre-rendered page during it is not kept waiting (Lighthouse's TBT).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes, { hydrationData })} />
        <AnnounceCommitted />
      </StrictMode>,
    );
  });
}
