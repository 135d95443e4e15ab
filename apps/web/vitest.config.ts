import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Referenced as a project by the root vitest.config.ts, so paths resolve from this folder.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The service worker's registration (vite-plugin-pwa, a build plugin) is a virtual module only the build knows.
  resolve: { alias: { 'virtual:pwa-register': fileURLToPath(new URL('./src/test/pwa-register-stand-in.ts', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Lazy routes and jsdom are slow on a loaded 2-core machine; a timeout here is not a failure of the page.
    testTimeout: 15_000,
    // Both cores: vitest's default leaves one idle on a 2-core machine (83 s → 59 s for the unit suite here).
    maxWorkers: 2,
    // One jsdom page per worker instead of one per file (issue 36: 104 s → 41 s for this project here); setup.ts
    // gives each file fresh app modules and each test an empty browser (storage, cookies, timers, stubs).
    isolate: false,
    // One retry under CI load; a test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
