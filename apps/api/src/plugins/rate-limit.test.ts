import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** How many of `count` code requests from one address (or from each address in turn) get past the per-route budget (10 a minute). */
async function admitted(count: number, addresses = ['198.51.100.7']): Promise<number> {
  let passed = 0;
  for (let i = 0; i < count; i++) {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/request-otp',
      payload: { email: `nadie${i}@example.com` },
      remoteAddress: addresses[i % addresses.length]!,
    });
    if (response.statusCode !== 429) passed++;
    else expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  }
  return passed;
}

describe('per-route budgets', () => {
  it('hold a route to its own limit per address', async () => {
    t = await createTestApp();
    expect(await admitted(15)).toBe(10);
  });

  it('count an IPv6 client per /64: every address of one /64 spends one budget, another /64 has its own', async () => {
    t = await createTestApp();
    expect(await admitted(15, ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9'])).toBe(10);
    expect(await admitted(3, ['2001:db8:1:3::1'])).toBe(3);
  });

  it('scale with RATE_LIMIT_ROUTE_FACTOR', async () => {
    t = await createTestApp({ RATE_LIMIT_ROUTE_FACTOR: '2' });
    expect(await admitted(25)).toBe(20);
  });
});

/** Spellings of one address that a client may try; some reach the route, the rest must not reach anything. */
function spellingsOf(path: string): string[] {
  const tail = path.replace(/^\/api\//, '');
  return [
    path,
    `/%61pi/${tail}`,
    `/%61%70%69/${tail}`,
    path.replace(/e/, '%65'),
    path.replace(/e/, '%65').replace(/a/, '%41'),
    `${path}?x=1`,
    `${path}?utm=${Math.random()}`,
    `${path}/`,
    `/${path}`,
    path.replace('/api/', '/api//'),
    path.toUpperCase(),
    path.replace('/api/', '/Api/'),
  ];
}

describe('a limit belongs to the route a request reaches, however its URL is spelled', () => {
  it('spends one budget across every spelling of the code request (10 a minute)', async () => {
    t = await createTestApp();
    const spellings = spellingsOf('/api/staggered-auth/request-otp');
    let reached = 0;
    let limited = 0;
    for (let i = 0; i < 60; i++) {
      const url = spellings[i % spellings.length]!;
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: `nadie${i}@example.com` },
        remoteAddress: '198.51.100.9',
      });
      const code = response.json().code as string;
      if (code === 'RATE_LIMITED') limited++;
      else if (code === 'USER_NOT_FOUND') reached++;
    }
    expect(reached).toBe(10);
    expect(limited).toBeGreaterThan(0);
  });

  it('gives the percent-encoded spelling of the review the same 429s as /api/...', async () => {
    t = await createTestApp();
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/%61pi/staggered-auth/login/birthdate',
        payload: { email: `nadie${i}@example.com`, birthdate: '1990-01-01', phoneNumber: '5512345678' },
        remoteAddress: '198.51.100.10',
      });
      codes.push(response.statusCode);
    }
    // The login routes allow 20 a minute per address; everything after that is refused.
    expect(codes.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(codes.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('makes the misspelled login/opt alias share login/otp’s budget', async () => {
    t = await createTestApp();
    let reached = 0;
    for (let i = 0; i < 40; i++) {
      const url = i % 2 === 0 ? '/api/staggered-auth/login/otp' : '/api/staggered-auth/login/opt';
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: `nadie${i}@example.com`, otpCode: '123456' },
        remoteAddress: '198.51.100.11',
      });
      if (response.statusCode !== 429) reached++;
    }
    expect(reached).toBe(20);
  });

  it('leaves spellings that reach no route unserved (never a handler without its limit)', async () => {
    t = await createTestApp();
    for (const url of [
      '//api/staggered-auth/request-otp',
      '/api/staggered-auth/request-otp/',
      '/API/staggered-auth/request-otp',
      '/api//staggered-auth/request-otp',
    ]) {
      const response = await t.app.inject({ method: 'POST', url, payload: { email: 'nadie@example.com' }, remoteAddress: '198.51.100.12' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).not.toBe('USER_NOT_FOUND');
    }
  });
});
