import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { landingVisits } from '../../db/schema/visits.ts';
import { users } from '../../db/schema/users.ts';
import { createAffiliate } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAILS: 'staff@galeno.mx' });
  await createAffiliate(t.database.db, { shortId: 'dra-lopez', name: 'Dra. López', ownerEmail: 'lopez@example.com' });
});
afterAll(async () => {
  await t?.close();
});

const visit = (ip: string, originPath: string, agent = 'Mozilla/5.0') =>
  t.app.inject({
    method: 'POST',
    url: '/api/visits/landing',
    remoteAddress: ip,
    headers: { 'user-agent': agent },
    payload: { originPath },
  });

describe('referrals', () => {
  it('count unique visits per visitor, attribute signups and show the owner the metrics', async () => {
    await visit('200.1.1.1', '/a/dra-lopez');
    await visit('200.1.1.1', '/a/dra-lopez');
    await visit('200.2.2.2', '/a/dra-lopez');
    const rows = await t.database.db.select().from(landingVisits).where(eq(landingVisits.affiliateShortId, 'dra-lopez'));
    expect(rows.map((row) => row.timesVisited).sort()).toEqual([1, 2]);
    expect(rows.every((row) => !row.ipHash.includes('200.') && row.ipMasked.endsWith('.x.x'))).toBe(true);

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/user/signup',
      payload: {
        email: 'referida@example.com',
        name: 'Referida',
        dateOfBirth: '1999-01-01',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
        affiliateId: 'dra-lopez',
      },
    });
    const [referred] = await t.database.db.select().from(users).where(eq(users.email, 'referida@example.com'));
    expect(referred!.affiliateShortId).toBe('dra-lopez');
    expect(signup.statusCode).toBe(200);

    const owner = await createUser(t.database.db, { email: 'lopez@example.com' });
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/affiliates/metrics/dra-lopez',
      cookies: await sessionCookieFor(t.database.db, owner),
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.json()).toMatchObject({
      isDemo: false,
      uniqueVisitsCount: 2,
      visitsLast24Hours: 2,
      totalRegistrationsCount: 1,
      totalPaymentsAmount: 0,
    });
    expect(metrics.json().uniqueLinkVisits[0].ipAddress).toMatch(/^200\.\d\.x\.x$/);
  });

  it('are remembered for 30 days: a visitor who leaves the link and signs up later is credited (issue 20)', async () => {
    const landed = await visit('200.3.3.3', '/a/dra-lopez');
    const cookie = landed.cookies.find((entry) => entry.name === 'galeno_ref');
    expect(cookie).toMatchObject({ value: 'dra-lopez', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    // An unknown affiliate or any other page remembers nothing.
    expect((await visit('200.3.3.4', '/a/nadie')).cookies.find((entry) => entry.name === 'galeno_ref')).toBeUndefined();
    expect((await visit('200.3.3.4', '/')).cookies.find((entry) => entry.name === 'galeno_ref')).toBeUndefined();

    // A day later, from the plain signup page (no affiliate in the request): the cookie credits her.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/user/signup',
      cookies: { galeno_ref: cookie!.value },
      payload: { email: 'regresa@example.com', name: 'Alumna Regresa', dateOfBirth: '1999-01-01', phoneNumber: '5512345678', acceptsPrivacyNotice: true },
    });
    expect(signup.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'regresa@example.com'));
    expect(user!.affiliateShortId).toBe('dra-lopez');
  });

  it('ignore an unknown affiliate id at signup', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/user/signup',
      payload: {
        email: 'sinreferido@example.com',
        name: 'Sin Referido',
        dateOfBirth: '1999-01-01',
        phoneNumber: '5512345678',
        acceptsPrivacyNotice: true,
        affiliateId: 'no-existe',
      },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'sinreferido@example.com'));
    expect(user!.affiliateShortId).toBeNull();
  });

  it('registrations: filled only when missing, and only for the caller', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const other = await createUser(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/affiliates/registrations',
          cookies,
          payload: { affiliate: 'dra-lopez', userRegistered: other.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/affiliates/registrations',
          cookies,
          payload: { affiliate: 'dra-lopez', userRegistered: user.id },
        })
      ).json(),
    ).toEqual({ success: true });
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.affiliateShortId).toBe('dra-lopez');
  });
});

