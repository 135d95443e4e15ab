import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { redirectIfSignedOut } from '../../lib/api-failure';
import { TRIAL_NOT_ALLOWED_CODE } from './texts';

/**
 * Runs a loader's call. A 401 means the session ended (another tab logged out, it expired): the person
 * logs in again and comes back to this page. A trial session has no account to buy for or group to
 * show (403 TRIAL_NOT_ALLOWED): the loader answers null and the page explains that an account is needed.
 * Any other failure reaches the route's ErrorBoundary.
 */
export async function loadForAccount<T>(request: Request, load: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  try {
    return await load(request.signal);
  } catch (error) {
    redirectIfSignedOut(error, request);
    if (error instanceof ApiError && error.status === 403 && error.code === TRIAL_NOT_ALLOWED_CODE) return null;
    throw error;
  }
}

/**
 * The server's own message when it sent one, otherwise `fallback`, which says what failed. The client's
 * generic text (a 5xx, or a failure without a body) gives way to the fallback; its network message stays.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.message !== UNEXPECTED_ERROR_MESSAGE) return error.message;
  return fallback;
}
