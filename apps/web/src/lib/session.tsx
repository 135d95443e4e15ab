import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
// Types only: this module loads on every page, the landing included, and must stay free of zod.
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { TOKEN_REFRESH_MS } from '@galeno/domain/timings';
import { api } from './api';
import { ApiError } from './api-client';
import { forgetOfflineAccount, readOfflineAccount, rememberOfflineAccount } from './offline-account';
import { clearProfileCache } from './profile-cache';
import { clearOfflineCopies } from './service-worker';
import { forgetSessionEnded, readSessionEnded, rememberSessionEnded } from './session-ended';
import { markSignedInHere } from './signed-in-here';
import { clearTrialData } from './trial-storage';

/**
 * The browser's view of the session (spec section 4, "Session"). The cookie is HttpOnly, so the page
 * never sees the token: it asks the server. On start it refreshes the token and, if that works, reads
 * the user; then it refreshes every TOKEN_REFRESH_MS, and a refresh answering success=false ends it.
 *
 * Only the server's word signs anyone out (issue 35, N5): a start-up check that gets no answer (offline, a timeout,
 * a 5xx) keeps the status 'loading', marks it `unreachable` («Sin conexión — Reintentar») and tries again by itself.
 *
 * The store is a plain object rather than React state so that route loaders (the /app guard, /login)
 * can await the same check the components read. `sessionStore` is the app's one instance;
 * <SessionProvider store={…}> swaps in another one (tests, the ended-trial snapshot).
 */

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** Why the last session ended: an explicit logout, or the server no longer knowing it. */
export type SignOutReason = 'logout' | 'expired' | 'deleted' | 'device_limit';

export interface SessionSnapshot {
  status: SessionStatus;
  user: AuthUser | null;
  signedOutBy: SignOutReason | null;
  /** The start-up check got no answer from the server and is trying again (status stays 'loading'). */
  unreachable: boolean;
  /**
   * Signed in as the account last used on this device, without the server's word yet (issue 41): the app opened
   * without signal; the check goes on, and the server's answer, when it comes, has the last word.
   */
  offline: boolean;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Runs the start-up check once; later calls return the same promise. */
  start(): Promise<SessionSnapshot>;
  /** The current answer once the start-up check is over (starting it if needed). Loaders await this. */
  ready(): Promise<SessionSnapshot>;
  setUser(user: AuthUser): void;
  refresh(): Promise<boolean>;
  /** Ends this session; resolves to null on success or to the Spanish message to show. */
  logout(): Promise<string | null>;
  /** "Cerrar sesión en todos los dispositivos": ends every session of the account. */
  logoutEverywhere(): Promise<string | null>;
  /** The server already ended the session (the account was deleted): forget it here too. */
  forget(): void;
  /** «Reintentar»: the start-up check that could not reach the server tries again now rather than later. */
  retryNow(): void;
  /** «Estudiar sin conexión»: opens the app as the account last signed in here while the check goes on. */
  continueOffline(): void;
}

