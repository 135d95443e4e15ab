import type { HydrationState } from 'react-router';

/*
 * How a pre-rendered page starts in the browser (issue 21). The API writes it as JSON after the page's markup, in the
 * block of this id (apps/api/src/lib/prerendered-pages.ts), and main.tsx reads it: the landing hydrates on its own
 * (app/landing-island.tsx); every other public page hydrates the router from its starting data (app/start.tsx); the
 * signed-in home's first frame (`shell`), and a signed-in page drawn with the student's data (`signedIn`, its loaders'
 * data with it), stay on screen until the app can replace them with the same page, its own.
 */

export const PAGE_START_ID = 'galeno-page-start';

export type PageStart = { island: 'landing' } | { router: HydrationState } | { shell: 'app' } | { signedIn: HydrationState };
