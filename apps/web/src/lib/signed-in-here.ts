/**
 * Whether an account (not a trial) was signed in on this browser when it last heard from the server. The landing
 * reads it before it even hydrates, so a student opening the root address goes straight to /app (issue 35, N17)
 * instead of reading the marketing page while the session check makes two round trips. A hint only: /app checks the
 * session itself, and a stale hint costs one trip to the login page, which corrects it.
 */

const SIGNED_IN_HERE_KEY = 'galeno-signed-in';

export function markSignedInHere(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HERE_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_HERE_KEY);
  } catch {
    // Storage unavailable: the landing waits for the session check instead.
  }
}

export function wasSignedInHere(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HERE_KEY) === '1';
  } catch {
    return false;
  }
}
