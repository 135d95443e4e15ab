import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A request as the load balancer forwards it: the client's own X-Forwarded-For, then the address the balancer saw. */
function viaBalancer(url: string, spoofed: string, client: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) {
  return t!.app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': `${spoofed}, ${client}`, 'sec-fetch-site': 'same-origin' },
    remoteAddress: '10.0.0.2',
    ...(payload ? { payload } : {}),
  });
}

describe('behind one trusted proxy hop (TRUST_PROXY=1)', () => {
  it('takes the address the balancer saw: a spoofed left-most address starts no new trial budget', async () => {
    // Each request is a new device (no cookie), so the network's ceiling is what refuses.
    t = await createTestApp({ TRUST_PROXY: '1', NETWORK_DAILY_CEILING: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await viaBalancer('/api/staggered-auth/login/trial-period', `203.0.113.${i}`, '198.51.100.50');
      statuses.push(response.statusCode);
    }
    // The network's trials a day, whatever the client writes in front of the balancer's entry.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await viaBalancer('/api/staggered-auth/login/trial-period', '203.0.113.9', '198.51.100.51');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('keeps the per-IP login budget when the spoofed address changes on every request', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    let admitted = 0;
    for (let i = 0; i < 30; i++) {
      const response = await viaBalancer('/api/staggered-auth/login/birthdate', `203.0.113.${i}`, '198.51.100.60', 'POST', {
        email: `nadie${i}@example.com`,
        birthdate: '1990-01-01',
      });
      if (response.statusCode !== 429) admitted++;
    }
    expect(admitted).toBe(20);
  });
});

describe('with no proxy trusted (the default)', () => {
  it('ignores X-Forwarded-For entirely', async () => {
    t = await createTestApp({ NETWORK_DAILY_CEILING: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await viaBalancer('/api/staggered-auth/login/trial-period', `203.0.113.${i}`, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
