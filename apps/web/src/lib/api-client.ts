/**
 * The one way the page talks to the API. The server answers every failure with
 * `{ errorMessage, code }` (ARCHITECTURE.md, "One error path"); this client turns that into an ApiError
 * whose message is already Spanish and safe to show in a toast or inline.
 */

export const NETWORK_ERROR_MESSAGE = 'No pudimos conectar con el servidor. Revisa tu conexión e intenta nuevamente.';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** The server's error code ('VALIDATION_ERROR', 'RATE_LIMITED'...), or NETWORK_ERROR / HTTP_ERROR. */
    readonly code: string,
    /** HTTP status; 0 when the request never reached the server. */
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The fetch the client sends through: the page's own, or, while the server pre-renders a signed-in page, the one the
 * API gives for that request (prerender.tsx: it answers from the API itself, with the request's session).
 */
let currentFetch: () => typeof fetch = () => fetch;

/** For the server's pre-rendering only (prerender.tsx). */
export function setFetchProvider(provider: () => typeof fetch): void {
  currentFetch = provider;
}

export interface ApiRequestInit extends RequestInit {
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    requestHeaders.set('content-type', 'application/json');
    body = JSON.stringify(json);
  } else if (body == null && !['GET', 'HEAD'].includes((rest.method ?? 'GET').toUpperCase())) {
    // The API takes a state-changing request only as JSON, body or not (a forged form cannot send it).
    requestHeaders.set('content-type', 'application/json');
  }

  let response: Response;
  try {
    response = await currentFetch()(path, { ...rest, body, headers: requestHeaders, credentials: 'include' });
  } catch (error) {
    // A caller that aborts (a page unmounting) expects its own AbortError back, not a connection message.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const { errorMessage, code } = (payload ?? {}) as { errorMessage?: unknown; code?: unknown };
    throw new ApiError(
      typeof errorMessage === 'string' && errorMessage ? errorMessage : UNEXPECTED_ERROR_MESSAGE,
      typeof code === 'string' && code ? code : 'HTTP_ERROR',
      response.status,
    );
  }
  return payload as T;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Fire-and-forget POST for tracking: survives the page navigating away and never throws, because a
 * lost visit or click must never get in a person's way.
 */
export function sendBeacon(path: string, body: unknown): void {
  try {
    const payload = JSON.stringify(body);
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(path, new Blob([payload], { type: 'application/json' }))) return;
    }
    fetch(path, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Tracking is best effort.
  }
}
