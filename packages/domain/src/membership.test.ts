import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addMonths,
  daysLeft,
  purchaseLinkFor,
  weeksUntilEnarm,
  daysLeftOrNull,
  extendMembership,
  FREE_ACCESS_HOURS_DEFAULT,
  freeAccessEnd,
  fromTimestamp,
  isActive,
  isTrialExpired,
  membershipAfterPlan,
  membershipBadge,
  type MembershipState,
  MONTH_DAYS,
  monthsLeft,
  toPaymentMode,
  toProfileMode,
  toTimestamp,
  TRIAL_SECONDS_DEFAULT,
  TRIAL_USER_ID,
  trialSecondsLeft,
} from './membership.ts';
import { PLAN_IDS } from './plans.ts';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const date = fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true });
const finitePlan = fc.constantFrom('1-week', '6-months', '1-year' as const);

describe('constants', () => {
  it('match the spec and decisions', () => {
    expect(MONTH_DAYS).toBe(30);
    expect(FREE_ACCESS_HOURS_DEFAULT).toBe(2);
    expect(TRIAL_SECONDS_DEFAULT).toBe(300);
    expect(TRIAL_USER_ID).toBe('TRIAL');
  });
});

describe('daysLeft', () => {
  const now = at('2026-03-01T12:00:00Z');

  it('rounds partial days up and stops at 0', () => {
    expect(daysLeft(at('2026-03-01T12:00:00.001Z'), now)).toBe(1);
    expect(daysLeft(at('2026-03-02T12:00:00Z'), now)).toBe(1);
    expect(daysLeft(at('2026-03-02T12:00:01Z'), now)).toBe(2);
    expect(daysLeft(at('2026-03-31T12:00:00Z'), now)).toBe(30);
    expect(daysLeft(now, now)).toBe(0);
    expect(daysLeft(at('2026-03-01T11:00:00Z'), now)).toBe(0);
    expect(daysLeft(at('2025-01-01T00:00:00Z'), now)).toBe(0);
  });

  it('is Infinity for lifetime, and null on the wire', () => {
    expect(daysLeft(null, now)).toBe(Number.POSITIVE_INFINITY);
    expect(daysLeftOrNull(null, now)).toBeNull();
    expect(daysLeftOrNull(at('2026-03-03T00:00:00Z'), now)).toBe(2);
  });

  it('refuses invalid dates instead of answering NaN', () => {
    expect(() => daysLeft(new Date(Number.NaN), now)).toThrow(RangeError);
    expect(() => daysLeft(now, new Date(Number.NaN))).toThrow(RangeError);
  });

  it('counts the smallest number of whole days that covers the time left', () => {
    fc.assert(
      fc.property(date, date, (end, current) => {
        const days = daysLeft(end, current);
        const remaining = end.getTime() - current.getTime();
        expect(Number.isInteger(days)).toBe(true);
        if (remaining <= 0) expect(days).toBe(0);
        else {
          expect(days * DAY_MS).toBeGreaterThanOrEqual(remaining);
          expect((days - 1) * DAY_MS).toBeLessThan(remaining);
        }
      }),
    );
  });

  it('never rises as time passes', () => {
    fc.assert(
      fc.property(date, date, fc.nat(10 * 365 * DAY_MS), (end, current, later) => {
        expect(daysLeft(end, new Date(current.getTime() + later))).toBeLessThanOrEqual(daysLeft(end, current));
      }),
    );
  });
});

describe('monthsLeft', () => {
  const now = at('2026-03-01T00:00:00Z');

  it('is daysLeft / 30 rounded down', () => {
    expect(monthsLeft(at('2026-03-30T00:00:00Z'), now)).toBe(0);
    expect(monthsLeft(at('2026-03-31T00:00:00Z'), now)).toBe(1);
    expect(monthsLeft(at('2026-08-27T00:00:00Z'), now)).toBe(5); // 179 days
    expect(monthsLeft(at('2026-08-28T00:00:00Z'), now)).toBe(6); // 180 days
    expect(monthsLeft(null, now)).toBe(Number.POSITIVE_INFINITY);
  });

  it('agrees with daysLeft for any dates', () => {
    fc.assert(
      fc.property(date, date, (end, current) => {
        const days = daysLeft(end, current);
        const months = monthsLeft(end, current);
        expect(months).toBe(Math.floor(days / MONTH_DAYS));
        expect(months * MONTH_DAYS).toBeLessThanOrEqual(days);
        expect((months + 1) * MONTH_DAYS).toBeGreaterThan(days);
      }),
    );
  });
});

describe('isActive', () => {
  const now = at('2026-03-01T00:00:00Z');

  it('is true only while the end is in the future, and always for lifetime', () => {
    expect(isActive(at('2026-03-01T00:00:01Z'), now)).toBe(true);
    expect(isActive(now, now)).toBe(false);
    expect(isActive(at('2026-02-28T00:00:00Z'), now)).toBe(false);
    expect(isActive(null, now)).toBe(true);
  });

  it('is active exactly when days are left', () => {
    fc.assert(fc.property(date, date, (end, current) => isActive(end, current) === daysLeft(end, current) > 0));
  });
});

