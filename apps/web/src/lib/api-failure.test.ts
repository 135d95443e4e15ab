import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { loadSignedIn, toApiFailure } from './api-failure';

const request = (url: string) => new Request(`http://localhost${url}`);

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the loaders of signed-in pages', () => {
  it('hand back what the calls load', async () => {
    await expect(loadSignedIn(request('/app/flashcards'), async () => 42)).resolves.toBe(42);
  });

  it('send a person whose session ended to log in and back to this very page, query included', async () => {
    const thrown = await thrownBy(
      loadSignedIn(request('/app/estadisticas?bank=mir'), async () => {
        throw new ApiError('Inicia sesión para continuar.', 'UNAUTHORIZED', 401);
      }),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fapp%2Festadisticas%3Fbank%3Dmir');
  });

  it('let any other failure reach the route error boundary', async () => {
    const failure = new ApiError('Algo salió mal.', 'HTTP_ERROR', 500);
    expect(await thrownBy(loadSignedIn(request('/app'), async () => Promise.reject(failure)))).toBe(failure);
  });
});

describe('what a failed call means to a page', () => {
  it('tells a cancelled request, an ended session, an expired membership and a message apart', () => {
    expect(toApiFailure(new DOMException('cancelada', 'AbortError'), 'No pudimos cargar.')).toEqual({ kind: 'aborted' });
    expect(toApiFailure(new ApiError('x', 'UNAUTHORIZED', 401), 'No pudimos cargar.')).toEqual({ kind: 'signed-out' });
    expect(toApiFailure(new ApiError('Tu membresía expiró.', 'MEMBERSHIP_EXPIRED', 403), 'No pudimos cargar.')).toEqual({
      kind: 'expired',
      message: 'Tu membresía expiró.',
    });
    expect(toApiFailure(new TypeError('fetch failed'), 'No pudimos cargar.')).toEqual({
      kind: 'message',
      message: 'No pudimos cargar.',
      status: 0,
      code: null,
    });
  });
});
