import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUser, sessionCookieFor } from '../test/factories.ts';
import { CROSS_SITE_WRITE_MESSAGE, JSON_REQUIRED_MESSAGE } from './same-origin-writes.ts';

// Plain http: the test's session cookie is the development one (https would want the __Host- cookie).
const APP_ORIGIN = 'http://galeno.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN });
});
afterAll(async () => {
  await t?.close();
});

async function signedIn() {
  const cookies = await sessionCookieFor(t.database.db, await createUser(t.database.db));
  const stillSignedIn = async () => (await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies })).statusCode === 200;
  return { cookies, stillSignedIn };
}

/** The "simple" requests any page may send without a preflight: what a forged form or a no-cors fetch can post. */
const SIMPLE_BODIES = [
  { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: '{"x":1}' },
  { label: 'form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'x=1' },
  {
    label: 'multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\ncontent-disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
  },
];

const WRITES = ['/api/staggered-auth/logout-all', '/api/staggered-auth/account/delete-code', '/api/user/login-data/code'];

describe('state-changing API requests come from our own pages only', () => {
  it('refuses text/plain, form and multipart posts from a foreign origin (403), and the session is untouched', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    for (const url of WRITES)
      for (const body of SIMPLE_BODIES)
        for (const site of [{ origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.test' }]) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            cookies,
            headers: { ...body.headers, ...site },
            payload: body.payload,
          });
          expect(response.statusCode, `${url} ${body.label}`).toBe(403);
          expect(response.json()).toEqual({ code: 'CROSS_SITE_REQUEST', errorMessage: CROSS_SITE_WRITE_MESSAGE });
        }
    expect(await stillSignedIn()).toBe(true);
  });

  it('refuses a sibling subdomain (same-site) even with JSON, and a foreign Origin without fetch metadata', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    for (const headers of [
      { 'content-type': 'application/json', origin: 'http://otro.galeno.example', 'sec-fetch-site': 'same-site' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', origin: 'null' },
      { 'content-type': 'application/json', origin: 'https://galeno.example' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/staggered-auth/logout-all', cookies, headers, payload: '{}' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await stillSignedIn()).toBe(true);
  });

  it('wants JSON from our own pages too, body or not: anything else is 415 in Spanish', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    const own = { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' };
    for (const url of WRITES) {
      for (const body of SIMPLE_BODIES) {
        const response = await t.app.inject({ method: 'POST', url, cookies, headers: { ...body.headers, ...own }, payload: body.payload });
        expect(response.statusCode, `${url} ${body.label}`).toBe(415);
        expect(response.json()).toEqual({ code: 'JSON_REQUIRED', errorMessage: JSON_REQUIRED_MESSAGE });
      }
      // A browser's body-less post that declares nothing.
      expect((await t.app.inject({ method: 'POST', url, cookies, headers: own })).statusCode).toBe(415);
    }
    expect(await stillSignedIn()).toBe(true);
  });

  it('takes a body-less JSON post from our own page, as the web client sends it', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/logout-all',
      cookies,
      headers: { 'content-type': 'application/json', origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(false);
  });

  it('takes our page served from another address of the same server (a phone on the LAN), and nobody else posting there', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    const json = { 'content-type': 'application/json', host: '192.0.2.10:3000' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/logout-all',
      cookies,
      headers: { ...json, origin: 'http://evil.test' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(true);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/logout-all',
      cookies,
      headers: { ...json, origin: 'http://192.0.2.10:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(false);
  });

  it('lets a script outside a browser (no Origin, no fetch metadata) post without a body, and leaves reads and the signed webhook alone', async () => {
    const { cookies, stillSignedIn } = await signedIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/staggered-auth/logout-all', cookies })).statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(false);
    // Reads are not state-changing: a foreign page's GET gets what it always got.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    // The webhook is judged by Stripe's signature (here: no Stripe configured, so not found), never by these rules.
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });
});
