import { parseWithoutEval } from '@galeno/domain/browser-validation';
import type { HydrationState } from 'react-router';
import './index.css';

// Before any route module builds a contract schema: they are all loaded lazily, after this line.
parseWithoutEval();

/** The id of the JSON block the API writes after a pre-rendered page's markup (src/prerender.tsx). */
const HYDRATION_DATA_ID = 'galeno-hydration';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The public first screens arrive pre-rendered (issue 21) with the router's starting data. A visit that carries
 * router state (a reload after `navigate('/signup', { state })`) may render differently from the server: that one is
 * rendered afresh, replacing the markup.
 */
function readHydrationData(): HydrationState | null {
  const block = document.getElementById(HYDRATION_DATA_ID);
  if (!block?.textContent) return null;
  block.remove();
  const carriesRouterState = (window.history.state as { usr?: unknown } | null)?.usr != null;
  return carriesRouterState ? null : (JSON.parse(block.textContent) as HydrationState);
}

/**
 * Told to public/hydrate.js once React listens on the page: from then on the landing's tracked clicks are the app's
 * to record, and before it the loader's.
 */
const APP_STARTED = 'galeno:app-started';

/** Lets the browser run a task (paint, a tap) before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React DOM, then the router with the app's routes, then hydration, each in a task of its own: evaluated as one
 * module graph they made the longest task of a phone's first screen (issue 21: Lighthouse's TBT). The build
 * preloads both imports with the entry (build-plugins.ts, `preloadStartImports`), so this costs no round trip.
 */
async function start(root: HTMLElement) {
  const hydrationData = readHydrationData();
  await import('react-dom/client');
  await nextTask();
  const app = await import('./app/start');
  if (!hydrationData) app.renderApp(root);
  else {
    await nextTask();
    await app.hydrateApp(root, hydrationData, nextTask);
  }
  document.dispatchEvent(new Event(APP_STARTED));
}

void start(container);
