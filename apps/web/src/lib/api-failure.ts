import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-client';

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