describe('addMonths', () => {
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-08-31T23:59:59.999Z'), 6).toISOString()).toBe('2027-02-28T23:59:59.999Z');
    expect(addMonths(at('2026-03-15T10:20:30.456Z'), 12).toISOString()).toBe('2027-03-15T10:20:30.456Z');
    expect(addMonths(at('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('moves exactly the given number of calendar months and keeps the time of day', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 240 }), (start, months) => {
        const result = addMonths(start, months);
        const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
        expect(monthIndex(result) - monthIndex(start)).toBe(months);
        expect(result.getUTCDate()).toBeLessThanOrEqual(start.getUTCDate());
        expect(result.getTime() % DAY_MS).toBe(start.getTime() % DAY_MS);
      }),
    );
  });
});

describe('extendMembership', () => {
  const now = at('2026-03-10T12:00:00Z');

  it('extends from now when the membership has already ended', () => {
    expect(extendMembership(at('2026-01-01T00:00:00Z'), now, '1-week')?.toISOString()).toBe('2026-03-17T12:00:00.000Z');
    expect(extendMembership(at('2026-01-01T00:00:00Z'), now, '6-months')?.toISOString()).toBe('2026-09-10T12:00:00.000Z');
  });

  it('extends from the current end when access remains, so no day is lost', () => {
    expect(extendMembership(at('2026-04-01T08:00:00Z'), now, '1-year')?.toISOString()).toBe('2027-04-01T08:00:00.000Z');
    expect(extendMembership(at('2026-08-31T08:00:00Z'), now, '6-months')?.toISOString()).toBe('2027-02-28T08:00:00.000Z');
  });

  it('gives lifetime no end, and keeps a lifetime membership lifetime', () => {
    expect(extendMembership(at('2026-04-01T00:00:00Z'), now, 'lifetime')).toBeNull();
    for (const plan of PLAN_IDS) expect(extendMembership(null, now, plan)).toBeNull();
  });

  it('never shortens access and always reaches past now', () => {
    fc.assert(
      fc.property(date, date, finitePlan, (currentEnd, current, plan) => {
        const end = extendMembership(currentEnd, current, plan);
        expect(end).not.toBeNull();
        const endMs = (end as Date).getTime();
        expect(endMs).toBeGreaterThan(currentEnd.getTime());
        expect(endMs).toBeGreaterThan(current.getTime());
        expect(daysLeft(end, current)).toBeGreaterThanOrEqual(daysLeft(currentEnd, current));
      }),
    );
  });

  it('adds the plan length from the later of now and the current end', () => {
    fc.assert(
      fc.property(date, date, finitePlan, (currentEnd, current, plan) => {
        const start = Math.max(currentEnd.getTime(), current.getTime());
        const added = ((extendMembership(currentEnd, current, plan) as Date).getTime() - start) / DAY_MS;
        if (plan === '1-week') expect(added).toBe(7);
        const months = plan === '6-months' ? 6 : plan === '1-year' ? 12 : 0;
        if (months > 0) {
          expect(added).toBeGreaterThanOrEqual(months * 28);
          expect(added).toBeLessThanOrEqual(months * 31);
        }
      }),
    );
  });
});

describe('free access and trial', () => {
  const start = at('2026-03-10T12:00:00Z');

  it('gives a new account 2 hours', () => {
    expect(freeAccessEnd(start).toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(freeAccessEnd(start, 5).toISOString()).toBe('2026-03-10T17:00:00.000Z');
  });

  it('counts the trial down from 5 minutes', () => {
    expect(trialSecondsLeft(start, start)).toBe(300);
    expect(trialSecondsLeft(start, at('2026-03-10T12:04:59.500Z'))).toBe(1);
    expect(trialSecondsLeft(start, at('2026-03-10T12:05:00Z'))).toBe(0);
    expect(trialSecondsLeft(start, at('2026-03-11T00:00:00Z'))).toBe(0);
    expect(trialSecondsLeft(start, at('2026-03-10T12:01:00Z'), 120)).toBe(60);
  });

  it('has expired when its time is up or no start is stored', () => {
    expect(isTrialExpired(start, at('2026-03-10T12:04:00Z'))).toBe(false);
    expect(isTrialExpired(start, at('2026-03-10T12:05:00Z'))).toBe(true);
    expect(isTrialExpired(null, start)).toBe(true);
    expect(isTrialExpired(new Date(Number.NaN), start)).toBe(true);
  });
});

describe('membershipBadge', () => {
  it('names the account type and adds (Grupal) in group mode', () => {
    expect(membershipBadge('monthly', 'single')).toBe('Premium');
    expect(membershipBadge('monthly', 'individual')).toBe('Premium');
    expect(membershipBadge('monthly', 'group')).toBe('Premium (Grupal)');
    expect(membershipBadge('lifetime', 'group')).toBe('De por vida (Grupal)');
    expect(membershipBadge('free', 'individual')).toBe('Gratis');
    expect(membershipBadge('one_week', 'single')).toBe('1 Semana');
  });
});

describe('mode spellings', () => {
  it('maps payment modes to profile modes and back', () => {
    expect(toProfileMode('single')).toBe('individual');
    expect(toProfileMode('group')).toBe('group');
    expect(toProfileMode('individual')).toBe('individual');
    expect(toPaymentMode('individual')).toBe('single');
    expect(toPaymentMode('group')).toBe('group');
    expect(toPaymentMode('single')).toBe('single');
  });
});

describe('timestamps', () => {
  it('splits a date into seconds and nanoseconds', () => {
    expect(toTimestamp(at('2026-03-10T12:00:00.250Z'))).toEqual({ _seconds: 1_773_144_000, _nanoseconds: 250_000_000 });
    expect(toTimestamp(at('1969-12-31T23:59:59.500Z'))).toEqual({ _seconds: -1, _nanoseconds: 500_000_000 });
  });

  it('round-trips through fromTimestamp', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (value) => {
        const timestamp = toTimestamp(value);
        expect(timestamp._nanoseconds).toBeGreaterThanOrEqual(0);
        expect(timestamp._nanoseconds).toBeLessThan(1_000_000_000);
        expect(fromTimestamp(timestamp).getTime()).toBe(value.getTime());
      }),
    );
  });
});

