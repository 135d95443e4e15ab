/** Discount quiz constants: spec section 9 and the decisions page. The state machine comes later. */

/** What the wheel shows. Only DRAWABLE_PRIZES can be won; 10% and 20% are there for show. */
export const WHEEL_PRIZES = [10, 20, 30, 50, 80] as const;
export type WheelPrize = (typeof WHEEL_PRIZES)[number];

export const DRAWABLE_PRIZES = [30, 50, 80] as const;
export type DrawnPrize = (typeof DRAWABLE_PRIZES)[number];

/** Probability of each prize; the server draws, so a forged percentage can be refused. */
export const PRIZE_ODDS: Readonly<Record<DrawnPrize, number>> = { 30: 0.3, 50: 0.5, 80: 0.2 };

/** Maps a uniform roll in [0, 1] to a prize: under 0.3 → 30, under 0.8 → 50, otherwise 80. */
export function drawPrize(roll: number): DrawnPrize {
  if (!(roll >= 0 && roll <= 1)) throw new RangeError(`roll must be within [0, 1], got ${roll}`);
  let cumulative = 0;
  for (const prize of DRAWABLE_PRIZES) {
    cumulative += PRIZE_ODDS[prize];
    if (roll < cumulative) return prize;
  }
  return DRAWABLE_PRIZES[DRAWABLE_PRIZES.length - 1] as DrawnPrize;
}

export function isDrawablePrize(value: number): value is DrawnPrize {
  return (DRAWABLE_PRIZES as readonly number[]).includes(value);
}

/** 3 attempts in all; one participation per day. */
export const MAX_ATTEMPTS = 3;

/**
 * Prizes the public wheel may draw on one network address a day, across its devices (the server's
 * WHEEL_SPINS_PER_NETWORK_DAY): clearing cookies makes a new device, and must not make a new draw to pick from.
 */
export const WHEEL_SPINS_PER_NETWORK_DAY_DEFAULT = 3;

/** A prize can be claimed and paid with for this many days after it was drawn. */
export const DISCOUNT_VALID_DAYS = 30;

/** The last moment a prize drawn at `drawnAt` counts. */
export function discountExpiresAt(drawnAt: Date): Date {
  return new Date(drawnAt.getTime() + DISCOUNT_VALID_DAYS * 86_400_000);
}
/** The wheel spins for 3 s, moving its highlight every 200 ms. */
export const SPIN_MS = 3000;
export const SPIN_STEP_MS = 200;
/** The promise made on the landing page and the banners: up to 80% off. */
export const MAX_ADVERTISED_DISCOUNT = 80;
