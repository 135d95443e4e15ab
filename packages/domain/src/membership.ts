/** Membership dates and access rules: spec sections 3, 4 and 9, and the decisions page. */

import { getPlan, MEMBERSHIP_MODE_LABELS, SUBSCRIPTION_LABELS } from './plans.ts';
import type { MembershipMode, PlanId, SubscriptionType } from './plans.ts';

/** The spec's month estimate for "months left". */
export const MONTH_DAYS = 30;
/** A new free account's access: the "2 horas adicionales" the trial overlay promises (`FREE_ACCESS_HOURS`). */
export const FREE_ACCESS_HOURS_DEFAULT = 2;
/** The trial lasts 5 minutes (`TRIAL_SECONDS`); the server ends it whatever the browser stores. */
export const TRIAL_SECONDS_DEFAULT = 300;
/** The auth user id that marks a trial session. */
export const TRIAL_USER_ID = 'TRIAL';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The profile calls the modes individual/group while payments call them single/group (spec section 3 vs 7).
 * Both spellings stay on the wire as the spec gives them; map with toProfileMode / toPaymentMode.
 */
export const PROFILE_MEMBERSHIP_MODES = ['individual', 'group'] as const;
export type ProfileMembershipMode = (typeof PROFILE_MEMBERSHIP_MODES)[number];

export function toProfileMode(mode: MembershipMode | ProfileMembershipMode): ProfileMembershipMode {
  return mode === 'group' ? 'group' : 'individual';
}

export function toPaymentMode(mode: MembershipMode | ProfileMembershipMode): MembershipMode {
  return mode === 'group' ? 'group' : 'single';
}

