import type { z } from 'zod';
import { API_ROUTES, type ApiRoutes } from '@galeno/domain/api-routes/index';
import { fillPath } from '@galeno/domain/api-routes/define';
import type { ApiContracts } from '@galeno/domain/contracts/api';
import { apiFetch } from './api-client';

/*
 * The typed API client (issue 36, F2): `api.simulacros.start({ body })` calls the route the manifest names, with the
 * method and path the server registered it from, and is typed by that route's contract. The contracts arrive as
 * types only, so no zod reaches the page's bundle.
 */

type Input<C> = (C extends { readonly params: z.ZodType } ? { params: z.input<C['params']> } : { params?: never }) &
  (C extends { readonly query: z.ZodType } ? { query: z.input<C['query']> } : { query?: never }) &
  (C extends { readonly body: z.ZodType } ? { body: z.input<C['body']> } : { body?: never }) & { signal?: AbortSignal };

type Output<C> = C extends { readonly response: z.ZodType } ? z.output<C['response']> : void;

/** A call whose input is all optional may be made without one. */
type Call<C> = Record<never, never> extends Input<C> ? (input?: Input<C>) => Promise<Output<C>> : (input: Input<C>) => Promise<Output<C>>;

export type ApiClient = {
  readonly [A in keyof ApiRoutes]: { readonly [N in keyof ApiRoutes[A] & keyof ApiContracts[A]]: Call<ApiContracts[A][N]> };
};

/** The query string of a call: undefined values are left out, arrays repeat their key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type AnyInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };

function client(): ApiClient {
  const areas: Record<string, Record<string, (input?: AnyInput) => Promise<unknown>>> = {};
  for (const [area, routes] of Object.entries(API_ROUTES)) {
    const calls: Record<string, (input?: AnyInput) => Promise<unknown>> = {};
    for (const [name, { method, path }] of Object.entries(routes as Record<string, { method: string; path: string }>)) {
      calls[name] = (input = {}) =>
        apiFetch(fillPath(path, input.params) + queryString(input.query), {
          method,
          ...(input.body !== undefined ? { json: input.body } : {}),
          ...(input.signal ? { signal: input.signal } : {}),
        });
    }
    areas[area] = calls;
  }
  return areas as unknown as ApiClient;
}

export const api: ApiClient = client();