describe('permissions', () => {
  it('a non-owner, non-staff user gets 403 on real metrics; staff get them', async () => {
    const stranger = await createUser(t.database.db);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/affiliates/metrics/dra-lopez',
      cookies: await sessionCookieFor(t.database.db, stranger),
    });
    expect(refused.statusCode).toBe(403);
    const staff = await createUser(t.database.db, { email: 'staff@galeno.mx' });
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/affiliates/metrics/dra-lopez',
      cookies: await sessionCookieFor(t.database.db, staff),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('privileges tied to an address need an account that proved it with a code', async () => {
    // Someone registered the owner's and a staff address without access to those inboxes.
    const fakeOwner = await createUser(t.database.db, { email: `dueno-${Date.now()}@example.com`, verified: null });
    await createAffiliate(t.database.db, { shortId: 'dra-nueva', name: 'Dra. Nueva', ownerEmail: fakeOwner.email });
    const asFakeOwner = await t.app.inject({
      method: 'GET',
      url: '/api/affiliates/metrics/dra-nueva',
      cookies: await sessionCookieFor(t.database.db, fakeOwner),
    });
    expect(asFakeOwner.statusCode).toBe(403);
    await t.database.db.delete(users).where(eq(users.email, 'staff@galeno.mx'));
    const fakeStaff = await createUser(t.database.db, { email: 'staff@galeno.mx', verified: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/visits/metrics', cookies: await sessionCookieFor(t.database.db, fakeStaff) }))
        .statusCode,
    ).toBe(403);
    // Once the address is proved (a code login), the privileges follow.
    await t.database.db.update(users).set({ verified: new Date() }).where(eq(users.id, fakeOwner.id));
    await t.database.db.update(users).set({ verified: new Date() }).where(eq(users.id, fakeStaff.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/visits/metrics', cookies: await sessionCookieFor(t.database.db, fakeStaff) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/affiliates/metrics/dra-nueva',
          cookies: await sessionCookieFor(t.database.db, fakeOwner),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the demo affiliate shows the demo figures to any signed-in user', async () => {
    const anyone = await createUser(t.database.db);
    const demo = (
      await t.app.inject({ method: 'GET', url: '/api/affiliates/metrics/galeno', cookies: await sessionCookieFor(t.database.db, anyone) })
    ).json();
    expect(demo).toMatchObject({
      isDemo: true,
      uniqueVisitsCount: 312,
      totalRegistrationsCount: 87,
      visitsLast24Hours: 16,
      totalPaymentsAmount: 35000,
    });
    expect(demo.recentRegistrations).toHaveLength(30);
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliates/galeno' })).json()).toMatchObject({ shortId: 'galeno' });
    // Links are case-insensitive: a mixed-case link finds the same affiliate.
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliates/Galeno' })).json()).toMatchObject({ shortId: 'galeno' });
  });

  it('staff endpoints refuse non-staff', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/metrics', cookies })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliates', cookies })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/affiliates',
          cookies,
          payload: { shortId: 'nuevo', name: 'Nuevo', ownerEmail: 'n@example.com' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/metrics' })).statusCode).toBe(401);
  });

  it('staff see visits, clicks and registrations with masked IPs, and create affiliates', async () => {
    // The staff account made by the previous test.
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, 'staff@galeno.mx'));
    const cookies = await sessionCookieFor(t.database.db, staff!);
    await t.app.inject({ method: 'POST', url: '/api/visits/cta', payload: { buttonClicked: 'hero-signup' } });
    const metrics = (await t.app.inject({ method: 'GET', url: '/api/visits/metrics', cookies })).json();
    expect(metrics.daily).toHaveLength(14);
    expect(metrics.recentActivity.visits).toBeGreaterThanOrEqual(2);
    expect(metrics.topButtons[0]).toEqual({ buttonClicked: 'hero-signup', count: 1 });
    expect(metrics.allLandingVisits.every((v: { ip: string }) => v.ip.endsWith('x.x'))).toBe(true);
    expect(metrics.usersRegistered.length).toBeGreaterThan(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/affiliates',
      cookies,
      payload: { shortId: 'Dr-Ruiz', name: 'Dr. Ruiz', ownerEmail: 'ruiz@example.com', commissionRate: 0.2 },
    });
    expect(created.json()).toMatchObject({ shortId: 'dr-ruiz', commissionRate: 0.2 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/affiliates',
          cookies,
          payload: { shortId: 'dr-ruiz', name: 'Otro', ownerEmail: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(409);
  });
});
