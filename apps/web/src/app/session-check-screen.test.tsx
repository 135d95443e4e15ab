import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SessionProvider } from '../lib/session';
import { OFFLINE_ACCOUNT_KEY } from '../lib/offline-account';
import { mockApi, STUDENT } from '../test/api-mock';
import { SessionCheckScreen } from './session-check-screen';

const REFRESH = 'GET /api/staggered-auth/token/refresh';
const ME = 'GET /api/staggered-auth/user/me';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session check screen (issue 35, N5)', () => {
  it("reads 'Cargando...' while the check runs, «Sin conexión» when it gets no answer, and «Reintentar» tries at once", async () => {
    vi.useFakeTimers();
    let online = false;
    const api = mockApi({
      [REFRESH]: () =>
        online
          ? new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })
          : Promise.reject(new TypeError('Failed to fetch')),
      [ME]: { authUser: STUDENT },
    });
    const store = createSessionStore({ retryDelaysMs: [60_000] });
    render(
      <SessionProvider store={store}>
        <SessionCheckScreen />
      </SessionProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeTruthy();
    expect(screen.queryByText(/Entra a Galeno|correo/i)).toBeNull();

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.requests()).toEqual([REFRESH, REFRESH, ME]);
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('offers «Estudiar sin conexión» when this phone keeps the account, and it opens the app on what the phone keeps (issue 41)', async () => {
    vi.useFakeTimers();
    mockApi({ [REFRESH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const store = createSessionStore({ retryDelaysMs: [60_000] });
    const view = render(
      <SessionProvider store={store}>
        <SessionCheckScreen />
      </SessionProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('button', { name: 'Estudiar sin conexión' })).toBeNull();
    view.unmount();

    localStorage.setItem(OFFLINE_ACCOUNT_KEY, JSON.stringify(STUDENT));
    const kept = createSessionStore({ retryDelaysMs: [60_000] });
    render(
      <SessionProvider store={kept}>
        <SessionCheckScreen />
      </SessionProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Estudiar sin conexión' }));
    expect(kept.getSnapshot()).toMatchObject({ status: 'signed-in', offline: true, user: { id: STUDENT.id } });
  });
});
