import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE, sendBeacon } from './api-client';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends cookies and a JSON body, and returns the parsed JSON', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/thing', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('declares JSON on a state-changing request without a body (the API refuses anything else), never on a read', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    for (const method of ['POST', 'DELETE', 'put']) await apiFetch('/api/thing', { method });
    await apiFetch('/api/thing');
    const contentTypes = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('content-type'));
    expect(contentTypes).toEqual(['application/json', 'application/json', 'application/json', null]);
    expect(fetchMock.mock.calls.every(([, init]) => init?.body == null)).toBe(true);
  });

  it("throws the server's errorMessage and code as an ApiError", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ errorMessage: 'Correo no válido', code: 'VALIDATION_ERROR' }, 400)));
    const error = await apiFetch('/api/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Correo no válido', code: 'VALIDATION_ERROR', status: 400 });
  });

  it('turns a network failure into a Spanish connection message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('sendBeacon', () => {
  it('never throws, even when every transport fails', () => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new Error('blocked');
      },
      configurable: true,
      writable: true,
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(() => sendBeacon('/api/visits/cta', { buttonClicked: 'x' })).not.toThrow();
  });
});
