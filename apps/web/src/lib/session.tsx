import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
// Types only: this module loads on every page, the landing included, and must stay free of zod.
import type { AuthUser, AuthUserResponse, TokenRefreshResponse } from '@galeno/domain/contracts/auth';
import type { Success } from '@galeno/domain/contracts/common';
import { TOKEN_REFRESH_MS } from '@galeno/domain/timings';
import { ApiError, apiFetch } from './api-client';
import { clearProfileCache } from './profile-cache';
import { clearTrialData } from './trial-storage';

/**
 * The browser's view of the session (spec section 4, "Session"). The cookie is HttpOnly, so the page
 * never sees the token: it asks the server. On start it refreshes the token and, if that works, reads
 * the user; then it refreshes every TOKEN_REFRESH_MS, and a refresh answering success=false ends it.
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
}

export interface SessionStoreOptions {
  /** A known answer instead of asking the server: no start-up check, no refresh until someone signs in. */
  initialUser?: AuthUser | null;
  refreshIntervalMs?: number;
}

const AUTH_API = '/api/staggered-auth';
const LOGOUT_FAILED = 'No pudimos cerrar tu sesión. Intenta nuevamente.';
const LOADING: SessionSnapshot = { status: 'loading', user: null, signedOutBy: null };

function signedInAs(user: AuthUser): SessionSnapshot {
  return { status: 'signed-in', user, signedOutBy: null };
}

function signedOut(reason: SignOutReason | null): SessionSnapshot {
  return { status: 'signed-out', user: null, signedOutBy: reason };
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const refreshIntervalMs = options.refreshIntervalMs ?? TOKEN_REFRESH_MS;
  const known = options.initialUser !== undefined;
  let snapshot: SessionSnapshot = !known ? LOADING : options.initialUser ? signedInAs(options.initialUser) : signedOut(null);
  let started: Promise<SessionSnapshot> | null = known ? Promise.resolve(snapshot) : null;
  // Bumped by every sign-in and sign-out, so a start-up check that answers late never overwrites them.
  let generation = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  function set(next: SessionSnapshot) {
    snapshot = next;
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
    set(signedOut(reason));
  }

  async function check(): Promise<SessionSnapshot> {
    const at = generation;
    let next = signedOut(null);
    try {
      const { success } = await apiFetch<Success>(`${AUTH_API}/token/refresh`);
      if (success) {
        const { authUser } = await apiFetch<AuthUserResponse>(`${AUTH_API}/user/me`);
        // An account signed in (another tab, a login elsewhere on this browser): no ended-trial overlay for it.
        if (!authUser.isTrial) clearTrialData();
        next = signedInAs(authUser);
      }
    } catch {
      // No answer (offline, 401 from user/me) means no session this page can use: the visitor signs in again.
    }
    if (at === generation) {
      if (next.status === 'signed-out') clearProfileCache();
      set(next);
    }
    return snapshot;
  }

  function start(): Promise<SessionSnapshot> {
    started ??= check();
    return started;
  }

  function setUser(user: AuthUser) {
    generation++;
    // A real login ends any trial on this browser; a trial login keeps its own start date.
    if (!user.isTrial) clearTrialData();
    started ??= Promise.resolve(signedInAs(user));
    set(signedInAs(user));
  }

  async function refresh(): Promise<boolean> {
    try {
      const { success, reason } = await apiFetch<TokenRefreshResponse>(`${AUTH_API}/token/refresh`);
      if (success) return true;
      if (snapshot.status !== 'signed-out') endLocally(reason === 'device_limit' ? 'device_limit' : 'expired');
      return false;
    } catch {
      // A network blip is not a logout: the session stays and the next refresh tries again.
      return false;
    }
  }

  async function endOnServer(path: 'logout' | 'logout-all'): Promise<string | null> {
    try {
      // No body and no content type: the route takes none.
      const { success } = await apiFetch<Success>(`${AUTH_API}/${path}`, { method: 'POST' });
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
    logoutEverywhere: () => endOnServer('logout-all'),
    forget: () => endLocally('deleted'),
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
