import type { AuthUser } from '@galeno/domain/contracts/auth';

/**
 * The account last signed in on this device (issue 41), so that the installed app opens without signal on what the
 * phone keeps (her flashcards), the server's word waiting for the signal. Forgotten on every sign-out.
 */
export const OFFLINE_ACCOUNT_KEY = 'galeno:offline-account';

export function rememberOfflineAccount(user: AuthUser): void {
  if (user.isTrial) return;
  try {
    window.localStorage.setItem(OFFLINE_ACCOUNT_KEY, JSON.stringify(user));
  } catch {
    // Storage unavailable: the app needs the signal to open.
  }
}

export function readOfflineAccount(): AuthUser | null {
  try {
    const raw = window.localStorage.getItem(OFFLINE_ACCOUNT_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<AuthUser> | null;
    return user && typeof user.id === 'string' && typeof user.name === 'string' && !user.isTrial ? (user as AuthUser) : null;
  } catch {
    return null;
  }
}

export function forgetOfflineAccount(): void {
  try {
    window.localStorage.removeItem(OFFLINE_ACCOUNT_KEY);
  } catch {
    // Nothing was kept.
  }
}
