import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { requestCheckout } from '../../test/checkout.ts';
import { groupMembers, payments } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_ROUTE_FACTOR: '10' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Buys a plan through the local test provider, the same fulfilment path as Stripe. */
async function buy(user: User, membershipTypeSelected: string, membershipMode: 'single' | 'group') {
  const cookies = await sessionCookieFor(t.database.db, user);
  const checkout = await requestCheckout(t, user, { membershipTypeSelected, membershipMode });
  expect(checkout.statusCode).toBe(200);
  const sessionUrl: string = checkout.json().sessionUrl;
  const path = new URL(sessionUrl).pathname;
  const page = await t.app.inject({ method: 'GET', url: path, cookies });
  expect(page.body).toContain('Modo de prueba');
  const complete = await t.app.inject({
    method: 'POST',
    url: `${path}/complete`,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(complete.statusCode).toBe(303);
  const sessionId = decodeURIComponent(/session_id=([^&]+)/.exec(complete.headers.location as string)![1]!);
  return { cookies, sessionId };
}

describe('the local test provider', () => {
  it('completes through the same fulfilment and reports it to the success page', async () => {
    // A free account with its 2 hours still running: the week starts now, the free hours are not added.
    const user = await createUser(t.database.db, { subscriptionType: 'free', membershipEnd: new Date(Date.now() + 2 * 3_600_000) });
    const { cookies, sessionId } = await buy(user, '1-week', 'single');
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies });
    expect(status.json()).toMatchObject({
      status: 'paid',
      planId: '1-week',
      amountPaid: 19,
      subscriptionInfo: { subscriptionType: 'one_week', daysLeft: 7 },
    });
    const other = await createUser(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payments/checkout-session/${sessionId}`,
          cookies: await sessionCookieFor(t.database.db, other),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the membership a purchase leaves', () => {
  it('is the plan bought once the old access has ended, not the old better type', async () => {
    const user = await createUser(t.database.db, {
      subscriptionType: 'monthly',
      membershipMode: 'group',
      membershipEnd: new Date(Date.now() - 86_400_000),
    });
    const { cookies, sessionId } = await buy(user, '1-week', 'single');
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies });
    expect(status.json()).toMatchObject({
      status: 'paid',
      subscriptionInfo: { subscriptionType: 'one_week', membershipMode: 'individual', daysLeft: 7 },
    });
  });
});

describe('purchases that would add nothing', () => {
  it('sell the one-week offer once per account', async () => {
    const user = await createUser(t.database.db, { subscriptionType: 'free', membershipEnd: new Date(Date.now() - 1000) });
    await buy(user, '1-week', 'single');
    const again = await requestCheckout(t, user, { membershipTypeSelected: '1-week' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ONE_WEEK_OFFER_USED' });
  });

  it('refuse another individual plan to a lifetime account, but still sell it a group', async () => {
    const user = await createUser(t.database.db, { subscriptionType: 'lifetime', membershipEnd: null });
    const single = await requestCheckout(t, user);
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ code: 'ALREADY_LIFETIME' });
    const group = await requestCheckout(t, user, { membershipMode: 'group' });
    expect(group.statusCode).toBe(200);
  });
});

describe('group plans', () => {
  it('accept exactly 4 of 10 concurrent invites on a fresh group', async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '6-months', 'group');
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.userId, owner.id));
    expect(paid).toMatchObject({ amountPaid: 1860, membershipMode: 'group', status: 'paid' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/group-membership/affiliates',
          cookies,
          payload: { affiliateEmail: `colega${i}-${owner.id}@example.com`, affiliateAlias: `Colega ${i}` },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'GROUP_FULL')).toBe(true);
    const group = (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json().groupMembership;
    expect(group).toMatchObject({ membershipType: '6-months', isOwner: true, seats: 5, invitesLeft: 0 });
    expect(group.members).toHaveLength(4);
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(fresh!.membershipMode).toBe('group');
  });

  it('e-mail the invitation, and activate only for the invited account', async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '1-year', 'group');
    const since = smtp.messages.length;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/affiliates',
      cookies,
      payload: { affiliateEmail: 'Colega.Invitada@Example.com', affiliateAlias: 'Colega' },
    });
    expect(invited.json()).toEqual({ success: true });
    const mail = await smtp.waitFor('colega.invitada@example.com', { since });
    // The link opens the invitation's own page, which names who invited and to what, before any sign-in.
    const memberId = /\/invitacion\/([0-9a-f-]{36})/.exec(mail.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/group-invitations/${memberId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      inviterName: owner.name.split(' ')[0],
      planId: '1-year',
      email: 'colega.invitada@example.com',
      status: 'pending',
    });
    expect(mail.subject.startsWith(`${owner.name.split(' ')[0]} te invitó`)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-invitations/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/group-invitations/nope' })).statusCode).toBe(400);

    const stranger = await createUser(t.database.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: await sessionCookieFor(t.database.db, stranger),
      payload: { email: 'colega.invitada@example.com' },
    });
    expect(refused.statusCode).toBe(403);

    // Registered but never logged in with a code: the address is not proved yet.
    const colleague = await createUser(t.database.db, { email: 'colega.invitada@example.com', membershipEnd: new Date(), verified: null });
    const colleagueCookies = await sessionCookieFor(t.database.db, colleague);
    const unproved = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: colleagueCookies,
      payload: { email: 'colega.invitada@example.com' },
    });
    expect(unproved.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    await t.database.db.update(users).set({ verified: new Date() }).where(eq(users.id, colleague.id));
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: colleagueCookies,
      payload: { email: 'colega.invitada@example.com' },
    });
    expect(activated.json()).toEqual({
      success: true,
      message: '¡Cuenta activada exitosamente!',
      membershipDetails: { membershipType: '1-year' },
    });
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, colleague.id));
    expect(fresh).toMatchObject({ subscriptionType: 'monthly', membershipMode: 'group' });
    const [member] = await t.database.db.select().from(groupMembers).where(eq(groupMembers.email, 'colega.invitada@example.com'));
    expect(member!.activatedUserId).toBe(colleague.id);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: colleagueCookies,
      payload: { email: 'colega.invitada@example.com' },
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies: colleagueCookies })).json().groupMembership,
    ).toMatchObject({ isOwner: false, membershipType: '1-year' });
  });

  it("show a member the plan and the seats in use, never the other invitees' addresses or the owner's aliases (F16)", async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '6-months', 'group');
    const member = await createUser(t.database.db);
    for (const [affiliateEmail, affiliateAlias] of [
      [member.email, 'Luis del hospital'],
      ['sofia.privada@example.com', 'Sofi'],
    ])
      await t.app.inject({ method: 'POST', url: '/api/group-membership/affiliates', cookies, payload: { affiliateEmail, affiliateAlias } });
    const memberCookies = await sessionCookieFor(t.database.db, member);
    await t.app.inject({ method: 'POST', url: '/api/group-membership/activate', cookies: memberCookies, payload: { email: member.email } });

    const seen = await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies: memberCookies });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().groupMembership).toMatchObject({ isOwner: false, membershipType: '6-months', seats: 5, seatsInUse: 3, members: [] });
    expect(seen.body).not.toMatch(/sofia\.privada|Sofi|Luis del hospital/);

    const managed = (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json().groupMembership;
    expect(managed).toMatchObject({ isOwner: true, seatsInUse: 3, invitesLeft: 2 });
    expect(
      managed.members.map((entry: { affiliateEmail: string; affiliateAlias: string }) => [entry.affiliateEmail, entry.affiliateAlias]),
    ).toEqual([
      [member.email, 'Luis del hospital'],
      ['sofia.privada@example.com', 'Sofi'],
    ]);
  });

  it('let the owner revoke (freeing the seat) or resend a pending invitation, and lapse one after 14 days (issue 20)', async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '6-months', 'group');
    const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = cookies) =>
      t.app.inject({ method, url: `/api/group-membership${url}`, cookies: as, ...(payload ? { payload } : {}) });
    for (const name of ['uno', 'dos', 'tres', 'cuatro'])
      expect((await api('POST', '/affiliates', { affiliateEmail: `${name}@example.com`, affiliateAlias: name })).statusCode).toBe(200);
    expect((await api('POST', '/affiliates', { affiliateEmail: 'cinco@example.com', affiliateAlias: 'cinco' })).json().code).toBe(
      'GROUP_FULL',
    );
    const group = (await api('GET', '')).json().groupMembership;
    expect(group.invitesLeft).toBe(0);
    const idOf = (email: string) =>
      group.members.find((member: { affiliateEmail: string }) => member.affiliateEmail === email).id as string;

    // A typo: revoked, the seat is free again, and nobody else can revoke.
    const stranger = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    expect((await api('DELETE', `/affiliates/${idOf('dos@example.com')}`, undefined, stranger)).statusCode).toBe(404);
    expect((await api('DELETE', `/affiliates/${idOf('dos@example.com')}`)).json()).toEqual({ success: true });
    expect((await api('GET', '')).json().groupMembership.invitesLeft).toBe(1);
    expect((await api('POST', '/affiliates', { affiliateEmail: 'cinco@example.com', affiliateAlias: 'cinco' })).statusCode).toBe(200);

    // Resent: another e-mail, greeting without the owner's private alias.
    const since = smtp.messages.length;
    expect((await api('POST', `/affiliates/${idOf('uno@example.com')}/resend`)).json()).toEqual({ success: true });
    const mail = await smtp.waitFor('uno@example.com', { since });
    expect(mail.text.startsWith('Hola:')).toBe(true);
    expect(mail.text).not.toContain('uno:');

    // 14 days later a pending invitation lapses: it frees its seat and cannot be activated.
    await t.database.db
      .update(groupMembers)
      .set({ createdAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(groupMembers.email, 'tres@example.com'));
    const lapsed = (await api('GET', '')).json().groupMembership;
    expect(lapsed.invitesLeft).toBe(1);
    expect(lapsed.members.find((member: { affiliateEmail: string }) => member.affiliateEmail === 'tres@example.com')).toMatchObject({
      expired: true,
    });
    const late = await createUser(t.database.db, { email: 'tres@example.com' });
    const activation = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: await sessionCookieFor(t.database.db, late),
      payload: { email: 'tres@example.com' },
    });
    expect(activation.statusCode).toBe(410);
    expect(activation.json()).toEqual({
      code: 'GROUP_INVITE_EXPIRED',
      errorMessage: 'Esta invitación venció. Pide a quien te invitó que te la envíe de nuevo.',
    });
    // Resending it starts its 14 days over (a seat is free), and then it activates.
    expect((await api('POST', `/affiliates/${idOf('tres@example.com')}/resend`)).json()).toEqual({ success: true });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/activate',
      cookies: await sessionCookieFor(t.database.db, late),
      payload: { email: 'tres@example.com' },
    });
    expect(retried.json()).toMatchObject({ success: true });
    // An activated member is no longer an invitation to revoke.
    expect((await api('DELETE', `/affiliates/${idOf('tres@example.com')}`)).json().code).toBe('GROUP_INVITE_NOT_PENDING');
    expect((await api('DELETE', '/affiliates/no-es-un-id')).statusCode).toBe(400);
  });

  it("keep the group, its payment and the members' seats when the owner's account is deleted", async () => {
    const owner = await createUser(t.database.db);
    const { cookies, sessionId } = await buy(owner, '6-months', 'group');
    await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/affiliates',
      cookies,
      payload: { affiliateEmail: 'socia@example.com', affiliateAlias: 'Socia' },
    });
    const member = await createUser(t.database.db, { email: 'socia@example.com', membershipEnd: new Date() });
    const memberCookies = await sessionCookieFor(t.database.db, member);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/group-membership/activate',
          cookies: memberCookies,
          payload: { email: 'socia@example.com' },
        })
      ).json(),
    ).toMatchObject({ success: true });

    await t.database.db.delete(users).where(eq(users.id, owner.id));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'paid', userId: null });
    const group = (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies: memberCookies })).json().groupMembership;
    expect(group).toMatchObject({ isOwner: false, membershipType: '6-months', ownerEmail: '' });
    const [seat] = await t.database.db.select().from(groupMembers).where(eq(groupMembers.email, 'socia@example.com'));
    expect(seat!.activatedUserId).toBe(member.id);
  });

  it('keep a running better plan when a member activates a seat, and start over once it has ended', async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '6-months', 'group');
    const premiumEnd = new Date(Date.now() + 300 * 86_400_000);
    const premium = await createUser(t.database.db, { subscriptionType: 'monthly', membershipEnd: premiumEnd });
    const lapsed = await createUser(t.database.db, { subscriptionType: 'one_week', membershipEnd: new Date(Date.now() - 86_400_000) });
    for (const member of [premium, lapsed]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/group-membership/affiliates',
        cookies,
        payload: { affiliateEmail: member.email, affiliateAlias: 'Colega' },
      });
      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/group-membership/activate',
        cookies: await sessionCookieFor(t.database.db, member),
        payload: { email: member.email },
      });
      expect(activated.statusCode).toBe(200);
    }
    const [stillPremium] = await t.database.db.select().from(users).where(eq(users.id, premium.id));
    expect(stillPremium).toMatchObject({ subscriptionType: 'monthly', membershipMode: 'group' });
    expect(stillPremium!.membershipEnd!.getTime()).toBeGreaterThan(premiumEnd.getTime() + 150 * 86_400_000);
    const [restarted] = await t.database.db.select().from(users).where(eq(users.id, lapsed.id));
    expect(restarted).toMatchObject({ subscriptionType: 'monthly', membershipMode: 'group' });
    expect(restarted!.membershipStart.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keep the free seats of an earlier group usable after a second group purchase', async () => {
    const owner = await createUser(t.database.db);
    const { cookies } = await buy(owner, '6-months', 'group');
    const invite = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/group-membership/affiliates',
        cookies,
        payload: { affiliateEmail: `segundo${i}-${owner.id}@example.com`, affiliateAlias: `Colega ${i}` },
      });
    expect((await invite(1)).statusCode).toBe(200);
    await buy(owner, '1-year', 'group');
    // The first group still has 3 seats: they come first, then the new group's 4.
    const first = (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json().groupMembership;
    expect(first).toMatchObject({ membershipType: '6-months', invitesLeft: 3 });
    for (const i of [2, 3, 4]) expect((await invite(i)).statusCode).toBe(200);
    const second = (await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json().groupMembership;
    expect(second).toMatchObject({ membershipType: '1-year', invitesLeft: 4 });
    expect((await invite(5)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json().groupMembership).toMatchObject({
      membershipType: '1-year',
      invitesLeft: 3,
    });
  });

  it('refuse invites without a group plan and malformed invites', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/group-membership/affiliates',
          cookies,
          payload: { affiliateEmail: 'a@example.com', affiliateAlias: 'A' },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/group-membership/affiliates',
      cookies,
      payload: { affiliateEmail: '', affiliateAlias: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-membership', cookies })).json()).toEqual({ groupMembership: null });
  });
});
