import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../errors.ts';
import { encodeBody, sendEncoded, sendEncodedOnce, type EncodedBody } from '../lib/encoded-body.ts';
import { renderPrerenderedPages, type SignedInRenderer, type SignedInUser } from '../lib/prerendered-pages.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/** The installable app's manifest, with the configured brand (APP_NAME). */
export function webAppManifest(appName: string) {
  return {
    name: `${appName} · Preparación para el ENARM`,
    short_name: appName,
    description: 'Casos clínicos, preguntas, simulacros y flashcards para el ENARM.',
    lang: 'es-MX',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached and sent for any
 * unknown GET outside /api (history fallback). Unknown /api paths get a JSON 404. The public first screens
 * (landing, login, signup, discount quiz) are sent pre-rendered when the build has its server entry (issue 21).
 */
export const staticSpaPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string;
      /** The web build's server entry (apps/web/dist-ssr); without it every page gets the empty shell. */
      ssrDir?: string | undefined;
      appName: string;
      supportUrl?: string | undefined;
      videoUrl?: string | undefined;
      /** The student whose session the request carries; null without one, or for a trial (decision 032). */
      signedInStudent?: ((request: FastifyRequest) => Promise<SignedInUser | null>) | undefined;
    },
  ) => {
    const indexPath = path.join(options.distDir, 'index.html');
    const hasSpa = existsSync(indexPath);
    // The brand and the support and video links are configuration (issue 20): without a link the page hides it.
    const indexHtml = hasSpa
      ? readFileSync(indexPath, 'utf8')
          .replaceAll('%APP_NAME%', escapeHtml(options.appName))
          .replaceAll('%SUPPORT_URL%', escapeHtml(options.supportUrl ?? ''))
          .replaceAll('%VIDEO_URL%', escapeHtml(options.videoUrl ?? ''))
      : null;
    // Compressed once here: the shell is the same for every page until the next start (issue 21).
    const indexBody = indexHtml === null ? null : encodeBody(indexHtml);
    const prerendered = new Map<string, { body: EncodedBody; readsQuery: boolean; signedIn: boolean }>();
    let renderSignedIn: SignedInRenderer | null = null;
    if (indexHtml !== null && options.ssrDir) {
      try {
        const { pages, signedIn } = await renderPrerenderedPages({
          distDir: options.distDir,
          ssrDir: options.ssrDir,
          shell: indexHtml,
          meta: {
            'application-name': options.appName,
            'galeno:support-url': options.supportUrl ?? '',
            'galeno:video-url': options.videoUrl ?? '',
          },
        });
        for (const page of pages)
          prerendered.set(page.path, { body: encodeBody(page.html), readsQuery: page.readsQuery, signedIn: page.signedIn });
        renderSignedIn = signedIn;
      } catch (error) {
        // The shell still serves every page; the script renders them as before.
        app.log.warn({ err: error }, 'public pages could not be pre-rendered: the HTML shell is served instead');
      }
    }

    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz next to each file (apps/web/build-plugins.ts); one is picked by Accept-Encoding.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          // The service worker is asked for on every visit: a new deployment is found at once (issue 41).
          const serviceWorker = path.basename(filePath) === 'sw.js';
          reply.header(
            'cache-control',
            serviceWorker ? 'no-cache' : hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web build not found: only the API is served');
    }

    // The web app manifest (issue 41): installable from the browser, opening on the student's home, standalone.
    const manifest = JSON.stringify(webAppManifest(options.appName));
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(manifest),
    );

    /**
     * A signed-in page drawn on the server is for a browser opening the page (not the service worker fetching the
     * shell it keeps for every /app address, nor a browser that does not say) and for a student whose session the
     * request carries (not a trial, whose home differs): anyone else gets the shell, and the app decides where they
     * belong (decision 032).
     */
    const studentOpening = async (request: FastifyRequest): Promise<SignedInUser | null> => {
      if (request.headers['sec-fetch-mode'] !== 'navigate' || !options.signedInStudent) return null;
      try {
        return await options.signedInStudent(request);
      } catch {
        return null;
      }
    };

    /**
     * The page's API calls while the server draws it, answered by this API for this request: the same routes,
     * contracts and session (its cookie, its address for the rate limits). Reads only: the pages drawn here write
     * nothing by being opened.
     */
    const apiFetchFor =
      (request: FastifyRequest): typeof fetch =>
      async (input, init) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        if (method !== 'GET') throw new TypeError(`a page drawn on the server only reads: ${method}`);
        const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
        const response = await app.inject({
          method: method as HTTPMethods,
          url,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie: request.headers.cookie ?? '' },
          remoteAddress: request.ip,
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (name === 'set-cookie' || value === undefined) continue;
          for (const each of Array.isArray(value) ? value : [value]) headers.append(name, String(each));
        }
        headers.delete('content-encoding');
        return new Response(response.statusCode === 204 ? null : response.rawPayload, { status: response.statusCode, headers });
      };

    /** A signed-in page drawn with the student's data, or null (not such a page, not a student, or it could not be). */
    const signedInPage = async (request: FastifyRequest, pathname: string): Promise<string | null> => {
      // The address first: any other page costs no session lookup.
      if (!renderSignedIn?.draws(pathname)) return null;
      const user = await studentOpening(request);
      if (!user) return null;
      try {
        return await renderSignedIn.render(pathname, { user, fetch: apiFetchFor(request) });
      } catch (error) {
        request.log.warn({ err: error, pathname }, 'a signed-in page could not be drawn on the server: the shell is sent');
        return null;
      }
    };

    app.setNotFoundHandler(async (request, reply) => {
      const pathOnly = request.url.split('?')[0] ?? '';
      // A missing file (for example a chunk from an older build) must 404, never receive the HTML shell.
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathOnly.startsWith('/api') && !/\.[a-z0-9]+$/i.test(pathOnly);
      if (isPage && indexBody) {
        const page = prerendered.get(pathOnly);
        const hasQuery = request.url.length > pathOnly.length;
        const usable = page && !(page.readsQuery && hasQuery) && (!page.signedIn || (await studentOpening(request)) !== null);
        // A signed-in page depends on the cookie: private, and never reused for another request.
        if (usable) {
          reply.header('cache-control', page.signedIn ? 'private, no-store' : 'no-cache');
          return sendEncoded(request, reply.type('text/html; charset=utf-8'), page.body);
        }
        const drawn = !page && !hasQuery ? await signedInPage(request, pathOnly) : null;
        if (drawn !== null)
          return sendEncodedOnce(request, reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8'), drawn);
        return sendEncoded(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), indexBody);
      }
      if (isPage) {
        return reply.status(503).type('text/plain; charset=utf-8').send('La aplicación web no está compilada. Ejecuta npm run build.');
      }
      throw notFound('Recurso no encontrado.');
    });
  },
  { name: 'static-spa' },
);
