import { parseWithoutEval } from '@galeno/domain/browser-validation';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { routes } from './app/router';
import './index.css';

// Before any route module builds a contract schema: they are all loaded lazily, after this line.
parseWithoutEval();

/** The id of the JSON block the API writes after a pre-rendered page's markup (src/prerender.tsx). */
const HYDRATION_DATA_ID = 'galeno-hydration';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The public first screens arrive pre-rendered (issue 21). Hydrating them needs the same tree the server rendered:
 * the matched routes' lazy modules are loaded before the router starts, or it would render its loading fallback.
 * A visit that carries router state (a reload after `navigate('/signup', { state })`) may render differently from
 * the server: that one is rendered afresh, replacing the markup.
 */
function readHydrationData(): HydrationState | null {
  const block = document.getElementById(HYDRATION_DATA_ID);
  if (!block?.textContent) return null;
  block.remove();
  const carriesRouterState = (window.history.state as { usr?: unknown } | null)?.usr != null;
  return carriesRouterState ? null : (JSON.parse(block.textContent) as HydrationState);
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

async function start(root: HTMLElement) {
  const hydrationData = readHydrationData();
  if (!hydrationData) {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
    return;
  }
  await loadMatchedRouteModules(routes);
  // A task of its own for hydration: the scripts' evaluation and the hydration do not add up to one long task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page: a tap on the pre-rendered page during it is not kept waiting (Lighthouse's TBT).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes, { hydrationData })} />
      </StrictMode>,
    );
  });
}

void start(container);
