import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MS } from '@galeno/domain/timings';
import { apiError, mockApi, STUDENT, trialUser } from '../test/api-mock';
import { OFFLINE_ACCOUNT_KEY } from './offline-account';
import { PROFILE_CACHE_KEY } from './profile-cache';
import { createSessionStore, SessionProvider, useRequiredUser, useSession, type SessionStore } from './session';
import { TRIAL_STORAGE_KEY } from './trial-storage';

const REFRESH = 'GET /api/staggered-auth/token/refresh';
const ME = 'GET /api/staggered-auth/user/me';
const LOGOUT = 'POST /api/staggered-auth/logout';

function Probe() {
  const { status, user, isTrial } = useSession();
  return (
    <p data-testid="session">
      {status}|{user?.id ?? 'none'}|{isTrial ? 'trial' : 'account'}
    </p>
  );
}

function renderSession(store: SessionStore) {
  render(
    <SessionProvider store={store}>
      <Probe />
    </SessionProvider>,
  );
  return () => screen.getByTestId('session').textContent;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('refreshes the token on start, then reads the user', async () => {
    const api = mockApi({ [REFRESH]: { success: true }, [ME]: { authUser: STUDENT } });
    const read = renderSession(createSessionStore());
    expect(read()).toBe('loading|none|account');
    await waitFor(() => expect(read()).toBe('signed-in|user-1|account'));
    expect(api.requests()).toEqual([REFRESH, ME]);
  });

  it('opens with one round trip when the refresh names who is signed in (issue 41)', async () => {
    const api = mockApi({ [REFRESH]: { success: true, authUser: STUDENT } });
    const read = renderSession(createSessionStore());
    await waitFor(() => expect(read()).toBe('signed-in|user-1|account'));
    expect(api.requests()).toEqual([REFRESH]);
  });

  it('does not ask for the user when the first refresh fails, and clears the cached profile', async () => {
    localStorage.setItem(PROFILE_CACHE_KEY, '{"userId":"user-1"}');
    const api = mockApi({ [REFRESH]: { success: false } });
    const read = renderSession(createSessionStore());
    await waitFor(() => expect(read()).toBe('signed-out|none|account'));
    expect(api.requests()).toEqual([REFRESH]);
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });

  it('forgets a finished trial when the start-up check finds an account, and keeps it for a trial', async () => {
    const finished = JSON.stringify({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:05:00.000Z' });
    localStorage.setItem(TRIAL_STORAGE_KEY, finished);
    mockApi({ [REFRESH]: { success: true }, [ME]: { authUser: trialUser('2026-01-01T00:05:00.000Z') } });
    await createSessionStore().start();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBe(finished);

    mockApi({ [REFRESH]: { success: true }, [ME]: { authUser: STUDENT } });
    await createSessionStore().start();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });

  it('never signs out for want of an answer: offline, it says so and tries again by itself until the server answers (N5)', async () => {
    vi.useFakeTimers();
    let online = false;
    const api = mockApi({
      [REFRESH]: () =>
        online
          ? new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })
          : Promise.reject(new TypeError('offline')),
      [ME]: { authUser: STUDENT },
    });
    const store = createSessionStore({ retryDelaysMs: [1_000, 5_000] });
    const read = renderSession(store);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', unreachable: true });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.requests()).toEqual([REFRESH, REFRESH]);
    expect(read()).toBe('loading|none|account');

    online = true;
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(api.requests()).toEqual([REFRESH, REFRESH]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', unreachable: false });
    await expect(store.ready()).resolves.toMatchObject({ status: 'signed-in' });
  });

  it('«Reintentar» and the phone coming back online try again at once', async () => {
    vi.useFakeTimers();
    const api = mockApi({
      [REFRESH]: [apiError(503, 'DATABASE_UNAVAILABLE', 'Servicio no disponible'), apiError(502, 'HTTP_ERROR', ''), { success: false }],
    });
    const store = createSessionStore({ retryDelaysMs: [60_000] });
    renderSession(store);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getSnapshot().unreachable).toBe(true);
    act(() => store.retryNow());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.requests()).toEqual([REFRESH, REFRESH]);
    act(() => window.dispatchEvent(new Event('online')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The server's own word, success=false, is the only thing that signs out.
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', unreachable: false });
  });

  it('opens the app as the account last signed in here when the phone has no network, and the server has the last word (issue 41)', async () => {
    vi.useFakeTimers();
    let online = true;
    const api = mockApi({
      [REFRESH]: () =>
        online
          ? new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })
          : Promise.reject(new TypeError('offline')),
      [ME]: { authUser: STUDENT },
    });
    // Signed in once with signal: the device keeps the account.
    await createSessionStore().start();
    expect(localStorage.getItem(OFFLINE_ACCOUNT_KEY)).toContain(STUDENT.id);

    online = false;
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const store = createSessionStore({ retryDelaysMs: [1_000] });
    // The loaders are not kept waiting for a server that cannot answer.
    await expect(store.ready()).resolves.toMatchObject({ status: 'signed-in', offline: true, user: { id: STUDENT.id } });

    online = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', offline: false });
    expect(api.requests().filter((request) => request === REFRESH).length).toBeGreaterThanOrEqual(3);
  });

  it('says «Sin conexión» at once when the phone has no network and keeps no account', async () => {
    mockApi({ [REFRESH]: () => Promise.reject(new TypeError('offline')) });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const store = createSessionStore({ retryDelaysMs: [60_000] });
    void store.start();
    await waitFor(() => expect(store.getSnapshot()).toMatchObject({ status: 'loading', unreachable: true, offline: false }));
  });

  it('signs out, and forgets the account on the device, when the server answers that the session ended while offline', async () => {
    vi.useFakeTimers();
    localStorage.setItem(OFFLINE_ACCOUNT_KEY, JSON.stringify(STUDENT));
    let online = false;
    mockApi({
      [REFRESH]: () =>
        online ? new Response('{"success":false}', { headers: { 'content-type': 'application/json' } }) : Promise.reject(new TypeError('x')),
    });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const store = createSessionStore({ retryDelaysMs: [1_000] });
    await expect(store.ready()).resolves.toMatchObject({ status: 'signed-in', offline: true });
    online = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', offline: false });
    expect(localStorage.getItem(OFFLINE_ACCOUNT_KEY)).toBeNull();
  });

  it('offers «Estudiar sin conexión» only with an account kept on the device, when the server does not answer', async () => {
    vi.useFakeTimers();
    mockApi({ [REFRESH]: () => Promise.reject(new TypeError('lie-fi')) });
    const bare = createSessionStore({ retryDelaysMs: [60_000] });
    await act(() => vi.advanceTimersByTimeAsync(0));
    void bare.start();
    await act(() => vi.advanceTimersByTimeAsync(0));
    // No account kept: nothing to open offline with.
    act(() => bare.continueOffline());
    expect(bare.getSnapshot()).toMatchObject({ status: 'loading', unreachable: true });

    localStorage.setItem(OFFLINE_ACCOUNT_KEY, JSON.stringify(STUDENT));
    const store = createSessionStore({ retryDelaysMs: [60_000] });
    const ready = store.start();
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The phone says it is online (hospital Wi-Fi that lets nothing through): she chooses.
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', unreachable: true });
    act(() => store.continueOffline());
    await expect(ready).resolves.toMatchObject({ status: 'signed-in', offline: true });
  });

  it('a check that hangs is given up after the timeout and tried again; a 401 from user/me signs out', async () => {
    vi.useFakeTimers();
    const api = mockApi({
      [REFRESH]: [
        (init) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
        { success: true },
      ],
      [ME]: apiError(401, 'UNAUTHORIZED', 'Tu sesión no es válida. Inicia sesión nuevamente.'),
    });
    const store = createSessionStore({ checkTimeoutMs: 3_000, retryDelaysMs: [1_000] });
    renderSession(store);
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', unreachable: false });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getSnapshot().unreachable).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.requests()).toEqual([REFRESH, REFRESH, ME]);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', signedOutBy: null });
  });

  it('a device signed out by the two-device limit is told at its next open, whenever that is, until it signs in', async () => {
    mockApi({ [REFRESH]: { success: false, reason: 'device_limit' } });
    await expect(createSessionStore().start()).resolves.toMatchObject({ status: 'signed-out', signedOutBy: 'device_limit' });

    // The server said it once and cleared the cookie: later opens hear a plain success=false.
    mockApi({ [REFRESH]: { success: false } });
    await expect(createSessionStore().start()).resolves.toMatchObject({ signedOutBy: 'device_limit' });
    await expect(createSessionStore().start()).resolves.toMatchObject({ signedOutBy: 'device_limit' });

    const store = createSessionStore();
    await store.start();
    act(() => store.setUser(STUDENT));
    await expect(createSessionStore().start()).resolves.toMatchObject({ status: 'signed-out', signedOutBy: null });
  });

  it(`refreshes every ${TOKEN_REFRESH_MS} ms, and a refresh answering success=false logs out`, async () => {
    vi.useFakeTimers();
    const api = mockApi({ [REFRESH]: [{ success: true }, { success: true }, { success: false }], [ME]: { authUser: STUDENT } });
    const read = renderSession(createSessionStore());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(read()).toBe('signed-in|user-1|account');

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS - 1));
    expect(api.requests()).toEqual([REFRESH, ME]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.requests()).toEqual([REFRESH, ME, REFRESH]);
    expect(read()).toBe('signed-in|user-1|account');

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(read()).toBe('signed-out|none|account');
    // Signed out: no more refreshes.
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS * 3));
    expect(api.requests()).toHaveLength(4);
  });

  it('remembers when the session ended because the account signed in on a third device (issue 20)', async () => {
    vi.useFakeTimers();
    mockApi({ [REFRESH]: [{ success: true }, { success: false, reason: 'device_limit' }], [ME]: { authUser: STUDENT } });
    const store = createSessionStore();
    renderSession(store);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getSnapshot().status).toBe('signed-in');
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', signedOutBy: 'device_limit' });
  });

  it('keeps the session when a periodic refresh cannot reach the server', async () => {
    vi.useFakeTimers();
    let online = true;
    mockApi({
      [REFRESH]: () =>
        online
          ? new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })
          : Promise.reject(new TypeError('offline')),
      [ME]: { authUser: STUDENT },
    });
    const read = renderSession(createSessionStore());
    await act(() => vi.advanceTimersByTimeAsync(0));
    online = false;
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(read()).toBe('signed-in|user-1|account');
  });
});

