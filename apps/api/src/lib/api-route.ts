import type { FastifyInstance } from 'fastify';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import { API_ROUTES, type ApiArea, type ApiRoutes } from '@galeno/domain/api-routes/index';
import { API_CONTRACTS, type ApiContracts } from '@galeno/domain/contracts/api';

/** Every failure answers `{ errorMessage, code }` (one error path). */
const ERRORS = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  410: ErrorResponseSchema,
  422: ErrorResponseSchema,
  429: ErrorResponseSchema,
  502: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

type Part<C, K extends string> = C extends { readonly [P in K]: infer S } ? S : undefined;

/**
 * A route's method, URL and schema from the route manifest (issue 36, F2), for `app.route({ ...apiRoute(app, area,
 * name), handler })`. The URL is the manifest's full path less the plugin's prefix; registering a route under a
 * prefix its path does not start with is a programming error, found at boot.
 */
export function apiRoute<A extends ApiArea, N extends keyof ApiRoutes[A] & keyof ApiContracts[A] & string>(
  app: FastifyInstance,
  area: A,
  name: N,
) {
  const { method, path } = (API_ROUTES[area] as Record<string, { method: string; path: string }>)[name]!;
  const contract = (API_CONTRACTS[area] as Record<string, Record<string, unknown>>)[name]!;
  if (!path.startsWith(app.prefix)) throw new Error(`${area}.${name} (${path}) is registered under ${app.prefix}`);
  const url = path.slice(app.prefix.length);
  type C = ApiContracts[A][N];
  const schema = {
    tags: [area],
    params: contract.params as Part<C, 'params'>,
    querystring: contract.query as Part<C, 'query'>,
    body: contract.body as Part<C, 'body'>,
    response: { 200: contract.response as Part<C, 'response'>, ...ERRORS },
  };
  // A part the contract leaves out is left out of the schema (fastify would compile an undefined one).
  for (const key of ['params', 'querystring', 'body'] as const) if (schema[key] === undefined) delete schema[key];
  if (schema.response[200] === undefined) delete (schema.response as Partial<typeof schema.response>)[200];
  return { method: method as ApiRoutes[A][N] extends { method: infer M } ? M : never, url, schema };
}
