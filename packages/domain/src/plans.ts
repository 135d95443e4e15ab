/** Membership plans, prices (MXN) and durations: spec section 9. */

import { formatMXN } from './format.ts';

export const PLAN_IDS = ['1-week', '6-months', '1-year', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const MEMBERSHIP_MODES = ['single', 'group'] as const;
export type MembershipMode = (typeof MEMBERSHIP_MODES)[number];

export const SUBSCRIPTION_TYPES = ['free', 'one_week', 'monthly', 'lifetime'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export interface Plan {
  id: PlanId;
  /** Spanish label shown to people: '1 Semana', '6 Meses', '1 Año', 'De por vida'. */
  title: string;
  basePrice: number;
  groupPrice: number;
  /** Length of access; null means it never ends. */
  duration: { days: number } | { months: number } | null;
  subscriptionType: SubscriptionType;
  /** The 1-week plan is sold only as the one-time offer, never in the selection list. */
  hiddenFromList: boolean;
}

// One row per plan, so the table reads like the spec's price table.
// prettier-ignore
export const PLANS: readonly Plan[] = [
  { id: '1-week', title: '1 Semana', basePrice: 19, groupPrice: 19, duration: { days: 7 }, subscriptionType: 'one_week', hiddenFromList: true },
  { id: '6-months', title: '6 Meses', basePrice: 930, groupPrice: 1860, duration: { months: 6 }, subscriptionType: 'monthly', hiddenFromList: false },
  { id: '1-year', title: '1 Año', basePrice: 1275, groupPrice: 2550, duration: { months: 12 }, subscriptionType: 'monthly', hiddenFromList: false },
  { id: 'lifetime', title: 'De por vida', basePrice: 1500, groupPrice: 3000, duration: null, subscriptionType: 'lifetime', hiddenFromList: false },
];

export const LISTED_PLANS: readonly Plan[] = PLANS.filter((plan) => !plan.hiddenFromList);

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function planPrice(id: PlanId, mode: MembershipMode): number {
  const plan = getPlan(id);
  return mode === 'group' ? plan.groupPrice : plan.basePrice;
}

/** Spec section 5: discount price = round(price − price × percent / 100). */
export function discountPrice(price: number, percent: number): number {
  return Math.round(price - (price * percent) / 100);
}

/** A group purchase buys 5 memberships at the price of 2: the owner plus at most 4 invited members. */
export const GROUP_SEATS = 5;
export const GROUP_MAX_INVITES = GROUP_SEATS - 1;
/** A pending group invitation holds its seat this long; then it lapses and the seat is free again (issue 20). */
export const GROUP_INVITE_DAYS = 14;

export const MEMBERSHIP_MODE_LABELS: Record<MembershipMode, string> = { single: 'Individual', group: 'Grupal' };

export const SUBSCRIPTION_LABELS: Record<SubscriptionType, string> = {
  free: 'Gratis',
  one_week: '1 Semana',
  monthly: 'Premium',
  lifetime: 'De por vida',
};

/** Why a completed payment was given back (it bought something already used), as the student reads it. */
export const REFUND_REASON_MESSAGES = {
  one_week_offer_used: 'La oferta de 1 semana se puede comprar una sola vez por cuenta, y ya la habías usado.',
  lifetime_already: 'Ya tenías acceso de por vida, así que esta compra no te daba nada nuevo.',
  discount_used: 'El descuento de este pago ya se había usado en otro pago, y cada descuento se usa una sola vez.',
  account_deleted: 'La cuenta de este pago se eliminó antes de que el pago llegara, así que no había a quién darle la membresía.',
} as const;
export type RefundReason = keyof typeof REFUND_REASON_MESSAGES;
export const REFUND_REASONS = Object.keys(REFUND_REASON_MESSAGES) as [RefundReason, ...RefundReason[]];

/** What a student quotes about a payment (receipt, history, factura): short, unambiguous, from its id. */
export function paymentReference(paymentId: string): string {
  return `GAL-${paymentId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}

/** How a student pays (issue 20): a card, with meses sin intereses where allowed, or cash at OXXO with a voucher. */
export const PAYMENT_METHODS = ['card', 'oxxo'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Meses sin intereses on Mexican credit cards: 3, 6, 9 or 12 monthly charges of at least 100 MXN each. */
export const INSTALLMENT_MONTHS = [3, 6, 9, 12] as const;
export const MIN_INSTALLMENT_AMOUNT = 100;

/**
 * How a payment was made, as the receipt and the success page say it (ux N21): «Tarjeta, 12 meses sin intereses de
 * $107», «Tarjeta, en una sola exhibición» or «Efectivo en OXXO».
 */
export function paymentMethodText(method: PaymentMethod, installmentMonths: number | null, amount: number): string {
  if (method === 'oxxo') return 'Efectivo en OXXO';
  if (installmentMonths !== null && installmentMonths > 1) {
    return `Tarjeta, ${installmentMonths} meses sin intereses de ${formatMXN(Math.ceil(amount / installmentMonths))}`;
  }
  return 'Tarjeta, en una sola exhibición';
}

/** The installment plans an amount allows; none below 300 MXN. */
export function installmentPlansFor(amount: number): number[] {
  return INSTALLMENT_MONTHS.filter((months) => amount >= months * MIN_INSTALLMENT_AMOUNT);
}

/** An OXXO voucher is payable for this many days; OXXO takes cash payments of 10 to 10,000 MXN. */
export const OXXO_VOUCHER_DAYS = 3;
export const OXXO_MIN_AMOUNT = 10;
export const OXXO_MAX_AMOUNT = 10_000;

export function oxxoAllows(amount: number): boolean {
  return amount >= OXXO_MIN_AMOUNT && amount <= OXXO_MAX_AMOUNT;
}

/** Why a plan cannot be bought by this student now (the server refuses it; the pages do not offer it). */
export const UNAVAILABLE_PLAN_REASONS = ['one_week_offer_used', 'lifetime_already'] as const;
export type UnavailablePlanReason = (typeof UNAVAILABLE_PLAN_REASONS)[number];
