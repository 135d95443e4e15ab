import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The public first screens as real HTML (issue 21). The web build's server entry (apps/web/src/prerender.tsx, built
 * into dist-ssr/) renders them from the same components as the browser; this runs it once at start with this
 * instance's configuration (brand, links) and puts each page into the HTML shell with what the browser needs to
 * hydrate it: how to start it (the landing on its own, other pages with the router's starting data) and the chunks
 * it runs, and only those.
 */

interface PrerenderedPage {
  path: string;
  modules: string[];
  readsQuery: boolean;
  signedIn?: boolean;
}

/** Who is signed in, as the page's session knows her (the contracts' AuthUser). */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  isTrial: boolean;
  trialEndsAt: string | null;
}

interface ServerEntry {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  renderPage(pathname: string, meta: Record<string, string>): Promise<RenderedPage>;
  /** Optional: a build from before issue 41 has none. */
  SIGNED_IN_DATA_PAGES?: readonly { pattern: string; modules: string[] }[];
  renderSignedInPage?(
    pathname: string,
    meta: Record<string, string>,
    request: { user: SignedInUser; fetch: typeof fetch },
  ): Promise<RenderedPage | null>;
}

/** Draws signed-in pages with the student's data (decision 032). */
export interface SignedInRenderer {
  /** Whether this address is one it draws (asked first: nothing else is read for other pages). */
  draws(pathname: string): boolean;
  /** The page, or null when this one cannot be drawn. */
  render(pathname: string, request: { user: SignedInUser; fetch: typeof fetch }): Promise<string | null>;
}

interface RenderedPage {
  html: string;
  /** Read by apps/web/src/main.tsx (apps/web/src/app/page-start.ts). */
  start: unknown;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface PageHtml {
  path: string;
  /** Such a page is served pre-rendered only for its bare address: its query string changes what it renders. */
  readsQuery: boolean;
  /** Served pre-rendered only to a signed-in student (the home's first frame, issue 41); others get the shell. */
  signedIn: boolean;
  html: string;
}

/** The id main.tsx reads how to start the page from (apps/web/src/app/page-start.ts). */
export const PAGE_START_ID = 'galeno-page-start';
const ROOT = '<div id="root"></div>';

/** JSON inside a <script> block: nothing in it may close the element or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The chunk files a page runs: the entry's static imports and the page's modules with theirs, in Vite's manifest. Not
 * the shell's own preloads, which are for the router's start: the landing runs without it.
 */
function pageChunks(manifest: Record<string, ManifestChunk>, modules: string[]): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const { js, css } = chunkFiles(manifest, entryKey ? [entryKey, ...modules] : modules);
  return { js: js.map((file) => `/${file}`), css };
}

/** The chunk files of modules with their static imports, in Vite's manifest. */
function chunkFiles(manifest: Record<string, ManifestChunk>, modules: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return { js, css };
}

/**
 * The page in the shell. Its scripts only hydrate what is already on screen, so they wait until it has painted
 * (apps/web/public/hydrate.js loads them): on a slow phone the document, its stylesheet and images have the network
 * to themselves first (issue 21). The shell's entry script and the page's chunks become that loader's data.
 */
function withPage(shell: string, page: RenderedPage, manifest: Record<string, ManifestChunk>, modules: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
  if (!entry) throw new Error("the web build's index.html has no module entry script");
  const preloads = pageChunks(manifest, modules);
  const chunks = [...new Set(preloads.js)].filter((href) => href !== entry);
  const stylesheets = preloads.css
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const loader = `<script defer src="/hydrate.js" data-entry="${entry}" data-chunks="${chunks.join(' ')}"></script>`;
  const data = `<script type="application/json" id="${PAGE_START_ID}">${scriptSafeJson(page.start)}</script>`;
  return shell
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace('</head>', `    ${[...stylesheets, loader].join('\n    ')}\n  </head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div>${data}`);
}

/**
 * Renders the pages, or returns [] when the build has no server entry (an older build, or the API alone). A failure
 * is the caller's to log: the shell still serves every page.
 */
export async function renderPrerenderedPages(options: {
  distDir: string;
  ssrDir: string;
  shell: string;
  meta: Record<string, string>;
}): Promise<{ pages: PageHtml[]; signedIn: SignedInRenderer | null }> {
  const entryPath = path.join(options.ssrDir, 'prerender.js');
  const manifestPath = path.join(options.distDir, '.vite', 'manifest.json');
  if (!existsSync(entryPath) || !options.shell.includes(ROOT)) return { pages: [], signedIn: null };
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const pages: PageHtml[] = [];
  for (const page of entry.PRERENDERED_PAGES) {
    const rendered = await entry.renderPage(page.path, options.meta);
    pages.push({
      path: page.path,
      readsQuery: page.readsQuery,
      signedIn: page.signedIn === true,
      html: withPage(options.shell, rendered, manifest, page.modules),
    });
  }
  const dataPages = (entry.SIGNED_IN_DATA_PAGES ?? []).map((page) => ({ pattern: new RegExp(page.pattern), modules: page.modules }));
  const render = entry.renderSignedInPage;
  const pageAt = (pathname: string) => dataPages.find(({ pattern }) => pattern.test(pathname));
  const signedIn: SignedInRenderer | null =
    render && dataPages.length > 0
      ? {
          draws: (pathname) => pageAt(pathname) !== undefined,
          async render(pathname, request) {
            const page = pageAt(pathname);
            if (!page) return null;
            const rendered = await render(pathname, options.meta, request);
            return rendered ? withPage(options.shell, rendered, manifest, page.modules) : null;
          },
        }
      : null;
  return { pages, signedIn };
}
