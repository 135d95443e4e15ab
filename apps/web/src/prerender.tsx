import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouter,
  StaticRouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { LandingIsland } from './app/landing-island';
import type { PageStart } from './app/page-start';
import { routes } from './app/router';
import { setServerPageMeta, type PageMetaName } from './lib/page-meta';
import { createSessionStore, SessionProvider } from './lib/session';
import { setFetchProvider } from './lib/api-client';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { SkipLink } from './components/ui/skip-link';

/*
 * The server-side entry (issue 21), built by `vite build --ssr` into dist-ssr/ and imported by the API at start. It
 * renders the public first screens from the same route table and components as the browser, with the configuration
 * the API will write into the page's meta tags, so the page paints before its script arrives and then hydrates
 * (main.tsx). A route that needs data (a loader) renders its `HydrateFallback` here and loads its data in the browser.
 * The landing is the exception: it is rendered, and hydrated, on its own, without the router (app/landing-island.tsx).
 */

export interface PrerenderedPage {
  path: string;
  /** The modules the page runs, as keys of Vite's manifest: the server preloads their chunks (and no others). */
  modules: string[];
  /** Whether the page reads its query string: such a page is pre-rendered only for its bare address. */
  readsQuery: boolean;
  /**
   * Served only to a request whose session cookie names a student (not a trial), and started by replacing the markup
   * once the app is ready rather than by hydrating it (app/start.tsx, `renderAppOverShell`).
   */
  signedIn?: boolean;
}

/** The router and the app's route table (main.tsx loads it for every page but the landing). */
const ROUTER_START = 'src/app/start.tsx';

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', modules: ['src/app/landing-island.tsx'], readsQuery: false },
  { path: '/login', modules: [ROUTER_START, 'src/features/auth/login-route.tsx'], readsQuery: true },
  { path: '/signup', modules: [ROUTER_START, 'src/features/auth/signup-route.tsx'], readsQuery: true },
  { path: '/discount-quiz', modules: [ROUTER_START, 'src/features/discount-quiz/public-discount-quiz-route.tsx'], readsQuery: false },
  // «Novedades del banco» (issue 39): its frame and heading arrive in the first response; the list loads in the browser.
  { path: '/novedades', modules: [ROUTER_START, 'src/features/bank-changes/changes-route.tsx'], readsQuery: false },
  // The signed-in home's first frame (issue 41): its header, sections and study modes paint with the document, the
  // student's data fills them once the app runs. Its modules: the router, the /app guard and the home.
  {
    path: '/app',
    modules: [ROUTER_START, 'src/app/app-guard-route.tsx', 'src/features/home/home-route.tsx'],
    readsQuery: true,
    signedIn: true,
  },
];

/**
 * A signed-in page drawn here is for reading until the app takes it over (in a second or two on a slow phone): its
 * buttons and options are disabled meanwhile, so a tap is visibly not taken rather than silently lost when the app
 * replaces the page. Links work as links.
 */
function UntilTheAppRuns({ children }: { children: ReactNode }) {
  return (
    <fieldset disabled className="min-w-0">
      {children}
    </fieldset>
  );
}

/**
 * The home as the app first renders it for a student whose data has not arrived: every section in its loading state,
 * the study modes, and a greeting without a name (the page is the same for every student; the app puts hers in).
 */
async function renderHomeShell(): Promise<RenderedPage> {
  const { HomePage } = await import('./features/home/home-page');
  const store = createSessionStore({ initialUser: { id: 'shell', name: '', email: '', isTrial: false, trialEndsAt: null } });
  const html = renderToString(
    <StrictMode>
      <SessionProvider store={store}>
        <StaticRouter location="/app">
          <SkipLink />
          <UntilTheAppRuns>
            <HomePage />
          </UntilTheAppRuns>
        </StaticRouter>
      </SessionProvider>
    </StrictMode>,
  );
  return { html, start: { shell: 'app' } };
}

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** How the browser starts the page (main.tsx reads it from the page). */
  start: PageStart;
}

type RouteModule = Partial<Pick<RouteObject, 'Component' | 'HydrateFallback' | 'ErrorBoundary' | 'loader' | 'action'>>;

function cloneTree(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => ({ ...route, ...(route.children ? { children: cloneTree(route.children) } : {}) }) as RouteObject);
}

/** A lazy route's module, loaded into the route (of a copied table). */
async function loadLazyRoute(route: RouteObject): Promise<void> {
  if (typeof route.lazy !== 'function') return;
  const loaded = (await route.lazy()) as RouteModule;
  Object.assign(route, loaded, { lazy: undefined });
}

