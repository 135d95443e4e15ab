import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { redirect } from 'react-router';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-client';
import { loginPathFor } from './redirect-to';

/**
 * What a failed call means to a page, the same for every feature: nothing to show (the page moved on), log in
 * again and come back (401), the expired-membership modal (403 MEMBERSHIP_EXPIRED), or a Spanish message.
 */
export type ApiFailure =
  /** The request was cancelled (the page moved on): nothing to show. */
  | { kind: 'aborted' }
  /** 401: the session ended; the page sends the person to log in and back. */
  | { kind: 'signed-out' }
  /** 403 MEMBERSHIP_EXPIRED: the expired-membership modal. */
  | { kind: 'expired'; message: string }
  | { kind: 'message'; message: string; status: number; code: string | null };

/** `fallbackMessage` says what failed when the server sent no message of its own (or the network failed). */
export function toApiFailure(error: unknown, fallbackMessage: string): ApiFailure {
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'aborted' };
  if (!(error instanceof ApiError)) return { kind: 'message', message: fallbackMessage, status: 0, code: null };
  if (error.status === 401) return { kind: 'signed-out' };
  if (error.status === 403 && error.code === MEMBERSHIP_EXPIRED_CODE) return { kind: 'expired', message: error.message };
  // The API client fills in a generic text when the server sent no errorMessage: that is "no message".
  const message = error.message && error.message !== UNEXPECTED_ERROR_MESSAGE ? error.message : fallbackMessage;
  return { kind: 'message', message, status: error.status, code: error.code };
}

/** The login page that brings the person back to the page `request` was loading (path and query). */
export function loginRedirectFor(request: Request): Response {
  const url = new URL(request.url);
  return redirect(loginPathFor(`${url.pathname}${url.search}`));
}

/**
 * "401 → login and back", the one rule every signed-in route loader follows: a session that ended (another tab
 * logged out, it expired) sends the person to log in and return to this very page. Throws the redirect on a 401.
 */
export function redirectIfSignedOut(error: unknown, request: Request): void {
  if (error instanceof ApiError && error.status === 401) throw loginRedirectFor(request);
}

/** Runs a loader's calls under that rule; any other failure reaches the route's ErrorBoundary. */
export async function loadSignedIn<T>(request: Request, load: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await load(request.signal);
  } catch (error) {
    redirectIfSignedOut(error, request);
    throw error;
  }
}