function assertValid(date: Date, name: string): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${name} is an invalid date`);
}

/**
 * Whole days until `end`, rounded up, never below 0 (spec section 3).
 * A null end is a lifetime membership and has Infinity days left; JSON has no Infinity,
 * so the wire uses daysLeftOrNull instead.
 */
export function daysLeft(end: Date | null, now: Date): number {
  assertValid(now, 'now');
  if (end === null) return Number.POSITIVE_INFINITY;
  assertValid(end, 'end');
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** daysLeft for the wire: null means lifetime (no end, no countdown). */
export function daysLeftOrNull(end: Date | null, now: Date): number | null {
  return end === null ? null : daysLeft(end, now);
}

/** daysLeft / 30, rounded down; Infinity for lifetime. */
export function monthsLeft(end: Date | null, now: Date): number {
  return Math.floor(daysLeft(end, now) / MONTH_DAYS);
}

/** Access is open while the end is in the future; lifetime never ends. */
export function isActive(end: Date | null, now: Date): boolean {
  assertValid(now, 'now');
  if (end === null) return true;
  assertValid(end, 'end');
  return end.getTime() > now.getTime();
}

function daysInUtcMonth(year: number, monthIndex: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, monthIndex + 1, 0);
  return lastDay.getUTCDate();
}

/**
 * Adds calendar months in UTC, keeping the time of day and clamping to the month's last day
 * (31 January + 1 month = 28/29 February, not 3 March), so a month never spills into the next one.
 * UTC keeps the result independent of the server's time zone.
 */
export function addMonths(date: Date, months: number): Date {
  assertValid(date, 'date');
  const result = new Date(date.getTime());
  const monthIndex = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), daysInUtcMonth(year, month)));
  return result;
}

/**
 * The end date after buying `planId`: access is extended from the later of now and the current end,
 * so paying early never loses days. A current null end (lifetime) stays lifetime, and the lifetime
 * plan returns null (no end).
 */
export function extendMembership(currentEnd: Date | null, now: Date, planId: PlanId): Date | null {
  assertValid(now, 'now');
  const { duration } = getPlan(planId);
  if (currentEnd === null || duration === null) return null;
  assertValid(currentEnd, 'currentEnd');
  const start = new Date(Math.max(now.getTime(), currentEnd.getTime()));
  if ('days' in duration) return new Date(start.getTime() + duration.days * DAY_MS);
  return addMonths(start, duration.months);
}

/** The stored access of an account: what a purchase or a group activation changes. */
export interface MembershipState {
  subscriptionType: SubscriptionType;
  membershipMode: ProfileMembershipMode;
  membershipStart: Date;
  /** null: lifetime. */
  membershipEnd: Date | null;
}

const TYPE_RANK: Record<SubscriptionType, number> = { free: 0, one_week: 1, monthly: 2, lifetime: 3 };

/**
 * Access after buying a plan or activating a group seat. While paid access is still running, the new
 * time stacks on it and the better type and the group mode are kept (a Premium member who takes a
 * one-week seat stays Premium). Once it has ended, or on free hours (never carried over), the new plan
 * starts now with its own type and mode.
 */
export function membershipAfterPlan(
  current: MembershipState,
  planId: PlanId,
  mode: MembershipMode | ProfileMembershipMode,
  now: Date,
): MembershipState {
  assertValid(now, 'now');
  const plan = getPlan(planId);
  const running = current.subscriptionType !== 'free' && isActive(current.membershipEnd, now);
  if (!running) {
    return {
      subscriptionType: plan.subscriptionType,
      membershipMode: toProfileMode(mode),
      membershipStart: now,
      membershipEnd: extendMembership(now, now, planId),
    };
  }
  const membershipEnd = extendMembership(current.membershipEnd, now, planId);
  const better = TYPE_RANK[plan.subscriptionType] > TYPE_RANK[current.subscriptionType] ? plan.subscriptionType : current.subscriptionType;
  return {
    subscriptionType: membershipEnd === null ? 'lifetime' : better,
    membershipMode: mode === 'group' || current.membershipMode === 'group' ? 'group' : 'individual',
    membershipStart: current.membershipStart,
    membershipEnd,
  };
}

/** The end of a free account's access once its hours start (2 hours of study from the first answer). */
export function freeAccessEnd(startedAt: Date, hours: number = FREE_ACCESS_HOURS_DEFAULT): Date {
  assertValid(startedAt, 'startedAt');
  return new Date(startedAt.getTime() + hours * HOUR_MS);
}

/**
 * A new free account keeps its hours unstarted this long (issue 19): they start with its first graded answer or
 * flashcard, so signing up at night does not spend them while the student sleeps.
 */
export const FREE_HOURS_HOLD_DAYS = 30;

/** Until the hours start, the account's access runs to this hold. */
export function freeHoursHold(signedUpAt: Date): Date {
  assertValid(signedUpAt, 'signedUpAt');
  return new Date(signedUpAt.getTime() + FREE_HOURS_HOLD_DAYS * 24 * HOUR_MS);
}

/** Whole seconds left in a trial, floor 0; a missing start means the trial is over (spec section 4). */
export function trialSecondsLeft(startedAt: Date | null, now: Date, trialSeconds: number = TRIAL_SECONDS_DEFAULT): number {
  assertValid(now, 'now');
  if (startedAt === null || Number.isNaN(startedAt.getTime())) return 0;
  const elapsedMs = now.getTime() - startedAt.getTime();
  return Math.max(0, Math.ceil((trialSeconds * 1000 - elapsedMs) / 1000));
}

/** The trial has expired once its time has passed, or when no start date is stored (spec section 4). */
export function isTrialExpired(startedAt: Date | null, now: Date, trialSeconds: number = TRIAL_SECONDS_DEFAULT): boolean {
  return trialSecondsLeft(startedAt, now, trialSeconds) === 0;
}

/** The header's account-type badge: 'Premium', 'Premium (Grupal)', 'De por vida (Grupal)'... */
export function membershipBadge(type: SubscriptionType, mode: MembershipMode | ProfileMembershipMode): string {
  const label = SUBSCRIPTION_LABELS[type];
  return mode === 'group' ? `${label} (${MEMBERSHIP_MODE_LABELS.group})` : label;
}

/** The spec's timestamps carry a `_seconds` field (spec section 3). */
export interface Timestamp {
  _seconds: number;
  _nanoseconds: number;
}

export function toTimestamp(date: Date): Timestamp {
  assertValid(date, 'date');
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return { _seconds: seconds, _nanoseconds: (ms - seconds * 1000) * 1_000_000 };
}

/** Back to a Date; precision below a millisecond is dropped, as a Date cannot hold it. */
export function fromTimestamp(timestamp: Timestamp): Date {
  return new Date(timestamp._seconds * 1000 + Math.floor(timestamp._nanoseconds / 1_000_000));
}

/** A paid membership offers "Extender" only in its last days (issue 19: no purchase link for a fresh member). */
export const EXTEND_OFFER_DAYS = 30;

/**
 * The header's purchase link (issue 19): «Hazte miembro» to someone who never paid, «Renovar membresía»
 * once a paid membership ended, «Extender membresía» in a paid one's last 30 days, and none otherwise
 * (a fresh paid membership, lifetime access).
 */
export type PurchaseLink = 'join' | 'renew' | 'extend' | null;

export const PURCHASE_LINK_LABELS: Record<NonNullable<PurchaseLink>, string> = {
  join: 'Hazte miembro',
  renew: 'Renovar membresía',
  extend: 'Extender membresía',
};

export function purchaseLinkFor(subscriptionType: SubscriptionType, end: Date | null, now: Date): PurchaseLink {
  if (subscriptionType === 'lifetime') return null;
  if (subscriptionType === 'free') return 'join';
  if (!isActive(end, now)) return 'renew';
  return end !== null && end.getTime() - now.getTime() <= EXTEND_OFFER_DAYS * 86_400_000 ? 'extend' : null;
}

/**
 * About how many weeks are left before the ENARM of `examYear` (issue 19). The CIFRHS publishes each year's
 * dates in its call; the exam has been held in September, so the count runs to September 1 of that year and
 * is always said as an estimate. Null once that September has begun or for a past year.
 */
export function weeksUntilEnarm(examYear: number, now: Date): number | null {
  const start = Date.UTC(examYear, 8, 1, 6); // 00:00 in Mexico City
  const ms = start - now.getTime();
  if (ms <= 0) return null;
  return Math.floor(ms / (7 * 86_400_000));
}
