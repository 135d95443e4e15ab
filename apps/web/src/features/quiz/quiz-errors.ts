import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';

/** Spec section 8's fallback for a failed evaluation, in Spanish: no English reaches a student (issue 13). */
export const UNKNOWN_ERROR_MESSAGE = 'Ocurrió un error desconocido. Intenta nuevamente.';

export type QuizFailure =
  /** The request was cancelled (the page moved on): nothing to show. */
  | { kind: 'aborted' }
  /** 401: the session ended; the page sends the person to log in and back. */
  | { kind: 'signed-out' }
  /** 403 MEMBERSHIP_EXPIRED: the expired-membership modal. */
  | { kind: 'expired'; message: string }
  | { kind: 'message'; message: string; status: number; code: string | null };

export function toQuizFailure(error: unknown): QuizFailure {
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'aborted' };
  if (!(error instanceof ApiError)) return { kind: 'message', message: UNKNOWN_ERROR_MESSAGE, status: 0, code: null };
  if (error.status === 401) return { kind: 'signed-out' };
  if (error.status === 403 && error.code === MEMBERSHIP_EXPIRED_CODE) return { kind: 'expired', message: error.message };
  // The API client fills in a generic text when the server sent no errorMessage: that is "no message".
  const message = error.message && error.message !== UNEXPECTED_ERROR_MESSAGE ? error.message : UNKNOWN_ERROR_MESSAGE;
  return { kind: 'message', message, status: error.status, code: error.code };
}