describe('membershipAfterPlan', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const day = 86_400_000;
  const state = (overrides: Partial<MembershipState>): MembershipState => ({
    subscriptionType: 'monthly',
    membershipMode: 'individual',
    membershipStart: new Date('2026-01-01T00:00:00Z'),
    membershipEnd: new Date(now.getTime() + 300 * day),
    ...overrides,
  });

  it('keeps the better type and stacks the time while paid access runs', () => {
    const next = membershipAfterPlan(state({}), '1-week', 'group', now);
    expect(next.subscriptionType).toBe('monthly');
    expect(next.membershipEnd).toEqual(new Date(now.getTime() + 307 * day));
    expect(next.membershipStart).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(next.membershipMode).toBe('group');
  });

  it('upgrades a running one-week membership to the plan bought', () => {
    const next = membershipAfterPlan(
      state({ subscriptionType: 'one_week', membershipEnd: new Date(now.getTime() + 3 * day) }),
      '6-months',
      'single',
      now,
    );
    expect(next.subscriptionType).toBe('monthly');
    expect(next.membershipMode).toBe('individual');
  });

  it('starts over with the new plan once the old access has ended', () => {
    const expired = state({ subscriptionType: 'monthly', membershipMode: 'group', membershipEnd: new Date(now.getTime() - day) });
    const next = membershipAfterPlan(expired, '1-week', 'single', now);
    expect(next).toEqual({
      subscriptionType: 'one_week',
      membershipMode: 'individual',
      membershipStart: now,
      membershipEnd: new Date(now.getTime() + 7 * day),
    });
  });

  it('does not carry free hours over', () => {
    const free = state({ subscriptionType: 'free', membershipEnd: new Date(now.getTime() + 2 * 3_600_000) });
    expect(membershipAfterPlan(free, '1-week', 'single', now).membershipEnd).toEqual(new Date(now.getTime() + 7 * day));
  });

  it('keeps lifetime and makes the lifetime plan endless', () => {
    expect(membershipAfterPlan(state({ subscriptionType: 'lifetime', membershipEnd: null }), '1-week', 'single', now)).toMatchObject({
      subscriptionType: 'lifetime',
      membershipEnd: null,
    });
    expect(membershipAfterPlan(state({}), 'lifetime', 'single', now)).toMatchObject({ subscriptionType: 'lifetime', membershipEnd: null });
  });
});

describe('the purchase link and the exam countdown (issue 19)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  it('asks someone who never paid to join, a lapsed member to renew, and a member only in the last 30 days to extend', () => {
    expect(purchaseLinkFor('free', days(-1), now)).toBe('join');
    expect(purchaseLinkFor('free', days(1), now)).toBe('join');
    expect(purchaseLinkFor('monthly', days(-1), now)).toBe('renew');
    expect(purchaseLinkFor('monthly', days(364), now)).toBeNull();
    expect(purchaseLinkFor('monthly', days(30), now)).toBe('extend');
    expect(purchaseLinkFor('one_week', days(3), now)).toBe('extend');
    expect(purchaseLinkFor('lifetime', null, now)).toBeNull();
  });
  it('counts whole weeks to September 1 of the exam year, and nothing once it has begun', () => {
    expect(weeksUntilEnarm(2027, now)).toBe(40);
    expect(weeksUntilEnarm(2027, new Date('2027-08-30T12:00:00Z'))).toBe(0);
    expect(weeksUntilEnarm(2026, now)).toBeNull();
  });
});
