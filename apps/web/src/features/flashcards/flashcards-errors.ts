import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';

/** The 403 code of a user whose access ended, from the zod-free error codes (no schemas in this chunk). */
export { MEMBERSHIP_EXPIRED_CODE };
/** 403 of a trial login: flashcards keep per-user progress, so they need an account. */
export const TRIAL_NOT_ALLOWED_CODE = 'TRIAL_NOT_ALLOWED';

export const SAVE_FAILED_MESSAGE = 'No pudimos guardar tu evaluación. Intenta nuevamente.';

export type FlashcardsFailure =
  | { kind: 'aborted' }
  /** 401: the session ended; the page sends the person to log in and back. */
  | { kind: 'signed-out' }
  /** 403 MEMBERSHIP_EXPIRED: the expired-membership modal. */
  | { kind: 'expired' }
  | { kind: 'message'; message: string; status: number; code: string | null };

export function toFlashcardsFailure(error: unknown, fallbackMessage: string): FlashcardsFailure {
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'aborted' };
  if (!(error instanceof ApiError)) return { kind: 'message', message: fallbackMessage, status: 0, code: null };
  if (error.status === 401) return { kind: 'signed-out' };
  if (error.status === 403 && error.code === MEMBERSHIP_EXPIRED_CODE) return { kind: 'expired' };
  // The client's generic text means the server sent no message of its own: ours says what failed.
  const message = error.message && error.message !== UNEXPECTED_ERROR_MESSAGE ? error.message : fallbackMessage;
  return { kind: 'message', message, status: error.status, code: error.code };
}
