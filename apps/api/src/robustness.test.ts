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
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_ROUTE_FACTOR: '1000' });
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
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
  {
    label: 'wrong types',
    payload: JSON.stringify({
      email: 42,
      userId: ['x'],
      questionId: {},
      selectedOption: 'A',
      discount: -5,
      speciality: null,
      evaluation: 'x',
    }),
    contentType: 'application/json',
  },
  {
    label: 'huge strings',
    payload: JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, name: 'n'.repeat(20_000), questionId: 'q'.repeat(20_000) }),
    contentType: 'application/json',
  },
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
      const paths = route.path.includes('{')
        ? PARAM_VALUES.map((value) => route.path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replaceAll('%25', '%')))
        : [route.path];
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
              if (!json || typeof json.errorMessage !== 'string' || typeof json.code !== 'string')
                failures.push(`${where}: ${response.statusCode} not the error shape: ${response.body.slice(0, 200)}`);
              else if (/\bat \S+ \(|node_modules|Error:/.test(response.body))
                failures.push(`${where}: leaks internals: ${response.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});

/** A plausible value per field name, so that the hostile part is the only thing wrong with a body. */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'ana@example.com',
  name: 'Ana López',
  dateOfBirth: '1997-06-01',
  birthdate: '1997-06-01',
  phoneNumber: '5511223344',
  acceptsPrivacyNotice: true,
  otpCode: '123456',
  affiliateEmail: 'luis@example.com',
  affiliateAlias: 'Luis',
  speciality: 'Cardiología',
  discount: 30,
};

/** Strings an attacker tries: control characters, half surrogate pairs, a right-to-left override, markup. */
const HOSTILE_STRINGS: { label: string; value: string; refused: boolean }[] = [
  { label: 'NUL', value: 'a\u0000b', refused: true },
  { label: 'NUL only', value: '\u0000', refused: true },
  { label: 'bell and escape', value: 'a\u0007\u001b[31m', refused: true },
  { label: 'DEL', value: 'a\u007f', refused: true },
  { label: 'lone high surrogate', value: 'a\ud800', refused: true },
  { label: 'lone low surrogate', value: '\udc00b', refused: true },
  { label: 'RTL override', value: 'a\u202eb', refused: false },
  { label: 'markup', value: '<script>alert(1)</script>', refused: false },
  { label: 'CRLF header injection', value: 'a@example.com\r\nBcc: x@evil.test', refused: false },
];

interface BodySchema {
  properties?: Record<string, { type?: string | string[] }>;
}

function plausibleBody(schema: BodySchema | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(schema?.properties ?? {})) {
    body[field] =
      PLAUSIBLE[field] ?? (property.type === 'number' || property.type === 'integer' ? 1 : property.type === 'boolean' ? true : 'x');
  }
  return body;
}

describe('every endpoint under hostile strings, structures and sizes', () => {
  it('refuses control characters and lone surrogates in any field, query or parameter with a Spanish 400; never a 500', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: BodySchema }> } }>>;
    };
    const student = identities.find((identity) => identity.name === 'student')!;
    const failures: string[] = [];
    let requests = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const base = plausibleBody(schema);
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const cases: { where: string; url: string; payload?: Record<string, unknown>; refused: boolean }[] = [];
        for (const hostile of HOSTILE_STRINGS) {
          // A URL carries UTF-8 bytes: a surrogate's bytes (ED A0 80) are invalid UTF-8 and decode to U+FFFD.
          const inUrl = hostile.label.includes('surrogate') ? 'a%ED%A0%80' : encodeURIComponent(hostile.value);
          const refusedInUrl = hostile.refused && !hostile.label.includes('surrogate');
          cases.push({ where: `query ${hostile.label}`, url: `${url}?q=${inUrl}`, refused: refusedInUrl });
          if (path.includes('{'))
            cases.push({ where: `param ${hostile.label}`, url: path.replace(/\{[^}]+\}/g, inUrl), refused: refusedInUrl });
          if (method === 'get' || !schema) continue;
          for (const field of Object.keys(base)) {
            const value = typeof base[field] === 'string' ? `${base[field] as string}${hostile.value}` : hostile.value;
            cases.push({ where: `body.${field} ${hostile.label}`, url, payload: { ...base, [field]: value }, refused: hostile.refused });
          }
          cases.push({ where: `body key ${hostile.label}`, url, payload: { ...base, [`k${hostile.value}`]: 1 }, refused: hostile.refused });
        }
        for (const item of cases) {
          requests++;
          const response = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: item.url,
            cookies: student.cookies!,
            ...(item.payload ? { payload: JSON.stringify(item.payload), headers: { 'content-type': 'application/json' } } : {}),
          });
          const where = `${method.toUpperCase()} ${path} ${item.where}`;
          const json = safeJson(response.body);
          if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (item.refused && (response.statusCode !== 400 || json?.code !== 'INVALID_CHARACTERS'))
            failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          else if (response.statusCode >= 400 && (typeof json?.errorMessage !== 'string' || typeof json.code !== 'string'))
            failures.push(`${where}: not the error shape`);
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers prototype keys, deep nesting and oversized bodies with a 4xx in the error shape', async () => {
    const student = identities.find((identity) => identity.name === 'student')!;
    const payloads = [
      { label: '__proto__', payload: '{"email":"ana@example.com","__proto__":{"isAdmin":true}}', expected: 400 },
      {
        label: 'constructor.prototype',
        payload: '{"email":"ana@example.com","constructor":{"prototype":{"isAdmin":true}}}',
        expected: 400,
      },
      { label: 'deep nesting', payload: `${'['.repeat(40_000)}${']'.repeat(40_000)}`, expected: 400 },
      { label: 'deep objects', payload: `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`, expected: 400 },
      { label: '1 MB string', payload: JSON.stringify({ email: 'ana@example.com', name: 'n'.repeat(1024 * 1024) }), expected: 413 },
    ];
    for (const url of [
      '/api/staggered-auth/user/signup',
      '/api/staggered-auth/request-otp',
      '/api/discount-quiz/public-discounts',
      '/api/user/fallback-login',
    ]) {
      for (const item of payloads) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          cookies: student.cookies!,
          payload: item.payload,
          headers: { 'content-type': 'application/json' },
        });
        const json = safeJson(response.body);
        expect(response.statusCode, `${url} ${item.label}`).toBeLessThan(500);
        expect(response.statusCode, `${url} ${item.label}`).toBeGreaterThanOrEqual(400);
        expect(typeof json?.errorMessage, `${url} ${item.label}`).toBe('string');
        expect(String(json?.errorMessage), `${url} ${item.label}`).not.toMatch(/[A-Z][a-z]+ [a-z]+ (property|not|is)\b/);
      }
    }
  });
});

function safeJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
