import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type {
  FallbackLogin,
  FallbackLoginBody,
  LoginDataBody,
  ProfileResponse,
  StudySettings,
  SubscriptionInfo,
} from '@galeno/domain/contracts/profile';
import type { Speciality } from '@galeno/domain/specialities';
import { PROFILE_CACHE_MS } from '@galeno/domain/timings';
import { api } from './api';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-client';
import {
  clearProfileCache,
  onProfileCacheChangedElsewhere,
  onProfileCacheCleared,
  readCachedProfile,
  writeCachedProfile,
} from './profile-cache';
import { sessionStore, useSession } from './session';

/**
 * The signed-in student's profile (GET /api/user/profile): speciality and subscription. Read through
 * the one-minute cache in lib/profile-cache.ts and refreshed every minute and on focus (issue 20); one request at a time per account however many components
 * ask. Trial sessions have no profile (the API answers 403 TRIAL_NOT_ALLOWED), so they never ask.
 *
 * The copy in localStorage is never trusted over the server (issue 35: a student who paid elsewhere saw «Gratis»): it
 * fills the screen at once, and the server is asked behind it the first time a page of this document shows it. What
 * an action answers (a payment's new plan) replaces it at once, here and in the browser's other open tabs.
 */

type ProfileEntry =
  | { status: 'loading' }
  /** `verified`: this document heard it from the server or an action; false for a copy read from localStorage. */
  | { status: 'ready'; profile: ProfileResponse; savedAt: number; verified: boolean }
  | { status: 'error'; error: string };

// A new object whenever the cache changes: a page waiting on a request that predates the change sees a new state,
// and asks again.
let loading: ProfileEntry = { status: 'loading' };
const entries = new Map<string, ProfileEntry>();
const inFlight = new Map<string, { generation: number; request: Promise<ProfileResponse> }>();
const listeners = new Set<() => void>();
// Bumped when the cache is cleared or replaced, so an answer that predates the change (a logout, a payment) is not cached.
let cacheGeneration = 0;

function notify() {
  for (const listener of listeners) listener();
}

function setEntry(userId: string, entry: ProfileEntry) {
  entries.set(userId, entry);
  notify();
}

function forgetAll() {
  cacheGeneration++;
  loading = { status: 'loading' };
  entries.clear();
}

onProfileCacheCleared(() => {
  forgetAll();
  notify();
});

