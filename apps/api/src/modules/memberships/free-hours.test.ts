import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeHoursHold } from '@galeno/domain/membership';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, createUser, sessionCookieFor, singleQuestionContent } from '../../test/factories.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  await createSingleQuestions(t.database.db, [singleQuestionContent('q-free-001')]);
});
afterAll(async () => {
  await t?.close();
});

/** A free account as signup leaves it: hours not started, access held for 30 days. */
async function newFreeAccount(signedUpAt = new Date()) {
  return createUser(t.database.db, {
    subscriptionType: 'free',
    membershipStart: signedUpAt,
    membershipEnd: freeHoursHold(signedUpAt),
    freeHoursStartedAt: null,
  });
}

async function answer(cookies: { galeno_session: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/quiz/evaluate/question',
    cookies,
    payload: { questionId: 'q-free-001', selectedOption: 0 },
  });
}

describe('the free 2 hours', () => {
  it('start with the first graded answer, not at signup, and only once', async () => {
    // Signed up last night: the hours are still all there this morning.
    const user = await newFreeAccount(new Date(Date.now() - 10 * HOUR));
    const cookies = await sessionCookieFor(t.database.db, user);
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies })).json().subscriptionInfo;
    expect(before.freeHoursPending).toBe(true);

    expect((await answer(cookies)).statusCode).toBe(200);
    const [started] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(started!.freeHoursStartedAt).not.toBeNull();
    const left = started!.membershipEnd!.getTime() - Date.now();
    expect(left).toBeGreaterThan(1.99 * HOUR);
    expect(left).toBeLessThanOrEqual(2 * HOUR);
    const after = (await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies })).json().subscriptionInfo;
    expect(after.freeHoursPending).toBeUndefined();

    // A second answer does not move the end.
    await answer(cookies);
    const [again] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.membershipEnd!.getTime()).toBe(started!.membershipEnd!.getTime());
  });

  it('leave paid accounts and used-up hours alone', async () => {
    const paidEnd = new Date(Date.now() + 7 * 24 * HOUR);
    const paid = await createUser(t.database.db, { subscriptionType: 'one_week', membershipEnd: paidEnd, freeHoursStartedAt: null });
    await answer(await sessionCookieFor(t.database.db, paid));
    const [paidRow] = await t.database.db.select().from(users).where(eq(users.id, paid.id));
    expect(paidRow!.membershipEnd!.getTime()).toBe(paidEnd.getTime());
    expect(paidRow!.freeHoursStartedAt).toBeNull();

    // The hold ran out without a single answer: nothing restarts, and studying is refused as expired.
    const lapsed = await createUser(t.database.db, {
      subscriptionType: 'free',
      // Past the grading grace of a case left on screen (N7).
      membershipEnd: new Date(Date.now() - 11 * 60_000),
      freeHoursStartedAt: null,
    });
    const refused = await answer(await sessionCookieFor(t.database.db, lapsed));
    expect(refused.json().code).toBe('MEMBERSHIP_EXPIRED');
  });
});

describe('access that ends with a case on screen (issue 35, N7)', () => {
  it('still grades what was on screen for ten minutes, and serves nothing new', async () => {
    const MINUTE = 60_000;
    const endedMomentsAgo = await createUser(t.database.db, {
      subscriptionType: 'free',
      freeHoursStartedAt: new Date(Date.now() - 2 * HOUR - 3 * MINUTE),
      membershipEnd: new Date(Date.now() - 3 * MINUTE),
    });
    const cookies = await sessionCookieFor(t.database.db, endedMomentsAgo);
    const graded = await answer(cookies);
    expect(graded.statusCode).toBe(200);
    expect(graded.json()).toHaveProperty('correctAnswer');
    const next = await t.app.inject({ method: 'GET', url: '/api/quiz/question/random', cookies });
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('MEMBERSHIP_EXPIRED');

    const endedLongAgo = await createUser(t.database.db, { subscriptionType: 'free', membershipEnd: new Date(Date.now() - 11 * MINUTE) });
    const late = await answer(await sessionCookieFor(t.database.db, endedLongAgo));
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('MEMBERSHIP_EXPIRED');
  });
});

describe('the $19 week bought before the free hours start (issue 35, N22)', () => {
  it('is quoted as giving them up, and paying does: the week starts now and the hours never start after it', async () => {
    const user = await newFreeAccount();
    const cookies = await sessionCookieFor(t.database.db, user);
    const quotes = (await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies })).json();
    expect(quotes.freeHoursGivenUp).toBe('unstarted');

    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-checkout-session',
      cookies,
      payload: { studentId: user.id, membershipTypeSelected: '1-week', membershipMode: 'single' },
    });
    const sessionId = /local-checkout\/(local_[0-9a-f]+)/.exec(checkout.json().sessionUrl)![1]!;
    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${sessionId}/complete`, cookies });
    const [paid] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(paid!.subscriptionType).toBe('one_week');
    const days = (paid!.membershipEnd!.getTime() - Date.now()) / (24 * HOUR);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // The week over, an answer is refused as expired: the 2 hours were given up, not kept for later.
    await t.database.db
      .update(users)
      .set({ membershipEnd: new Date(Date.now() - 11 * 60_000) })
      .where(eq(users.id, user.id));
    expect((await answer(cookies)).json().code).toBe('MEMBERSHIP_EXPIRED');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.freeHoursStartedAt).toBeNull();
    const later = (await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies })).json();
    expect(later.freeHoursGivenUp).toBeNull();
  });

  it('is quoted as ending the rest of hours already running, and as nothing for a paid account', async () => {
    const running = await createUser(t.database.db, {
      subscriptionType: 'free',
      freeHoursStartedAt: new Date(Date.now() - HOUR),
      membershipEnd: new Date(Date.now() + HOUR),
    });
    const runningQuotes = await t.app.inject({
      method: 'GET',
      url: '/api/payments/quotes',
      cookies: await sessionCookieFor(t.database.db, running),
    });
    expect(runningQuotes.json().freeHoursGivenUp).toBe('running');
    const paid = await createUser(t.database.db, { subscriptionType: 'monthly', membershipEnd: new Date(Date.now() + 30 * 24 * HOUR) });
    const paidQuotes = await t.app.inject({
      method: 'GET',
      url: '/api/payments/quotes',
      cookies: await sessionCookieFor(t.database.db, paid),
    });
    expect(paidQuotes.json().freeHoursGivenUp).toBeNull();
  });
});
