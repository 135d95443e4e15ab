import type { ProfileResponse } from '@galeno/domain/contracts/profile';
import { PROFILE_CACHE_MS } from '@galeno/domain/timings';

/**
 * The profile's 24-hour browser cache (spec section 7: "Cached 24 hours under a user-frontend-data key").
 * It belongs to one account: a record saved for another user id is ignored. It is small and free of zod
 * on purpose, because the session (loaded on every page) clears it on logout.
 */

export const PROFILE_CACHE_KEY = 'user-frontend-data';

interface StoredProfile {
  userId: string;
  savedAt: number;
  profile: ProfileResponse;
}

const clearListeners = new Set<() => void>();

export function readCachedProfile(userId: string, now: number = Date.now()): ProfileResponse | null {
  try {
    const raw = window.localStorage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredProfile> | null;
    if (!stored || stored.userId !== userId || typeof stored.savedAt !== 'number' || !stored.profile) return null;
    // A record from the future (a changed clock) is as untrustworthy as an old one.
    if (stored.savedAt > now || now - stored.savedAt >= PROFILE_CACHE_MS) return null;
    return stored.profile;
  } catch {
    return null;
  }
}

export function writeCachedProfile(userId: string, profile: ProfileResponse, now: number = Date.now()): void {
  try {
    const stored: StoredProfile = { userId, savedAt: now, profile };
    window.localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(stored));
  } catch {
    // Storage unavailable: the profile is fetched again next time.
  }
}

/** On logout, after a speciality save and after a payment: the next read asks the server. */
export function clearProfileCache(): void {
  try {
    window.localStorage.removeItem(PROFILE_CACHE_KEY);
  } catch {
    // Storage unavailable: nothing was cached.
  }
  for (const listener of clearListeners) listener();
}

/** lib/profile.ts keeps loaded profiles in memory too and drops them when the cache is cleared. */
export function onProfileCacheCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

/** What another tab of this browser wrote: the record it saved, or null when it dropped the cache. */
export interface ProfileElsewhere {
  userId: string;
  savedAt: number;
  profile: ProfileResponse;
}

/**
 * Another tab saved or dropped the profile (a payment, a group activation, a logout there): every open page follows it
 * at once (issue 35), instead of showing the old plan until its next refresh.
 */
export function onProfileCacheChangedElsewhere(listener: (stored: ProfileElsewhere | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key is localStorage.clear(), which drops the profile too.
    if (event.key !== PROFILE_CACHE_KEY && event.key !== null) return;
    listener(parseStored(event.key === null ? null : event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function parseStored(raw: string | null): ProfileElsewhere | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredProfile> | null;
    if (!stored || typeof stored.userId !== 'string' || typeof stored.savedAt !== 'number' || !stored.profile) return null;
    return { userId: stored.userId, savedAt: stored.savedAt, profile: stored.profile };
  } catch {
    return null;
  }
}
