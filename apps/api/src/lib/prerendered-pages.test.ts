import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUser, sessionCookieFor } from '../test/factories.ts';
import { sql } from 'drizzle-orm';

/*
 * The API's half of pre-rendering (issue 21): a stand-in for the web build's server entry renders the pages; the
 * real entry is exercised by apps/web/src/prerender.test.tsx and, in a browser, by e2e/specs/prerendered-pages.spec.ts.
 */

let t: TestApp;
const base = mkdtempSync(path.join(tmpdir(), 'galeno-prerender-'));
const dist = path.join(base, 'dist');
const shell =
  '<html><head><meta name="application-name" content="%APP_NAME%"><meta name="galeno:video-url" content="%VIDEO_URL%">' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/jsx-jkl.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/start-mno.js">' +
  '</head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(base, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), shell);
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_jsx.js'] },
      '_jsx.js': { file: 'assets/jsx-jkl.js' },
      // The router's start, which the shell preloads for every other page.
      'src/start.tsx': { file: 'assets/start-mno.js', imports: ['_jsx.js'] },
      'src/landing-island.tsx': {
        file: 'assets/landing-island-def.js',
        imports: ['_shared.js', 'index.html'],
        css: ['assets/landing.css'],
      },
      'src/login-route.tsx': { file: 'assets/login-route-pqr.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-ghi.js' },
    }),
  );
  // What the entry is handed (the brand and links) and what it returns, written back so the test can see them.
  writeFileSync(
    path.join(base, 'dist-ssr', 'prerender.js'),
    `export const PRERENDERED_PAGES = [
       { path: '/', modules: ['src/landing-island.tsx'], readsQuery: false },
       { path: '/login', modules: ['src/start.tsx', 'src/login-route.tsx'], readsQuery: true },
       { path: '/app', modules: ['src/start.tsx'], readsQuery: true, signedIn: true },
     ];
     export const SIGNED_IN_DATA_PAGES = [{ pattern: '^/app/flashcards/[a-z0-9-]+$', modules: ['src/login-route.tsx'] }];
     // Draws a page from what the API answers for the request being served (its session), as the real entry's loaders do.
     export async function renderSignedInPage(pathname, meta, { user, fetch }) {
       if (pathname.endsWith('/nada')) return null;
       if (pathname.endsWith('/falla')) throw new Error('the page failed');
       if (pathname.endsWith('/escribe')) await fetch('/api/quiz/sessions', { method: 'POST' });
       const me = await (await fetch('/api/staggered-auth/user/me', { headers: { accept: 'application/json' } })).json();
       return {
         html: '<main><h1>' + pathname + ' para ' + user.name + '</h1><p>la API dice: ' + me.authUser.name + '</p></main>',
         start: { signedIn: { loaderData: { page: me.authUser.email }, actionData: null, errors: null } },
       };
     }
     export async function renderPage(pathname, meta) {
       return {
         html: '<main><h1>' + meta['application-name'] + ' en ' + pathname + '</h1><p>video: ' + (meta['galeno:video-url'] || 'ninguno') + '</p></main>',
         start: pathname === '/'
           ? { island: 'landing', note: '</script><script>alert(1)</script>' }
           : pathname === '/app'
             ? { shell: 'app' }
             : { router: { loaderData: {}, actionData: null, errors: null } },
       };
     }`,
  );
  t = await createTestApp({ WEB_DIST_DIR: dist, APP_NAME: 'Medicina <Plus>' });
});
afterAll(async () => {
  await t?.close();
});

describe('pre-rendered public pages', () => {
  it('sends the landing as HTML rendered with this instance’s brand, its own chunks loaded after paint and its start data inert', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"><main><h1>Medicina <Plus> en /</h1><p>video: ninguno</p></main></div>');
    // The scripts only hydrate what is already on screen: a loader fetches the entry and the page's chunks (the
    // entry's imports, the landing's and its imports, not the entry twice) once the page has painted. Not the router's
    // start, which the shell preloads for other pages: the landing runs without it.
    expect(response.body).toContain(
      '<script defer src="/hydrate.js" data-entry="/assets/index-abc.js" data-chunks="/assets/jsx-jkl.js /assets/landing-island-def.js /assets/shared-ghi.js"></script>',
    );
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/landing.css">');
    expect(response.body).not.toContain('<script type="module"');
    expect(response.body).not.toContain('rel="modulepreload"');
    // A JSON block, not a script: the CSP allows no inline script, and nothing in the data can close the element.
    expect(response.body).toContain('<script type="application/json" id="galeno-page-start">');
    expect(response.body).not.toContain('</script><script>alert(1)');
    const json = /<script type="application\/json" id="galeno-page-start">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ island: 'landing', note: '</script><script>alert(1)</script>' });
  });

  it("sends a router page with the router's start and its route's chunks", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.body).toContain(
      'data-chunks="/assets/jsx-jkl.js /assets/start-mno.js /assets/login-route-pqr.js /assets/shared-ghi.js"',
    );
    const json = /<script type="application\/json" id="galeno-page-start">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ router: { loaderData: {}, actionData: null, errors: null } });
  });

  it('keeps the landing pre-rendered with a query string (campaign links), compressed like the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/?utm_source=whatsapp', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    const plain = await t.app.inject({ method: 'GET', url: '/?utm_source=whatsapp' });
    expect(plain.body).toContain('Medicina <Plus> en /');
  });

  it('sends a page that reads its query string pre-rendered only at its bare address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('Medicina <Plus> en /login');
    const withQuery = await t.app.inject({ method: 'GET', url: '/login?redirectTo=/app/estadisticas' });
    expect(withQuery.body).toContain('<div id="root"></div>');
    expect(withQuery.body).not.toContain('galeno-page-start');
  });

  it('sends every other page the empty shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/profile' });
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(response.body).not.toContain('hydrate.js');
  });
});

