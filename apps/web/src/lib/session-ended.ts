/**
 * Why this browser's last session ended, when the student should be told and the server can say it only once: its
 * refresh answers the reason (a third device signed in) and clears the cookie with it. Kept until the next sign-in or
 * logout, so whichever page heard it, the next login page says it (issue 35: "whenever that is").
 */

export const SESSION_ENDED_KEY = 'galeno-session-ended';

export type RememberedSessionEnd = 'device_limit';

export function rememberSessionEnded(reason: RememberedSessionEnd): void {
  try {
    window.localStorage.setItem(SESSION_ENDED_KEY, reason);
  } catch {
    // Storage unavailable: only this page can tell.
  }
}

export function readSessionEnded(): RememberedSessionEnd | null {
  try {
    return window.localStorage.getItem(SESSION_ENDED_KEY) === 'device_limit' ? 'device_limit' : null;
  } catch {
    return null;
  }
}

export function forgetSessionEnded(): void {
  try {
    window.localStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
