// Every documented endpoint, fed malformed input as a visitor, a trial and a student: no 5xx, no stack
// trace, always the JSON error shape with a Spanish message. The routes come from the OpenAPI document,
// so a new endpoint is covered the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { createUser, sessionCookieFor } from './test/factories.ts';

let t: TestApp;
let routes: { method: string; path: string }[];
let identities: { name: string; cookies: Record<string, string> | undefined }[];

beforeAll(async () => {
  // A high limit: this test sends hundreds of requests from one address.
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  const student = await createUser(t.database.db);
  identities = [
    { name: 'visitor', cookies: undefined },
    { name: 'trial', cookies: await sessionCookieFor(t.database.db, null) },
    { name: 'student', cookies: await sessionCookieFor(t.database.db, student) },
  ];
});
afterAll(async () => {
  await t?.close();
});

/** Path parameters filled with values a hand-typed or tampered URL might carry. */
const PARAM_VALUES = ['x', '%00', '..%2F..%2Fetc', 'a'.repeat(300), '9999999999999999999999', 'ñandú'];

const BODIES: { label: string; payload: string; contentType: string }[] = [
  { label: 'empty object', payload: '{}', contentType: 'application/json' },
  { label: 'array', payload: '[1,2,3]', contentType: 'application/json' },
  { label: 'null', payload: 'null', contentType: 'application/json' },
  { label: 'broken JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'wrong types', payload: JSON.stringify({ email: 42, userId: ['x'], questionId: {}, selectedOption: 'A', discount: -5, speciality: null, evaluation: 'x' }), contentType: 'application/json' },
  { label: 'huge strings', payload: JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, name: 'n'.repeat(20_000), questionId: 'q'.repeat(20_000) }), contentType: 'application/json' },
  { label: 'form body', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'plain text', payload: 'hola', contentType: 'text/plain' },
];

describe('every endpoint under malformed input', () => {
  it('answers without a server error, in the JSON error shape', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      // The webhook reads the raw body and checks the signature; the docs only describe themselves.
      if (route.path.startsWith('/api/docs')) continue;
      const paths = route.path.includes('{') ? PARAM_VALUES.map((value) => route.path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replaceAll('%25', '%'))) : [route.path];
      const bodies = route.method === 'GET' || route.method === 'DELETE' ? [null] : BODIES;
      for (const identity of identities) {
        for (const url of paths) {
          for (const body of bodies) {
            requests++;
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: `${url}?redirectTo=%0d%0a&discount=abc&session_id=%00`,
              ...(identity.cookies ? { cookies: identity.cookies } : {}),
              ...(body ? { payload: body.payload, headers: { 'content-type': body.contentType } } : {}),
            });
            const where = `${identity.name} ${route.method} ${url.slice(0, 80)}${body ? ` (${body.label})` : ''}`;
            if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            else if (response.statusCode >= 400) {
              const json = safeJson(response.body);
              if (!json || typeof json.errorMessage !== 'string' || typeof json.code !== 'string') failures.push(`${where}: ${response.statusCode} not the error shape: ${response.body.slice(0, 200)}`);
              else if (/\bat \S+ \(|node_modules|Error:/.test(response.body)) failures.push(`${where}: leaks internals: ${response.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});

function safeJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
