import type { RouteObject } from 'react-router';
import { discountPrice, installmentPlansFor, MEMBERSHIP_MODES, oxxoAllows, PLANS, planPrice } from '@galeno/domain/plans';
import type { GroupAffiliate, GroupMembership, Quotes } from './api';

/* Test-only fixtures for the membership pages. */

/** The server's quotes for every plan and mode, with `percent` off everything but the 1-week offer. */
export function quotesWith(percent = 0, overrides: Partial<Omit<Quotes, 'quotes'>> = {}): Quotes {
  const quotes = PLANS.flatMap((plan) =>
    MEMBERSHIP_MODES.map((mode) => {
      const regularPrice = planPrice(plan.id, mode);
      const discountPercent = plan.id === '1-week' ? 0 : percent;
      const finalPrice = discountPrice(regularPrice, discountPercent);
      return {
        planId: plan.id,
        membershipMode: mode,
        regularPrice,
        discountPercent,
        finalPrice,
        unavailableReason: null,
        accessUntil: plan.duration === null ? null : '2027-05-24T18:00:00.000Z',
        installmentMonths: installmentPlansFor(finalPrice),
        oxxo: oxxoAllows(finalPrice),
      };
    }),
  );
  return {
    quotes,
    discountPercent: percent,
    currentAccessUntil: null,
    hasLifetimeAccess: false,
    pendingVouchers: [],
    freeHoursGivenUp: null,
    ...overrides,
  };
}

export function member(overrides: Partial<GroupAffiliate> & { affiliateEmail: string }): GroupAffiliate {
  return {
    id: `member-${overrides.affiliateEmail}`,
    affiliateAlias: 'Compañero',
    hasActivatedAccount: false,
    activatedAccountAt: null,
    groupMembership: 'group-1',
    invitedAt: '2026-03-10T18:00:00.000Z',
    expired: false,
    ...overrides,
  };
}

export function groupWith(members: GroupAffiliate[], overrides: Partial<GroupMembership> = {}): GroupMembership {
  return {
    id: 'group-1',
    membershipType: '1-year',
    ownerEmail: 'ana@example.com',
    isOwner: true,
    createdAt: '2026-03-10T18:00:00.000Z',
    seats: 5,
    seatsInUse: Math.min(5, 1 + members.filter((member) => !member.expired).length),
    invitesLeft: 4 - members.length,
    members,
    ...overrides,
  };
}

/** A route module mounted at `path`, with an empty fallback while its loader runs (the root layout's job in the app). */
export function routeAt(path: string, module: Omit<RouteObject, 'path' | 'index' | 'children'>): RouteObject {
  return { path, HydrateFallback: () => null, ...module } as RouteObject;
}
