import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_EXPIRED_CODE as CONTRACT_CODE } from '@galeno/domain/contracts/quiz';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { MEMBERSHIP_EXPIRED_CODE, toFlashcardsFailure } from './flashcards-errors';

describe('toFlashcardsFailure', () => {
  it('uses the contract’s expired-membership code', () => {
    expect(MEMBERSHIP_EXPIRED_CODE).toBe(CONTRACT_CODE);
  });

  it('sorts failures into what the page does about them', () => {
    const fallback = 'No pudimos guardar tu evaluación.';
    expect(toFlashcardsFailure(new ApiError('Inicia sesión', 'UNAUTHORIZED', 401), fallback)).toEqual({ kind: 'signed-out' });
    expect(toFlashcardsFailure(new ApiError('Expiró', MEMBERSHIP_EXPIRED_CODE, 403), fallback)).toEqual({
      kind: 'expired',
      message: 'Expiró',
    });
    expect(toFlashcardsFailure(new DOMException('stop', 'AbortError'), fallback)).toEqual({ kind: 'aborted' });
    expect(toFlashcardsFailure(new ApiError('La guía no existe.', 'NOT_FOUND', 404), fallback)).toEqual({
      kind: 'message',
      message: 'La guía no existe.',
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(toFlashcardsFailure(new ApiError(UNEXPECTED_ERROR_MESSAGE, 'INTERNAL', 500), fallback)).toMatchObject({ message: fallback });
    expect(toFlashcardsFailure(new Error('boom'), fallback)).toMatchObject({ kind: 'message', message: fallback, status: 0 });
  });
});