// Another tab paid, activated a group seat or logged out: this one shows the same at once.
if (typeof window !== 'undefined') {
  onProfileCacheChangedElsewhere((stored) => {
    forgetAll();
    if (stored) entries.set(stored.userId, { status: 'ready', profile: stored.profile, savedAt: stored.savedAt, verified: true });
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is known about this account's profile now, taking a fresh localStorage copy when memory has none. */
function peek(userId: string): ProfileEntry {
  const entry = entries.get(userId);
  const now = Date.now();
  if (entry && (entry.status !== 'ready' || now - entry.savedAt < PROFILE_CACHE_MS)) return entry;
  const cached = readCachedProfile(userId, now);
  if (!cached) return loading;
  const hydrated: ProfileEntry = { status: 'ready', profile: cached, savedAt: now, verified: false };
  entries.set(userId, hydrated);
  return hydrated;
}

export interface LoadProfileOptions {
  /** Defaults to the signed-in user. */
  userId?: string;
  /** Skip the cache and ask the server. */
  fresh?: boolean;
  /** A refresh behind a profile already on screen: no loading state, and a failure keeps what is shown. */
  background?: boolean;
}

/** The profile from the cache when it is under a minute old, otherwise from the server (then cached). */
export function loadProfile(options: LoadProfileOptions = {}): Promise<ProfileResponse> {
  const user = sessionStore.getSnapshot().user;
  const userId = options.userId ?? (user && !user.isTrial ? user.id : undefined);
  if (!userId) return Promise.reject(new Error('loadProfile() needs a signed-in account (trial sessions have no profile).'));

  if (!options.fresh) {
    const entry = peek(userId);
    if (entry.status === 'ready') return Promise.resolve(entry.profile);
  }
  const generation = cacheGeneration;
  // A request sent before the cache changed (a payment) answers for the old state: this read needs a new one.
  const pending = inFlight.get(userId);
  if (pending?.generation === generation) return pending.request;

  const shown = entries.get(userId);
  const keepShown = options.background === true && shown?.status === 'ready';
  if (!keepShown) setEntry(userId, loading);
  const request = api.profile
    .profile()
    .then(
      (profile) => {
        if (generation === cacheGeneration) {
          const now = Date.now();
          writeCachedProfile(userId, profile, now);
          setEntry(userId, { status: 'ready', profile, savedAt: now, verified: true });
        }
        return profile;
      },
      (error: unknown) => {
        if (generation === cacheGeneration && !keepShown) setEntry(userId, { status: 'error', error: errorMessage(error) });
        throw error;
      },
    )
    .finally(() => {
      if (inFlight.get(userId)?.request === request) inFlight.delete(userId);
    });
  inFlight.set(userId, { generation, request });
  return request;
}

function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

export interface ProfileState {
  /** Null while loading, on error, and for trial sessions (which have none). */
  profile: ProfileResponse | null;
  loading: boolean;
  /** The server's message when loading failed. */
  error: string | null;
  /** Ask the server again, skipping the cache. */
  reload(): void;
}

const NO_ACCOUNT: ProfileEntry | null = null;

export function useProfile(): ProfileState {
  const { user } = useSession();
  const userId = user && !user.isTrial ? user.id : null;
  const entry = useSyncExternalStore(
    subscribe,
    () => (userId ? peek(userId) : NO_ACCOUNT),
    () => (userId ? peek(userId) : NO_ACCOUNT),
  );

  useEffect(() => {
    if (userId && entry?.status === 'loading') {
      loadProfile({ userId }).catch(() => {
        // The error is in the entry; the page shows it.
      });
    }
    // A copy from localStorage is shown, and the server asked behind it (issue 35).
    if (userId && entry?.status === 'ready' && !entry.verified) {
      loadProfile({ userId, fresh: true, background: true }).catch(() => {
        // The copy on screen stays; the next refresh tries again.
      });
    }
  }, [userId, entry]);

  // Never more than a minute stale (issue 20): a membership paid on the phone shows on the open laptop. Asked
  // again every minute while the page is in view, and at once when it comes back into view or focus.
  useEffect(() => {
    if (!userId) return;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      loadProfile({ userId, fresh: true, background: true }).catch(() => {
        // The profile on screen stays; the next refresh tries again.
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(refresh, PROFILE_CACHE_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);

  const reload = useCallback(() => {
    if (!userId) return;
    loadProfile({ userId, fresh: true }).catch(() => {
      // As above.
    });
  }, [userId]);

  return useMemo(
    () => ({
      profile: entry?.status === 'ready' ? entry.profile : null,
      loading: entry?.status === 'loading',
      error: entry?.status === 'error' ? entry.error : null,
      reload,
    }),
    [entry, reload],
  );
}

/** PATCH /api/user/update-speciality; the cached profile is dropped so the next read shows it. */
export async function saveSpeciality(speciality: Speciality): Promise<void> {
  await api.profile.updateSpeciality({ body: { speciality } });
  clearProfileCache();
}

/**
 * A change the server confirmed, put into the profile on screen and its cached copy without asking again (no loading
 * state, so the page keeps its place and focus). An answer already on its way predates the change: it is not cached.
 */
function patchProfile(userId: string, change: Partial<ProfileResponse>): void {
  const entry = entries.get(userId);
  if (entry?.status !== 'ready') return clearProfileCache();
  cacheGeneration++;
  const profile = { ...entry.profile, ...change };
  const now = Date.now();
  writeCachedProfile(userId, profile, now);
  setEntry(userId, { status: 'ready', profile, savedAt: now, verified: true });
}

/**
 * A payment (or a refund) the server confirmed, with the plan it left: shown at once on this page and in the browser's
 * other tabs, then asked again from the server, which has the last word (issue 35). With no profile to put it in, the
 * cache is dropped and the server asked.
 */
export function adoptSubscription(userId: string, subscriptionInfo: SubscriptionInfo): void {
  if (peek(userId).status === 'ready') patchProfile(userId, { subscriptionInfo });
  else clearProfileCache();
  loadProfile({ userId, fresh: true, background: true }).catch(() => {
    // What the action answered stays; the next read asks again.
  });
}

/** PUT /api/user/fallback-login: confirms the stored birth date and phone as a way in without the code. */
export async function saveFallbackLogin(userId: string, values: FallbackLoginBody): Promise<FallbackLogin> {
  const { fallbackLogin } = await api.profile.confirmFallbackLogin({ body: values });
  patchProfile(userId, { fallbackLogin });
  return fallbackLogin;
}

/** PUT /api/user/name (issue 20): the name changes without a code. Returns it as saved (trimmed). */
export async function saveName(name: string): Promise<string> {
  return (await api.profile.updateName({ body: { name } })).name;
}

/** POST /api/user/login-data/code: e-mails the code that a change of the birth date or phone needs. */
export async function requestLoginDataCode(): Promise<void> {
  await api.profile.requestLoginDataCode();
}

/** PUT /api/user/login-data: the new birth date and/or phone with that code; they come back confirmed. */
export async function saveLoginData(userId: string, body: LoginDataBody): Promise<FallbackLogin> {
  const { fallbackLogin } = await api.profile.changeLoginData({ body });
  patchProfile(userId, { fallbackLogin });
  return fallbackLogin;
}

/** PUT /api/user/study-settings: how many new flashcards a day the study sessions introduce. */
export async function saveStudySettings(values: StudySettings): Promise<StudySettings> {
  const saved = await api.profile.saveStudySettings({ body: values });
  clearProfileCache();
  return saved;
}

/** PUT /api/user/exam-year: the ENARM the student prepares for (the first-run screen, then the profile). */
export async function saveExamYear(examYear: number | null): Promise<void> {
  await api.profile.saveExamYear({ body: { examYear } });
  clearProfileCache();
}
