import { parseWithoutEval } from '@galeno/domain/browser-validation';
import { PAGE_START_ID, type PageStart } from './app/page-start';
import './index.css';

// Before any route module builds a contract schema: they are all loaded lazily, after this line.
parseWithoutEval();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The public first screens arrive pre-rendered (issue 21), with how to start them. A visit that carries router state
 * (a reload after `navigate('/signup', { state })`) may render differently from the server: that one is rendered
 * afresh, replacing the markup.
 */
function readPageStart(): PageStart | null {
  const block = document.getElementById(PAGE_START_ID);
  if (!block?.textContent) return null;
  block.remove();
  const start = JSON.parse(block.textContent) as PageStart;
  const carriesRouterState = (window.history.state as { usr?: unknown } | null)?.usr != null;
  return 'router' in start && carriesRouterState ? null : start;
}

/**
 * Told to public/hydrate.js once React listens on the page: from then on the landing's tracked clicks are the app's
 * to record, and before it the loader's.
 */
const APP_STARTED = 'galeno:app-started';

/** Lets the browser run a task (paint, a tap) before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React DOM, then the page's code (the landing alone, or the router with the app's routes), then hydration, each in a
 * task of its own: evaluated as one module graph they made the longest task of a phone's first screen (issue 21:
 * Lighthouse's TBT). The build preloads React DOM and the router with the entry (build-plugins.ts,
 * `preloadStartImports`), and the API a pre-rendered page's own chunks, so this costs no round trip.
 */
async function start(root: HTMLElement) {
  const page = readPageStart();
  await import('react-dom/client');
  await nextTask();
  if (page && 'island' in page) {
    const landing = await import('./app/landing-island');
    await nextTask();
    landing.hydrateLanding(root);
  } else {
    const app = await import('./app/start');
    if (!page) app.renderApp(root);
    else if ('shell' in page) await app.renderAppOverShell(root);
    else if ('signedIn' in page) await app.renderAppOverShell(root, { hydrationData: page.signedIn });
    else {
      await nextTask();
      await app.hydrateApp(root, page.router, nextTask);
    }
  }
  document.dispatchEvent(new Event(APP_STARTED));
}

void start(container);
