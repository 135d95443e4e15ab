import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { toQuizFailure, UNKNOWN_ERROR_MESSAGE } from './quiz-errors';

describe('toQuizFailure', () => {
  it("keeps the spec's exact fallback text", () => {
    expect(UNKNOWN_ERROR_MESSAGE).toBe('Ocurrió un error desconocido. Intenta nuevamente.');
  });

  it("shows the server's message", () => {
    expect(toQuizFailure(new ApiError('La opción elegida no existe en esta pregunta.', 'OPTION_OUT_OF_RANGE', 400))).toEqual({
      kind: 'message',
      message: 'La opción elegida no existe en esta pregunta.',
      status: 400,
      code: 'OPTION_OUT_OF_RANGE',
    });
    expect(toQuizFailure(new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0))).toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });

  it("falls back to 'Ocurrió un error desconocido. Intenta nuevamente.' without a server message or for a non-API error", () => {
    expect(toQuizFailure(new ApiError(UNEXPECTED_ERROR_MESSAGE, 'HTTP_ERROR', 502))).toMatchObject({
      kind: 'message',
      message: UNKNOWN_ERROR_MESSAGE,
    });
    expect(toQuizFailure(new TypeError('x is undefined'))).toMatchObject({ kind: 'message', message: UNKNOWN_ERROR_MESSAGE });
  });

  it('recognises an ended session, an expired membership and a cancelled request', () => {
    expect(toQuizFailure(new ApiError('Inicia sesión', 'UNAUTHENTICATED', 401))).toEqual({ kind: 'signed-out' });
    expect(toQuizFailure(new ApiError('Tu membresía ha expirado.', 'MEMBERSHIP_EXPIRED', 403))).toEqual({
      kind: 'expired',
      message: 'Tu membresía ha expirado.',
    });
    expect(toQuizFailure(new ApiError('No puedes.', 'NOT_YOUR_DATA', 403))).toMatchObject({ kind: 'message', message: 'No puedes.' });
    expect(toQuizFailure(new DOMException('aborted', 'AbortError'))).toEqual({ kind: 'aborted' });
  });
});