export interface SessionStoreOptions {
  /** A known answer instead of asking the server: no start-up check, no refresh until someone signs in. */
  initialUser?: AuthUser | null;
  refreshIntervalMs?: number;
  /** How long the start-up check waits for an answer before it calls the server unreachable. */
  checkTimeoutMs?: number;
  /** The waits between tries of an unreachable start-up check; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

const LOGOUT_FAILED = 'No pudimos cerrar tu sesión. Intenta nuevamente.';
const LOADING: SessionSnapshot = { status: 'loading', user: null, signedOutBy: null, unreachable: false, offline: false };
const UNREACHABLE: SessionSnapshot = { ...LOADING, unreachable: true };
// A phone on a weak signal answers in a few seconds (150 ms round trips); a request hanging past this is lost.
const CHECK_TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000];

function signedInAs(user: AuthUser): SessionSnapshot {
  return { status: 'signed-in', user, signedOutBy: null, unreachable: false, offline: false };
}

function offlineAs(user: AuthUser): SessionSnapshot {
  return { status: 'signed-in', user, signedOutBy: null, unreachable: false, offline: true };
}

function signedOut(reason: SignOutReason | null): SessionSnapshot {
  return { status: 'signed-out', user: null, signedOutBy: reason, unreachable: false, offline: false };
}

/** The browser itself says there is no network (not merely a server that does not answer). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const refreshIntervalMs = options.refreshIntervalMs ?? TOKEN_REFRESH_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const known = options.initialUser !== undefined;
  let snapshot: SessionSnapshot = !known ? LOADING : options.initialUser ? signedInAs(options.initialUser) : signedOut(null);
  let started: Promise<SessionSnapshot> | null = known ? Promise.resolve(snapshot) : null;
  // Bumped by every sign-in and sign-out, so a start-up check that answers late never overwrites them.
  let generation = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  // Ends the wait before the next try of an unreachable start-up check.
  let wakeRetry: (() => void) | null = null;
  const listeners = new Set<() => void>();

  function set(next: SessionSnapshot) {
    snapshot = next;
    if (next.status !== 'loading') markSignedInHere(next.user !== null && !next.user.isTrial);
    if (next.status === 'signed-in' && next.user && !next.offline) rememberOfflineAccount(next.user);
    if (next.status === 'signed-out') {
      forgetOfflineAccount();
      void clearOfflineCopies();
    }
    if (next.status === 'signed-in') {
      timer ??= setInterval(() => void refresh(), refreshIntervalMs);
    } else if (timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    for (const listener of listeners) listener();
  }

  function endLocally(reason: SignOutReason) {
    generation++;
    clearProfileCache();
    if (reason === 'device_limit') rememberSessionEnded(reason);
    else forgetSessionEnded();
    set(signedOut(reason));
  }

  /** The server's answer about this browser's session, or null when it gave none (offline, timeout, 5xx). */
  async function askServer(): Promise<SessionSnapshot | null> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), checkTimeoutMs);
    try {
      const refreshed = await api.auth.refreshToken({ signal: controller.signal });
      if (!refreshed.success) {
        // The server says why only once (it clears the cookie as it answers): kept for the login page, now or later.
        if (refreshed.reason === 'device_limit') rememberSessionEnded(refreshed.reason);
        return signedOut(readSessionEnded());
      }
      // The refresh names who is signed in (one round trip on a slow network); a server from before it did not.
      const authUser = refreshed.authUser ?? (await api.auth.me({ signal: controller.signal })).authUser;
      return signedInAs(authUser);
    } catch (error) {
      // Only a 401 is the server saying there is no session; anything else is no answer.
      return error instanceof ApiError && error.status === 401 ? signedOut(null) : null;
    } finally {
      clearTimeout(timeout);
    }
  }

  function waitBeforeRetry(attempt: number): Promise<void> {
    const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 0;
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(wait);
        window.removeEventListener('online', wake);
        wakeRetry = null;
        resolve();
      };
      const wait = setTimeout(wake, delay);
      // The phone says it is back online: no reason to wait for the timer.
      window.addEventListener('online', wake);
      wakeRetry = wake;
    });
  }

  /** Ends the wait of loaders on a start-up check when the student opens the app offline. */
  let openOffline: (() => void) | null = null;

  async function check(): Promise<SessionSnapshot> {
    const at = generation;
    const opened = new Promise<'offline'>((resolve) => {
      openOffline = () => resolve('offline');
    });
    const answered = (async () => {
      for (let attempt = 0; ; attempt++) {
        const next = await askServer();
        // A sign-in or sign-out meanwhile (another stage of this page) has the last word.
        if (at !== generation) return snapshot;
        if (next) {
          if (next.status === 'signed-out') clearProfileCache();
          // An account signed in (another tab, a login elsewhere on this browser): no ended-trial overlay for it.
          else if (next.user && !next.user.isTrial) clearTrialData();
          set(next);
          return snapshot;
        }
        // No network at all and an account kept on the phone: the app opens on what the phone keeps.
        if (attempt === 0 && browserOffline()) continueOffline();
        if (snapshot.status === 'loading' && !snapshot.unreachable) set(UNREACHABLE);
        await waitBeforeRetry(attempt);
        if (at !== generation) return snapshot;
      }
    })();
    await Promise.race([answered, opened]);
    openOffline = null;
    return snapshot;
  }

  function continueOffline() {
    const account = readOfflineAccount();
    if (!account || snapshot.status !== 'loading') return;
    set(offlineAs(account));
    openOffline?.();
  }

  function start(): Promise<SessionSnapshot> {
    started ??= check();
    return started;
  }

  function setUser(user: AuthUser) {
    generation++;
    wakeRetry?.();
    // A real login ends any trial on this browser; a trial login keeps its own start date.
    if (!user.isTrial) {
      clearTrialData();
      forgetSessionEnded();
    }
    started ??= Promise.resolve(signedInAs(user));
    set(signedInAs(user));
  }

  async function refresh(): Promise<boolean> {
    try {
      const { success, reason } = await api.auth.refreshToken();
      if (success) return true;
      if (snapshot.status !== 'signed-out') endLocally(reason === 'device_limit' ? 'device_limit' : 'expired');
      return false;
    } catch {
      // A network blip is not a logout: the session stays and the next refresh tries again.
      return false;
    }
  }

  async function endOnServer(route: 'logout' | 'logoutEverywhere'): Promise<string | null> {
    try {
      // No body: the route takes none (the client still declares JSON, as the API asks of every write).
      const { success } = await api.auth[route]();
      if (!success) return LOGOUT_FAILED;
    } catch (error) {
      return error instanceof ApiError ? error.message : LOGOUT_FAILED;
    }
    endLocally('logout');
    return null;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    async ready() {
      await start();
      return snapshot;
    },
    setUser,
    refresh,
    logout: () => endOnServer('logout'),
    logoutEverywhere: () => endOnServer('logoutEverywhere'),
    forget: () => endLocally('deleted'),
    retryNow: () => wakeRetry?.(),
    continueOffline,
  };
}

