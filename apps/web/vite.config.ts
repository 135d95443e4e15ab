import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildStamp, precompress, preloadStartImports } from './build-plugins.ts';
import { FLASHCARDS_CACHE } from './src/lib/offline-caches.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    buildStamp(),
    preloadStartImports({ except: ['src/app/landing-island.tsx'] }),
    // The service worker (issue 41, decision 030): Workbox precaches the build so that the signed-in app opens without
    // signal; registered by the app once a student is signed in (src/lib/service-worker.ts), never on public pages.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // The server writes the manifest with the configured brand (apps/api static-spa.ts).
      manifest: false,
      workbox: {
        // The shell the server sends (the brand filled in) and every chunk of the app; not the .br/.gz copies.
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
        // Precached as /app: the server fills the shell in for any page outside /api (index.html on disk keeps %APP_NAME%).
        manifestTransforms: [
          async (entries) => ({ manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/app' } : entry)), warnings: [] }),
        ],
        navigateFallback: '/app',
        // Only the signed-in app opens from the cache: public pages keep their pre-rendered HTML from the server.
        navigateFallbackAllowlist: [/^\/app(?:\/|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Flashcard reads (the guides, their cards, the review of the day): fresh with signal, the last copy without.
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/ankis/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: FLASHCARDS_CACHE,
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
  server: {
    // The API (apps/api) listens on 3001 in development; the built app is served by the API itself.
    proxy: { '/api': 'http://localhost:3001' },
  },
  // The manifest lets `npm run bench` measure what each route loads, and the API preload a pre-rendered page's chunks.
  // `vite build --ssr src/prerender.tsx` (package.json) builds the server entry into dist-ssr/ for the API to pre-render public pages.
  build: isSsrBuild ? { outDir: 'dist-ssr', copyPublicDir: false } : { outDir: 'dist', manifest: true },
  ssr: { noExternal: ['@galeno/domain'] },
}));
