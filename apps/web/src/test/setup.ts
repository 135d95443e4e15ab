import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Each file imports the app's modules afresh (their module-level state: stores, caches, queues), while the page
// (jsdom) is shared by the files of a worker.
vi.resetModules();

// The web files share one page per worker (not isolated, for speed): each test starts from an empty browser.
beforeEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

// A test file may run without a document (`@vitest-environment node`: the server-side pre-rendering).
if (typeof document !== 'undefined') {
  // jsdom has no layout: ScrollRestoration's scrolling becomes a no-op instead of a "not implemented" error.
  window.scrollTo = () => undefined;

  // The links the server writes into index.html (SUPPORT_URL, VIDEO_URL), as a configured deployment has them.
  for (const [name, content] of [
    ['galeno:support-url', 'https://wa.me/5215512345678'],
    ['galeno:video-url', 'https://www.youtube.com/@galeno'],
  ]) {
    const meta = document.createElement('meta');
    meta.name = name!;
    meta.content = content!;
    document.head.append(meta);
  }
}
