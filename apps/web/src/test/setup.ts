import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
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
