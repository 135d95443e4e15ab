/**
 * The service worker (issue 41): registered once a student is signed in, so that /app and the study screens open
 * without signal, and told when a new deployment is waiting («Hay una versión nueva»). Public pages never register it:
 * a visitor on the landing does not download the whole app.
 *
 * The registration code (vite-plugin-pwa's, on Workbox) is loaded only when called, outside every route's chunk.
 */

import { FLASHCARDS_CACHE } from './offline-caches';

type Listener = () => void;

const listeners = new Set<Listener>();
let updateWaiting = false;
let reloadIntoUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
let registering: Promise<void> | null = null;

/** How often an open app asks for a new deployment, besides on every page load. */
const UPDATE_CHECK_MS = 60 * 60_000;

function set(waiting: boolean) {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return Promise.resolve();
  registering ??= import('virtual:pwa-register')
    .then(({ registerSW }) => {
      reloadIntoUpdate = registerSW({
        immediate: true,
        onNeedRefresh: () => set(true),
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
          // Coming back to the app (the phone unlocked, the tab shown) is when a student would want the new version.
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
          });
        },
      });
    })
    .catch(() => {
      // Without a service worker the app works as before, online.
    });
  return registering;
}

/** «Actualizar»: the waiting version takes over and the page reloads into it. */
export async function applyUpdate(): Promise<void> {
  await reloadIntoUpdate?.(true);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signing out: the copies of her flashcards kept for offline use go with the session. */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(FLASHCARDS_CACHE).catch(() => false);
}