describe('session actions', () => {
  it('logs out only when the server reports success, sending no body', async () => {
    localStorage.setItem(PROFILE_CACHE_KEY, '{"userId":"user-1"}');
    const api = mockApi({ [LOGOUT]: [{ success: false }, apiError(500, 'INTERNAL', 'Ocurrió un error'), { success: true }] });
    const store = createSessionStore({ initialUser: STUDENT });
    const read = renderSession(store);

    await expect(act(() => store.logout())).resolves.toBe('No pudimos cerrar tu sesión. Intenta nuevamente.');
    await expect(act(() => store.logout())).resolves.toBe('Ocurrió un error');
    expect(read()).toBe('signed-in|user-1|account');

    await expect(act(() => store.logout())).resolves.toBeNull();
    expect(read()).toBe('signed-out|none|account');
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
    const init = api.fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    // Declared JSON all the same: the API takes a state-changing request only as JSON (issue 34).
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
  });

  it('a login clears the local trial data; a trial login keeps it', () => {
    const store = createSessionStore({ initialUser: null });
    const read = renderSession(store);
    localStorage.setItem(TRIAL_STORAGE_KEY, '{"startedAt":"2026-01-01T00:00:00.000Z"}');

    act(() => store.setUser(trialUser('2026-01-01T00:05:00.000Z')));
    expect(read()).toBe('signed-in|TRIAL|trial');
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).not.toBeNull();

    act(() => store.setUser(STUDENT));
    expect(read()).toBe('signed-in|user-1|account');
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });

  it('a start-up check that answers after a login does not undo it', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ [REFRESH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = createSessionStore();
    const read = renderSession(store);
    act(() => store.setUser(STUDENT));
    await act(async () => answer(new Response('{"success":false}', { headers: { 'content-type': 'application/json' } })));
    await act(() => store.ready());
    expect(read()).toBe('signed-in|user-1|account');
  });

  it('useRequiredUser gives the user, and throws without one', () => {
    function Name() {
      return <p>{useRequiredUser().name}</p>;
    }
    render(
      <SessionProvider store={createSessionStore({ initialUser: STUDENT })}>
        <Name />
      </SessionProvider>,
    );
    expect(screen.getByText('Ana López')).toBeTruthy();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <SessionProvider store={createSessionStore({ initialUser: null })}>
          <Name />
        </SessionProvider>,
      ),
    ).toThrow(/useRequiredUser/);
    vi.restoreAllMocks();
  });
});