/** The app's session, shared by loaders and components. */
export const sessionStore = createSessionStore();

const SessionContext = createContext<SessionStore | null>(null);

/**
 * Wraps the page tree (the root layout renders it) and starts the start-up check. Without `store` it
 * provides the nearest outer store, or the app's `sessionStore`.
 */
export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  const outer = useContext(SessionContext);
  const value = store ?? outer ?? sessionStore;
  useEffect(() => {
    void value.start();
  }, [value]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionStore(): SessionStore {
  return useContext(SessionContext) ?? sessionStore;
}

function useSessionSnapshot(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export interface Session {
  status: SessionStatus;
  user: AuthUser | null;
  isTrial: boolean;
  setUser(user: AuthUser): void;
  /** Ends this session; resolves to null on success or to the Spanish message to show. */
  logout(): Promise<string | null>;
  /** "Cerrar sesión en todos los dispositivos": ends every session of the account. */
  logoutEverywhere(): Promise<string | null>;
  /** The server already ended the session (the account was deleted): forget it here too. */
  forget(): void;
  refresh(): Promise<boolean>;
}

export function useSession(): Session {
  const store = useSessionStore();
  const { status, user } = useSessionSnapshot();
  return useMemo(
    () => ({
      status,
      user,
      isTrial: user?.isTrial ?? false,
      setUser: store.setUser,
      logout: store.logout,
      logoutEverywhere: store.logoutEverywhere,
      forget: store.forget,
      refresh: store.refresh,
    }),
    [status, user, store],
  );
}

/**
 * Whether the start-up check is waiting on a server it cannot reach, and how to try again now: «Sin conexión»; and
 * whether this device keeps an account to open the app with meanwhile (issue 41).
 */
export function useSessionCheck(): { unreachable: boolean; retry: () => void; canContinueOffline: boolean; continueOffline: () => void } {
  const store = useSessionStore();
  const { unreachable } = useSessionSnapshot();
  return useMemo(
    () => ({ unreachable, retry: store.retryNow, canContinueOffline: unreachable && readOfflineAccount() !== null, continueOffline: store.continueOffline }),
    [unreachable, store],
  );
}

/** The app is open on what this device keeps, without the server's word yet (issue 41). */
export function useOpenedOffline(): boolean {
  return useSessionSnapshot().offline;
}

/** Why the session ended, for the /app guard: after an explicit logout it sends people to /login without a way back. */
export function useSignOutReason(): SignOutReason | null {
  return useSessionSnapshot().signedOutBy;
}

/** The signed-in user (a trial user included) in pages under the /app guard, which never renders them without one. */
export function useRequiredUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error('useRequiredUser() needs a signed-in user: use it only in pages under the /app guard.');
  return user;
}
