import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildStamp, precompress, preloadStartImports } from './build-plugins.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), buildStamp(), preloadStartImports({ except: ['src/app/landing-island.tsx'] })],
  server: {
    // The API (apps/api) listens on 3001 in development; the built app is served by the API itself.
    proxy: { '/api': 'http://localhost:3001' },
  },
  // The manifest lets `npm run bench` measure what each route loads, and the API preload a pre-rendered page's chunks.
  // `vite build --ssr src/prerender.tsx` (package.json) builds the server entry into dist-ssr/ for the API to pre-render public pages.
  build: isSsrBuild ? { outDir: 'dist-ssr', copyPublicDir: false } : { outDir: 'dist', manifest: true },
  ssr: { noExternal: ['@galeno/domain'] },
}));
