import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/*
 * Unit tests run without the PWA plugin (vitest.config.ts): this stands in for its virtual module. jsdom has no
 * service worker, so lib/service-worker.ts never gets here in a test; the real one is proven in e2e/specs/offline*.
 */
export function registerSW(_options?: RegisterSWOptions): (reloadPage?: boolean) => Promise<void> {
  return async () => undefined;
}
