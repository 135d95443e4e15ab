import { discountPrice, GROUP_SEATS, planPrice, type MembershipMode, type Plan, type PlanId } from '@galeno/domain/plans';
import type { Quote } from './api';

/** `mode=group` chooses group plans; anything else, or nothing, is single (spec: membership purchase). */
export function parseMode(value: string | null): MembershipMode {
  return value === 'group' ? 'group' : 'single';
}

/**
 * The `discount` query value, a percentage without the % sign ('30'). Only a hint of what the person
 * expects to see: the prices shown and charged are the server's. A stray '%' is forgiven.
 */
export function parseDiscountHint(value: string | null): number | null {
  if (value === null) return null;
  const match = /^\s*(\d{1,3})\s*%?\s*$/.exec(value);
  if (!match) return null;
  const percent = Number(match[1]);
  return percent > 0 && percent <= 100 ? percent : null;
}

export interface Price {
  regularPrice: number;
  discountPercent: number;
  finalPrice: number;
}

/**
 * The server's price for a plan in a mode. A quote missing from the answer falls back to the price
 * table without a discount, which is what the server would charge someone without one.
 */
export function priceFor(quotes: readonly Quote[], planId: PlanId, mode: MembershipMode): Price {
  const quote = quotes.find((candidate) => candidate.planId === planId && candidate.membershipMode === mode);
  if (quote) return { regularPrice: quote.regularPrice, discountPercent: quote.discountPercent, finalPrice: quote.finalPrice };
  const regularPrice = planPrice(planId, mode);
  return { regularPrice, discountPercent: 0, finalPrice: discountPrice(regularPrice, 0) };
}

export function hasDiscount(price: Price): boolean {
  return price.discountPercent > 0 && price.finalPrice < price.regularPrice;
}

/** 'Acceso por 6 meses', 'Acceso por 1 año', 'Acceso de por vida'. */
export function durationText(plan: Plan): string {
  const { duration } = plan;
  if (duration === null) return 'Acceso de por vida, sin renovaciones';
  if ('days' in duration) return duration.days === 7 ? 'Acceso por 1 semana' : `Acceso por ${duration.days} días`;
  if (duration.months % 12 === 0) {
    const years = duration.months / 12;
    return years === 1 ? 'Acceso por 1 año' : `Acceso por ${years} años`;
  }
  return `Acceso por ${duration.months} meses`;
}

/**
 * The plan as it follows «Membresía» or «Tu membresía» in a sentence: 'de 6 Meses', 'de 1 Año', 'de por vida'.
 * The labels are the spec's; «de» joins them to the noun, and the lifetime one reads in lower case after it.
 */
export function membershipOfPlan(plan: Plan): string {
  return plan.duration === null ? 'de por vida' : `de ${plan.title}`;
}

/** What each of the five people pays in a group plan, rounded to whole pesos. */
export function perPersonPrice(groupPrice: number): number {
  return Math.round(groupPrice / GROUP_SEATS);
}

export const GROUP_OFFER = `${GROUP_SEATS} membresías al precio de 2`;
