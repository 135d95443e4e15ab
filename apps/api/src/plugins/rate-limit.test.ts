import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** How many of `count` code requests from one address get past the per-route budget (10 a minute). */
async function admitted(count: number): Promise<number> {
  let passed = 0;
  for (let i = 0; i < count; i++) {
    const response = await t!.app.inject({ method: 'POST', url: '/api/staggered-auth/request-otp', payload: { email: `nadie${i}@example.com` }, remoteAddress: '198.51.100.7' });
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

  it('scale with RATE_LIMIT_ROUTE_FACTOR', async () => {
    t = await createTestApp({ RATE_LIMIT_ROUTE_FACTOR: '2' });
    expect(await admitted(25)).toBe(20);
  });
});