describe("the signed-in home's first frame (issue 41)", () => {
  const frame = 'Medicina <Plus> en /app';
  /** What a browser sends when it opens a page (the service worker's own fetch of the shell says 'cors' or 'same-origin'). */
  const navigation = { 'sec-fetch-mode': 'navigate' };

  it('is sent to a student whose session the request carries, private and never stored', async () => {
    const student = await createUser(t.database.db, { email: 'frame@galeno.test', name: 'Ana Frame' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: navigation,
      cookies: await sessionCookieFor(t.database.db, student),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(frame);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const json = /<script type="application\/json" id="galeno-page-start">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ shell: 'app' });
  });

  it('is not sent without a session, with one unknown, to a trial, with a query string, or to the service worker', async () => {
    const student = await createUser(t.database.db, { email: 'frame-2@galeno.test' });
    const signedIn = await sessionCookieFor(t.database.db, student);
    const cases: { label: string; cookies: Record<string, string>; url: string; headers: Record<string, string> }[] = [
      { label: 'no cookie', cookies: {}, url: '/app', headers: navigation },
      { label: 'unknown token', cookies: { galeno_session: 'not-a-session' }, url: '/app', headers: navigation },
      { label: 'trial', cookies: await sessionCookieFor(t.database.db, null), url: '/app', headers: navigation },
      { label: 'query', cookies: signedIn, url: '/app?redirectTo=%2Fapp%2Fplan', headers: navigation },
      // The shell the service worker keeps serves every /app address: it must not be the home's frame.
      { label: 'service worker', cookies: signedIn, url: '/app', headers: { 'sec-fetch-mode': 'same-origin' } },
      { label: 'unsaid', cookies: signedIn, url: '/app', headers: {} },
    ];
    for (const { label, cookies, url, headers } of cases) {
      const response = await t.app.inject({ method: 'GET', url, cookies, headers });
      expect(response.statusCode, label).toBe(200);
      expect(response.body, label).not.toContain(frame);
      expect(response.body, label).toContain('<div id="root"></div>');
      expect(response.headers['cache-control'], label).toBe('no-cache');
    }
  });
});

describe('a signed-in page drawn with the student’s data (issue 41, decision 032)', () => {
  const navigation = { 'sec-fetch-mode': 'navigate' };

  it('is drawn from what this API answers with her session, sent private and never stored', async () => {
    const student = await createUser(t.database.db, { email: 'datos@galeno.test', name: 'Lucía Datos' });
    const cookies = await sessionCookieFor(t.database.db, student);
    const response = await t.app.inject({ method: 'GET', url: '/app/flashcards/gpc-asma', headers: navigation, cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('<h1>/app/flashcards/gpc-asma para Lucía Datos</h1><p>la API dice: Lucía Datos</p>');
    // Its modules load after paint, like every pre-rendered page's, and its data travels beside it.
    expect(response.body).toContain('/assets/login-route-pqr.js');
    const json = /<script type="application\/json" id="galeno-page-start">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ signedIn: { loaderData: { page: 'datos@galeno.test' }, actionData: null, errors: null } });
  });

  it('is not drawn for a trial, without a navigation, with a query, or when the page cannot be: the shell goes instead', async () => {
    const student = await createUser(t.database.db, { email: 'datos-2@galeno.test' });
    const signedIn = await sessionCookieFor(t.database.db, student);
    const cases: { label: string; url: string; cookies: Record<string, string>; headers: Record<string, string> }[] = [
      { label: 'trial', url: '/app/flashcards/gpc-asma', cookies: await sessionCookieFor(t.database.db, null), headers: navigation },
      { label: 'no session', url: '/app/flashcards/gpc-asma', cookies: {}, headers: navigation },
      { label: 'service worker', url: '/app/flashcards/gpc-asma', cookies: signedIn, headers: {} },
      { label: 'query', url: '/app/flashcards/gpc-asma?todas=1', cookies: signedIn, headers: navigation },
      { label: 'not drawn here', url: '/app/flashcards/nada', cookies: signedIn, headers: navigation },
      { label: 'the page failed', url: '/app/flashcards/falla', cookies: signedIn, headers: navigation },
      // A page drawn here only reads: a write is refused before it reaches the API.
      { label: 'a write', url: '/app/flashcards/escribe', cookies: signedIn, headers: navigation },
    ];
    for (const { label, url, cookies, headers } of cases) {
      const response = await t.app.inject({ method: 'GET', url, cookies, headers });
      expect(response.statusCode, label).toBe(200);
      expect(response.body, label).toContain('<div id="root"></div>');
      expect(response.headers['cache-control'], label).toBe('no-cache');
    }
    const result = (await t.database.db.execute(sql`select count(*)::int as count from quiz_sessions`)) as unknown as {
      rows: { count: number }[];
    };
    expect(result.rows[0]?.count).toBe(0);
  });
});

describe('a build without its server entry', () => {
  it('serves the shell for every page', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'galeno-prerender-bare-'));
    mkdirSync(path.join(bare, 'dist'));
    writeFileSync(path.join(bare, 'dist', 'index.html'), shell);
    const other = await createTestApp({ WEB_DIST_DIR: path.join(bare, 'dist') });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await other.close();
    }
  });
});
