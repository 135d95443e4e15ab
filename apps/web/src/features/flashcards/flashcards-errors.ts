import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { toApiFailure, type ApiFailure } from '../../lib/api-failure';

/** The 403 code of a user whose access ended, from the zod-free error codes (no schemas in this chunk). */
export { MEMBERSHIP_EXPIRED_CODE };
/** 403 of a trial login: flashcards keep per-user progress, so they need an account. */
export const TRIAL_NOT_ALLOWED_CODE = 'TRIAL_NOT_ALLOWED';

export const SAVE_FAILED_MESSAGE = 'No pudimos guardar tu evaluación. Intenta nuevamente.';

export type FlashcardsFailure = ApiFailure;

export function toFlashcardsFailure(error: unknown, fallbackMessage: string): FlashcardsFailure {
  return toApiFailure(error, fallbackMessage);
}
