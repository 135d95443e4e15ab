import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../errors.ts';
import { encodeBody, sendEncoded, type EncodedBody } from '../lib/encoded-body.ts';
import { renderPrerenderedPages } from '../lib/prerendered-pages.ts';

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
    if (indexHtml !== null && options.ssrDir) {
      try {
        const pages = await renderPrerenderedPages({
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
     * A signed-in page's first frame is for a browser opening the page (not the service worker fetching the shell it
     * keeps for every /app address, nor a browser that does not say) and for a student whose session the request
     * carries (not a trial, whose home differs): anyone else gets the shell, and the app decides where they belong.
     */
    const forStudent = async (request: FastifyRequest) => {
      if (request.headers['sec-fetch-mode'] !== 'navigate' || !app.hasDecorator('readSession')) return false;
      try {
        return Boolean((await app.readSession(request))?.user);
      } catch {
        return false;
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
        const usable = page && !(page.readsQuery && hasQuery) && (!page.signedIn || (await forStudent(request)));
        // The signed-in frame depends on the cookie: private, and never reused for another request.
        reply.header('cache-control', usable && page.signedIn ? 'private, no-store' : 'no-cache');
        return sendEncoded(request, reply.type('text/html; charset=utf-8'), usable ? page.body : indexBody);
      }
      if (isPage) {
        return reply.status(503).type('text/plain; charset=utf-8').send('La aplicación web no está compilada. Ejecuta npm run build.');
      }
      throw notFound('Recurso no encontrado.');
    });
  },
  { name: 'static-spa' },
);
