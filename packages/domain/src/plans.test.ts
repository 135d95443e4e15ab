import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  discountPrice,
  getPlan,
  GROUP_MAX_INVITES,
  GROUP_SEATS,
  LISTED_PLANS,
  MEMBERSHIP_MODE_LABELS,
  PLAN_IDS,
  PLANS,
  planPrice,
  SUBSCRIPTION_LABELS,
} from './plans.ts';
import type { PlanId } from './plans.ts';

describe('plans', () => {
  it('holds the spec price table (single / group, MXN)', () => {
    const table = Object.fromEntries(PLANS.map((plan) => [plan.id, [plan.basePrice, plan.groupPrice]]));
    expect(table).toEqual({ '1-week': [19, 19], '6-months': [930, 1860], '1-year': [1275, 2550], lifetime: [1500, 3000] });
  });

  it('gives each plan its duration and subscription type', () => {
    expect(getPlan('1-week')).toMatchObject({ title: '1 Semana', duration: { days: 7 }, subscriptionType: 'one_week' });
    expect(getPlan('6-months')).toMatchObject({ title: '6 Meses', duration: { months: 6 }, subscriptionType: 'monthly' });
    expect(getPlan('1-year')).toMatchObject({ title: '1 Año', duration: { months: 12 }, subscriptionType: 'monthly' });
    expect(getPlan('lifetime')).toMatchObject({ title: 'De por vida', duration: null, subscriptionType: 'lifetime' });
  });

  it('keeps the 1-week offer out of the selection list', () => {
    expect(LISTED_PLANS.map((plan) => plan.id)).toEqual(['6-months', '1-year', 'lifetime']);
    expect(PLAN_IDS).toEqual(PLANS.map((plan) => plan.id));
  });

  it('throws on an unknown plan id', () => {
    expect(() => getPlan('2-years' as PlanId)).toThrow('Unknown plan 2-years');
  });

  it('prices by mode', () => {
    expect(planPrice('1-year', 'single')).toBe(1275);
    expect(planPrice('1-year', 'group')).toBe(2550);
    expect(planPrice('1-week', 'group')).toBe(19);
  });

  it('sells a group as 5 seats at the price of 2: the owner plus 4 invites', () => {
    expect(GROUP_SEATS).toBe(5);
    expect(GROUP_MAX_INVITES).toBe(4);
    for (const plan of PLANS.filter((candidate) => candidate.id !== '1-week')) expect(plan.groupPrice).toBe(plan.basePrice * 2);
  });

  it('labels modes and subscription types in Spanish', () => {
    expect(MEMBERSHIP_MODE_LABELS).toEqual({ single: 'Individual', group: 'Grupal' });
    expect(SUBSCRIPTION_LABELS).toEqual({ free: 'Gratis', one_week: '1 Semana', monthly: 'Premium', lifetime: 'De por vida' });
  });
});

describe('discountPrice', () => {
  const price = fc.integer({ min: 0, max: 1_000_000 });
  const percent = fc.double({ min: 0, max: 100, noNaN: true });

  it('rounds price − price × percent / 100', () => {
    expect(discountPrice(1275, 30)).toBe(893);
    expect(discountPrice(1275, 50)).toBe(638);
    expect(discountPrice(1500, 80)).toBe(300);
    expect(discountPrice(930, 80)).toBe(186);
  });

  it('stays within [0, price]', () => {
    fc.assert(
      fc.property(price, percent, (p, pct) => {
        const result = discountPrice(p, pct);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(p);
      }),
    );
  });

  it('never rises as the percent grows', () => {
    fc.assert(
      fc.property(price, percent, percent, (p, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discountPrice(p, high)).toBeLessThanOrEqual(discountPrice(p, low));
      }),
    );
  });

  it('is the price at 0% and free at 100%', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(discountPrice(p, 0)).toBe(p);
        expect(discountPrice(p, 100)).toBe(0);
      }),
    );
  });
});
