import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, profileFor, STUDENT, trialUser } from '../test/api-mock';
import { renderRoutes } from '../test/render';
import { createSessionStore } from '../lib/session';
import { TRIAL_STORAGE_KEY } from '../lib/trial-storage';
import { useTrialTimeUp } from '../lib/trial-time-up';
import { useState } from 'react';
import { AppGuard } from './app-guard';

const REFRESH = 'GET /api/staggered-auth/token/refresh';
const ME = 'GET /api/staggered-auth/user/me';
const SLOW = { timeout: 5000 };

/** The real route table with a fresh session singleton, as a page load would have. */
async function loadApp(path: string) {
  vi.resetModules();
  const { routes } = await import('./router');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const here = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the /app guard', () => {
  it('sends an anonymous visitor to /login with redirectTo, and back there after logging in', async () => {
    mockApi({
      [REFRESH]: { success: false },
      'POST /api/staggered-auth/request-otp': { success: true, fallbackLogin: false },
      'POST /api/staggered-auth/login/otp': { authUser: STUDENT },
      'GET /api/user/profile': profileFor('monthly', 30 * 86_400_000),
    });
    const router = await loadApp('/app/profile?tab=1');
    expect(await screen.findByLabelText('Correo electrónico', {}, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/login?redirectTo=%2Fapp%2Fprofile%3Ftab%3D1');

    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    fireEvent.change(await screen.findByLabelText('Código de acceso'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Perfil' }, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/app/profile?tab=1');
  });

  it('sends a signed-in account away from /login, to redirectTo or /app', async () => {
    mockApi({ [REFRESH]: { success: true }, [ME]: { authUser: STUDENT }, 'GET /api/user/profile': profileFor('monthly', 30 * 86_400_000) });
    const router = await loadApp('/login?redirectTo=%2Fapp%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Perfil' }, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/app/profile');
  });

  it('lets a trial user stay on /login, but not on /app/profile', async () => {
    mockApi({ [REFRESH]: { success: true }, [ME]: { authUser: trialUser(new Date(Date.now() + 300_000).toISOString()) } });
    const router = await loadApp('/app/profile');
    expect(await screen.findByRole('complementary', { name: 'Tiempo de tu prueba gratuita' }, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/app');
    await act(() => router.navigate('/login'));
    expect(await screen.findByLabelText('Correo electrónico', {}, SLOW)).toBeTruthy();
  });

  it('keeps showing the 404 page for unknown routes, /app ones included', async () => {
    mockApi({ [REFRESH]: { success: false } });
    await loadApp('/app/no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, SLOW)).toBeTruthy();
  });

  it('leaves /app for /login?redirectTo when a refresh says the session is over', async () => {
    mockApi({ [REFRESH]: { success: false } });
    const store = createSessionStore({ initialUser: STUDENT });
    const { router } = renderRoutes(
      [
        { path: '/app', element: <AppGuard />, children: [{ path: 'profile', element: <p>Perfil</p> }] },
        { path: '/login', element: <p>Inicio de sesión</p> },
      ],
      { path: '/app/profile', store },
    );
    expect(screen.getByText('Perfil')).toBeTruthy();
    await act(() => store.refresh());
    expect(await screen.findByText('Inicio de sesión')).toBeTruthy();
    expect(here(router)).toBe('/login?redirectTo=%2Fapp%2Fprofile');
  });
});

describe('trial', () => {
  it('/trial-period starts a trial, stores its start and opens /app with the countdown', async () => {
    const endsAt = new Date(Date.now() + 300_000).toISOString();
    const api = mockApi({ [REFRESH]: { success: false }, 'GET /api/staggered-auth/login/trial-period': { authUser: trialUser(endsAt) } });
    const router = await loadApp('/trial-period');
    expect(await screen.findByRole('complementary', { name: 'Tiempo de tu prueba gratuita' }, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/app');
    expect(screen.getByRole('timer').textContent).toMatch(/^[45]:\d\d$/);
    expect(JSON.parse(localStorage.getItem(TRIAL_STORAGE_KEY) ?? '{}')).toHaveProperty('startedAt');
    expect(api.requests()).not.toContain('GET /api/user/profile');
  });

  it('/trial-period with a signed-in account the page did not know sends it to /app, without recording a trial', async () => {
    // The server keeps an account's session on this GET and answers with the account (never a trial).
    const api = mockApi({
      [REFRESH]: { success: false },
      'GET /api/staggered-auth/login/trial-period': { authUser: STUDENT },
      'GET /api/user/profile': profileFor('monthly', 30 * 86_400_000),
    });
    const router = await loadApp('/trial-period');
    expect(await screen.findByRole('heading', { level: 1, name: '¡Hola, Ana!' }, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/app');
    expect(screen.queryByRole('complementary', { name: 'Tiempo de tu prueba gratuita' })).toBeNull();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
    expect(api.requests()).toContain('GET /api/user/profile');
  });

  it("/app/trial-period shows the server's refusal with a link to /signup", async () => {
    const message = 'Ya usaste la prueba gratuita 3 veces hoy. Regístrate gratis para seguir estudiando.';
    mockApi({
      [REFRESH]: { success: false },
      'GET /api/staggered-auth/login/trial-period': new Response(JSON.stringify({ errorMessage: message, code: 'TRIAL_LIMIT' }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      }),
    });
    await loadApp('/app/trial-period');
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regístrate gratis' }).getAttribute('href')).toBe('/signup');
  });

  it('after a reload, a finished trial shows the page under the end sheet again, with what it answered, instead of /login', async () => {
    localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify({ startedAt: '2026-03-01T11:55:00Z', finishedAt: '2026-03-01T12:00:00Z' }));
    const api = mockApi({ [REFRESH]: { success: false }, 'GET /api/staggered-auth/trial/summary': { answered: 8, correct: 6 } });
    const router = await loadApp('/app');
    const dialog = await screen.findByRole('dialog', { name: 'Tu prueba gratuita ha terminado' }, SLOW);
    expect(here(router)).toBe('/app');
    expect(
      await within(dialog).findByText('Resolviste 8 preguntas (6 correctas). Crea tu cuenta para conservar lo que respondiste.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe('/signup?desde=prueba');
    expect(within(dialog).getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe('/login');
    const content = screen.getByTestId('trial-content');
    expect(content.hasAttribute('inert')).toBe(true);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(api.requests()).toEqual([REFRESH, 'GET /api/staggered-auth/trial/summary']);
  });

  it('a finished trial sends a deeper /app page to the overlay on /app, whose links keep that page as redirectTo', async () => {
    localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify({ startedAt: '2026-03-01T11:55:00Z', finishedAt: '2026-03-01T12:00:00Z' }));
    mockApi({ [REFRESH]: { success: false } });
    const invite = encodeURIComponent('/app/group-membership/activate?email=ana@example.com');
    const router = await loadApp('/app/group-membership/activate?email=ana@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Tu prueba gratuita ha terminado' }, SLOW);
    expect(here(router)).toBe(`/app?redirectTo=${invite}`);
    expect(within(dialog).getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe(
      `/signup?desde=prueba&redirectTo=${invite}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe(`/login?redirectTo=${invite}`);
  });

  it('a real login forgets the finished trial, so a later signed-out visit goes to /login, not the overlay', async () => {
    localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify({ startedAt: '2026-03-01T11:55:00Z', finishedAt: '2026-03-01T12:00:00Z' }));
    mockApi({
      [REFRESH]: { success: false },
      'POST /api/staggered-auth/request-otp': { success: true, fallbackLogin: false },
      'POST /api/staggered-auth/login/otp': { authUser: STUDENT },
      'GET /api/user/profile': profileFor('monthly', 30 * 86_400_000),
    });
    await loadApp('/login');
    fireEvent.change(await screen.findByLabelText('Correo electrónico', {}, SLOW), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    fireEvent.change(await screen.findByLabelText('Código de acceso'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Hola, Ana!' }, SLOW)).toBeTruthy();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();

    cleanup();
    const router = await loadApp('/app');
    expect(await screen.findByLabelText('Correo electrónico', {}, SLOW)).toBeTruthy();
    expect(here(router)).toBe('/login?redirectTo=%2Fapp');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts down every second in a banner that stays in view, says the last minute once, and at zero grades the answer on screen before the sheet', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const api = mockApi({
      'POST /api/staggered-auth/logout': { success: true },
      'GET /api/staggered-auth/trial/summary': { answered: 1, correct: 1 },
    });
    localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify({ startedAt: '2026-03-01T11:55:03Z' }));
    const store = createSessionStore({ initialUser: trialUser('2026-03-01T12:01:03Z') });
    const graded = vi.fn();
    function Page() {
      const [result, setResult] = useState('Sin calificar');
      // What a quiz does: at zero, its answer on screen is graded (the request takes a moment).
      useTrialTimeUp(async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        graded();
        setResult('Respuesta correcta');
      });
      return (
        <>
          <h1>Contenido de la prueba</h1>
          <p>{result}</p>
        </>
      );
    }
    renderRoutes([{ path: '/app', element: <AppGuard />, children: [{ index: true, element: <Page /> }] }], { path: '/app', store });

    const banner = screen.getByRole('complementary', { name: 'Tiempo de tu prueba gratuita' });
    expect(banner.className).toContain('sticky');
    expect(screen.getByRole('timer').textContent).toBe('1:03');
    const live = banner.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    expect(live.textContent).toBe('Queda 1 minuto de tu prueba gratuita.');
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('timer').textContent).toBe('0:01');
    await act(() => vi.advanceTimersByTimeAsync(1000));

    // Time is up: the answer is being graded, the session is still open and no sheet yet.
    expect(banner.textContent).toContain('calificando tu última respuesta');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(graded).toHaveBeenCalledTimes(1);

    const dialog = screen.getByRole('dialog', { name: 'Tu prueba gratuita ha terminado' });
    expect(dialog.textContent).toContain('2 horas adicionales');
    expect(within(dialog).getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe('/signup?desde=prueba');
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Crear mi cuenta gratis' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(api.requests()).toEqual(expect.arrayContaining(['POST /api/staggered-auth/logout', 'GET /api/staggered-auth/trial/summary']));
    expect(JSON.parse(localStorage.getItem(TRIAL_STORAGE_KEY) ?? '{}')).toHaveProperty('finishedAt');
    expect(within(dialog).getByText('Resolviste 1 pregunta (1 correcta). Crea tu cuenta para conservar lo que respondiste.')).toBeTruthy();

    // The page stays, with the graded answer in view and out of reach, instead of a redirect to /login.
    const content = screen.getByTestId('trial-content');
    expect(content.hasAttribute('inert')).toBe(true);
    expect(within(content).getByText('Respuesta correcta')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
