import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateLanding, LandingIsland } from './landing-island';

/*
 * The landing's first visit runs without the router (issue 21): the server's markup (prerender.tsx renders the same
 * tree) is hydrated as it is, and its links are plain ones. In a real browser: e2e/specs/prerendered-pages.spec.ts.
 */

const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  sendBeacon.mockClear();
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function hydratedLanding(onServerMarkup?: (root: HTMLElement) => void): Promise<HTMLElement> {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<LandingIsland />);
  document.body.append(root);
  onServerMarkup?.(root);
  await act(async () => {
    hydrateLanding(root);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return root;
}

describe('the landing island', () => {
  it('hydrates the server markup without a mismatch', async () => {
    const consoleError = vi.spyOn(console, 'error');
    let serverHeading: Element | null = null;
    await hydratedLanding((root) => (serverHeading = root.querySelector('h1')));
    // A mismatch would make React render the page afresh, replacing the server's elements.
    expect(serverHeading).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('records the visit, and a tracked link tapped is recorded and left to the browser to follow', async () => {
    window.history.replaceState(null, '', '/?utm_source=whatsapp');
    await hydratedLanding();
    await waitFor(() => expect(sendBeacon.mock.calls.some(([url]) => url === '/api/visits/landing')).toBe(true));
    const signup = screen.getByRole('link', { name: 'Crear cuenta gratis' });
    expect(signup.getAttribute('href')).toBe('/signup');
    // jsdom does not navigate; a link the app took over would be prevented (the router's links are).
    const followed = fireEvent.click(signup);
    expect(followed).toBe(true);
    await waitFor(() => expect(sendBeacon.mock.calls.some(([url]) => url === '/api/visits/cta')).toBe(true));
    const [, body] = sendBeacon.mock.calls.find(([url]) => url === '/api/visits/landing')!;
    expect(JSON.parse(await (body as Blob).text())).toMatchObject({ originPath: '/?utm_source=whatsapp' });
  });
});