/**
 * The route table for one page: the matched lazy modules loaded, and a route with a loader rendered as its
 * `HydrateFallback` with no loader (its data is the browser's to fetch). A copy: the shared table stays as it is.
 */
async function serverRoutesFor(pathname: string): Promise<RouteObject[]> {
  const tree = cloneTree(routes);
  for (const { route } of matchRoutes(tree, pathname) ?? []) {
    await loadLazyRoute(route);
    if (route.loader) {
      Object.assign(route, { Component: route.HydrateFallback ?? null, loader: undefined });
    }
  }
  return tree;
}

/**
 * Signed-in pages rendered with the student's own data (issue 41): the page's loaders run here, their calls answered
 * by the API itself for the request being served (`fetch`), and the page arrives with its first screen drawn. Only
 * pages whose data is read, never written, by opening them: the quick quiz (its first case, drawn) and a flashcard
 * guide's session (its cards, due and new).
 */
export interface SignedInDataPage {
  /** The address, as a pattern matched against the whole path (no query). */
  pattern: string;
  modules: string[];
}

export const SIGNED_IN_DATA_PAGES: readonly SignedInDataPage[] = [
  { pattern: '^/app/quick-quiz$', modules: [ROUTER_START, 'src/app/app-guard-route.tsx', 'src/features/quiz/quick-quiz-route.tsx'] },
  {
    pattern: '^/app/flashcards/(?!repaso$)[a-z0-9-]+$',
    modules: [
      ROUTER_START,
      'src/app/app-guard-route.tsx',
      'src/features/flashcards/flashcards-layout-route.tsx',
      'src/features/flashcards/guide-route.tsx',
    ],
  },
];

/** The API's fetch for the request being pre-rendered, for the client's calls made meanwhile (lib/api-client.ts). */
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setFetchProvider(() => requestFetch.getStore() ?? fetch);

/**
 * The route table for a signed-in page: the matched lazy modules loaded, their loaders kept (they run here), except
 * the /app guard's, which waits for the browser's session check: the API already knows who is signed in.
 */
async function signedInRoutesFor(pathname: string): Promise<RouteObject[]> {
  const tree = cloneTree(routes);
  for (const { route } of matchRoutes(tree, pathname) ?? []) {
    await loadLazyRoute(route);
    if (route.path === 'app') Object.assign(route, { loader: () => ({ trialFinished: false }) });
  }
  return tree;
}

/**
 * A signed-in page with the student's data, or null when it cannot be drawn here (its data failed, or it sent the
 * visitor elsewhere): the API then sends the shell and the browser does it all, as before.
 */
export async function renderSignedInPage(
  pathname: string,
  meta: Partial<Record<PageMetaName, string>>,
  { user, fetch: apiFetch }: { user: AuthUser; fetch: typeof fetch },
): Promise<RenderedPage | null> {
  setServerPageMeta(meta);
  if (!SIGNED_IN_DATA_PAGES.some((page) => new RegExp(page.pattern).test(pathname))) return null;
  const handler = createStaticHandler(await signedInRoutesFor(pathname));
  const context = await requestFetch.run(apiFetch, () => handler.query(new Request(new URL(pathname, 'http://prerender.local'))));
  if (context instanceof Response || context.errors) return null;
  const staticRouter = createStaticRouter(handler.dataRoutes, context);
  const store = createSessionStore({ initialUser: user });
  const html = renderToString(
    <StrictMode>
      <SessionProvider store={store}>
        <UntilTheAppRuns>
          <StaticRouterProvider router={staticRouter} context={context} hydrate={false} />
        </UntilTheAppRuns>
      </SessionProvider>
    </StrictMode>,
  );
  return { html, start: { signedIn: { loaderData: context.loaderData, actionData: null, errors: null } } };
}

export async function renderPage(pathname: string, meta: Partial<Record<PageMetaName, string>>): Promise<RenderedPage> {
  setServerPageMeta(meta);
  if (pathname === '/') return { html: renderToString(<LandingIsland />), start: { island: 'landing' } };
  if (pathname === '/app') return renderHomeShell();
  const handler = createStaticHandler(await serverRoutesFor(pathname));
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} while pre-rendering`);
  const staticRouter = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={staticRouter} context={context} hydrate={false} />
    </StrictMode>,
  );
  const router: HydrationState = { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
  return { html, start: { router } };
}
