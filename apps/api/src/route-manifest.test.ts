import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { API_CONTRACTS } from '@galeno/domain/contracts/api';
import { createTestApp, type TestApp } from './test/app.ts';

/** Every route the server registers, as the API documentation lists them (method and fastify-style path, no trailing slash). */
async function registeredRoutes(t: TestApp): Promise<Set<string>> {
  const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const routes = new Set<string>();
  for (const [path, methods] of Object.entries(docs.paths)) {
    for (const method of Object.keys(methods)) routes.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`);
  }
  return routes;
}

const manifest = Object.entries(API_ROUTES).flatMap(([area, routes]) =>
  Object.entries(routes as Record<string, { method: string; path: string }>).map(([name, route]) => ({ area, name, ...route })),
);

// The route manifest (issue 36, F2): the server registers exactly the routes it names, so the page, which calls
// through it, cannot call a route that is not there or with the wrong method.
describe('the route manifest', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('names every route the server registers, and the server registers every route it names', async () => {
    const registered = await registeredRoutes(t);
    const named = new Set(manifest.map(({ method, path }) => `${method} ${path}`));
    expect([...registered].filter((route) => !named.has(route)).sort(), 'registered but not in the manifest').toEqual([]);
    expect([...named].filter((route) => !registered.has(route)).sort(), 'in the manifest but not registered').toEqual([]);
  });

  it('gives every named route a contract, and no two names the same route', () => {
    for (const { area, name } of manifest) expect((API_CONTRACTS as Record<string, Record<string, unknown>>)[area]?.[name], `${area}.${name}`).toBeDefined();
    const routes = manifest.map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBe(new Set(routes).size);
  });
});
