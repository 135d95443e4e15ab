import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';

/** A fresh app each time: the session store is the app's one, and a check once started is kept. */
async function renderAppOverShell(root: HTMLElement, waitMs: number) {
  vi.resetModules();
  return (await import('./start')).renderAppOverShell(root, { waitMs });
}

/*
 * The signed-in home's first frame (issue 41) stays until the app can replace it with the student's own home; the
 * happy path (the frame, then her home, never «Cargando...») runs in a browser: e2e/specs/prerendered-pages.spec.ts.
 */

const REFRESH = 'GET /api/staggered-auth/token/refresh';

function frame(): HTMLElement {
  window.history.replaceState(null, '', '/app');
  const root = document.createElement('div');
  root.innerHTML = '<main><h1>¡Hola!</h1><p>Modos de examen</p></main>';
  document.body.append(root);
  return root;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the app over the home’s first frame', () => {
  it('keeps the frame while the session check runs, and after the wait shows what the app has', async () => {
    // A check that never answers: the frame stays on screen, untouched, instead of a loading screen over it.
    mockApi({ [REFRESH]: () => new Promise<Response>(() => undefined) });
    const root = frame();
    const started = renderAppOverShell(root, 300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(root.querySelector('h1')?.textContent).toBe('¡Hola!');
    expect(screen.queryByText('Cargando...')).toBeNull();
    await started;
    // Then the app is on screen, with its own word on the check (the frame is gone).
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Cargando'));
    expect(screen.queryByText('Modos de examen')).toBeNull();
  });

  it('replaces the frame at once with «Sin conexión» when the check cannot reach the server', async () => {
    mockApi({ [REFRESH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const root = frame();
    await renderAppOverShell(root, 60_000);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Modos de examen')).toBeNull();
  });
});
