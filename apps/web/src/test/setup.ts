import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no layout: ScrollRestoration's scrolling becomes a no-op instead of a "not implemented" error.
window.scrollTo = () => undefined;
