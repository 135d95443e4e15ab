import { toApiFailure, type ApiFailure } from '../../lib/api-failure';

/** Spec section 8's fallback for a failed evaluation, in Spanish: no English reaches a student (issue 13). */
export const UNKNOWN_ERROR_MESSAGE = 'Ocurrió un error desconocido. Intenta nuevamente.';

export type QuizFailure = ApiFailure;

export function toQuizFailure(error: unknown): QuizFailure {
  return toApiFailure(error, UNKNOWN_ERROR_MESSAGE);
}
