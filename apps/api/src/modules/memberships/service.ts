import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CheckoutStatus, Quote } from '@galeno/domain/contracts/payments';
import { toSubscriptionInfo } from '@galeno/domain/contracts/profile';
import { isActive, membershipAfterPlan } from '@galeno/domain/membership';
import { discountPrice, getPlan, MEMBERSHIP_MODES, PLAN_IDS, planPrice, type MembershipMode, type PlanId } from '@galeno/domain/plans';
import { DEFAULT_AFFILIATE_COMMISSION } from '@galeno/domain/timings';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { discounts } from '../../db/schema/discount-quiz.ts';
import { affiliates } from '../../db/schema/affiliates.ts';
import { groupMemberships, payments, type Payment } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { availableDiscount } from '../discount-quiz/service.ts';

type Discount = Awaited<ReturnType<typeof availableDiscount>>;

/** The price of one plan and mode: the plan's, less `discount` (the one-week offer is a fixed 19 MXN, never discounted). */
function priceWith(discount: Discount, planId: PlanId, mode: MembershipMode): Quote & { discountId: string | null } {
  const regularPrice = planPrice(planId, mode);
  const applied = planId === '1-week' ? null : discount;
  const discountPercent = applied?.percent ?? 0;
  return { planId, membershipMode: mode, regularPrice, discountPercent, finalPrice: discountPrice(regularPrice, discountPercent), discountId: applied?.id ?? null };
}

/** The price the server charges: the plan's, less the user's own won and unused discount. */
export async function quote(db: Db, user: User, planId: PlanId, mode: MembershipMode) {
  return priceWith(await availableDiscount(db, user.id), planId, mode);
}

/** Every plan and mode the selection can show, from one read of the user's discount. */
export async function quoteAll(db: Db, user: User) {
  const discount = await availableDiscount(db, user.id);
  return PLAN_IDS.flatMap((planId) => MEMBERSHIP_MODES.map((mode) => priceWith(discount, planId, mode)));
}

export async function createCheckout(
  deps: { db: Db; provider: PaymentProvider; config: Config },
  user: User,
  input: { planId: PlanId; mode: MembershipMode },
): Promise<{ sessionUrl: string }> {
  const { db, provider, config } = deps;
  // The one-week plan is only the one-time individual offer.
  if (input.planId === '1-week' && input.mode === 'group') throw badRequest('La oferta de 1 semana es solo para membresía individual.', 'PLAN_NOT_FOR_GROUPS');
  await assertPurchaseAddsSomething(db, user, input, new Date());
  const price = await quote(db, user, input.planId, input.mode);
  const plan = getPlan(input.planId);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: user.id,
      provider: provider.name,
      planId: input.planId,
      membershipMode: input.mode,
      regularMembershipPrice: price.regularPrice,
      discountId: price.discountId,
      discountPercent: price.discountPercent,
      discountAmount: price.regularPrice - price.finalPrice,
      amountPaid: price.finalPrice,
      affiliateShortId: user.affiliateShortId,
    })
    .returning();
  let session;
  try {
    session = await provider.createCheckout({
      paymentId: payment!.id,
      amount: price.finalPrice,
      description: `${config.APP_NAME}: membresía ${plan.title}${input.mode === 'group' ? ' (Grupal, 5 membresías)' : ''}`,
      customerEmail: user.email,
      successUrl: `${config.APP_ORIGIN}/app/membership-pay/success?session_id={CHECKOUT_SESSION_ID}`,
      // Back where the purchase started: the one-week offer page, or the selection (single drops the mode).
      cancelUrl: `${config.APP_ORIGIN}/app/membership-pay${input.planId === '1-week' ? '/one-dollar' : input.mode === 'group' ? '?mode=group' : ''}`,
      metadata: { paymentId: payment!.id, userId: user.id, planId: input.planId, membershipMode: input.mode },
    });
  } catch (error) {
    // No session was created: nothing can be paid, so the pending row goes.
    await db.delete(payments).where(eq(payments.id, payment!.id));
    throw new AppError('CHECKOUT_FAILED', 502, 'No pudimos iniciar el pago. Intenta nuevamente en unos momentos.', { cause: error });
  }
  try {
    // Stripe now holds a payable session: from here on the payment row stays, whatever happens.
    await db.update(payments).set({ checkoutSessionId: session.sessionId }).where(eq(payments.id, payment!.id));
    return { sessionUrl: session.url };
  } catch (error) {
    throw new AppError('CHECKOUT_FAILED', 502, 'No pudimos iniciar el pago. Intenta nuevamente en unos momentos.', { cause: error });
  }
}

/**
 * Refuses a purchase that would add nothing: the one-week offer is sold once per account, and an account
 * with lifetime access gains nothing from another individual plan (a group plan still gives 4 seats).
 */
async function assertPurchaseAddsSomething(db: Db, user: User, input: { planId: PlanId; mode: MembershipMode }, now: Date) {
  if (input.mode === 'single' && user.subscriptionType === 'lifetime' && isActive(user.membershipEnd, now)) {
    throw new AppError('ALREADY_LIFETIME', 409, 'Ya tienes acceso de por vida: no necesitas comprar otra membresía individual.');
  }
  if (input.planId === '1-week') {
    const [used] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.planId, '1-week'), eq(payments.status, 'paid')))
      .limit(1);
    if (used) throw new AppError('ONE_WEEK_OFFER_USED', 409, 'Ya usaste la oferta de 1 semana: elige una de las membresías disponibles.');
  }
}

/**
 * Stripe's documented fulfilment pattern: one idempotent function, called from the webhook and from
 * the success page. The pending → paid flip is a conditional update, so of any number of concurrent
 * calls exactly one records the payment, consumes the discount and extends access. The affiliate's
 * share (their commission rate, 15% by default) is computed in the same update.
 */
export async function fulfilCheckout(db: Db, provider: PaymentProvider, sessionId: string, now = new Date()): Promise<Payment | null> {
  const [existing] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).limit(1);
  if (!existing) return null;
  if (existing.status === 'paid') return existing;
  const session = await provider.retrieveSession(sessionId);
  if (!session.paid) return existing;
  return markPaid(db, existing.id, now);
}

export async function markPaid(db: Db, paymentId: string, now = new Date()): Promise<Payment | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({
        status: 'paid',
        paidAt: now,
        affiliateEarnedAmount: sql`case when ${payments.affiliateShortId} is null then 0 else round(${payments.amountPaid} * coalesce((select ${affiliates.commissionRate} from ${affiliates} where ${affiliates.shortId} = ${payments.affiliateShortId}), cast(${DEFAULT_AFFILIATE_COMMISSION} as numeric)))::int end`,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!payment) {
      const [already] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return already ?? null;
    }
    const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).for('update');
    if (!user) throw notFound('La cuenta del pago ya no existe.');

    if (payment.discountId) {
      await tx.update(discounts).set({ usedAt: now }).where(and(eq(discounts.id, payment.discountId), isNull(discounts.usedAt)));
    }
    // Paid time left stacks; the free hours do not; a running better plan is kept (membershipAfterPlan).
    await tx
      .update(users)
      .set(membershipAfterPlan(user, payment.planId, payment.membershipMode, now))
      .where(eq(users.id, user.id));
    if (payment.membershipMode === 'group') {
      await tx.insert(groupMemberships).values({ ownerUserId: user.id, planId: payment.planId, paymentId: payment.id, createdAt: now }).onConflictDoNothing();
    }
    return payment;
  });
}

export async function checkoutStatus(db: Db, provider: PaymentProvider, user: User, sessionId: string, now = new Date()): Promise<CheckoutStatus> {
  const [payment] = await db.select().from(payments).where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.userId, user.id))).limit(1);
  if (!payment) throw notFound('No encontramos ese pago.');
  const fulfilled = await fulfilCheckout(db, provider, sessionId, now);
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return {
    status: fulfilled?.status ?? payment.status,
    planId: payment.planId,
    membershipMode: payment.membershipMode,
    amountPaid: payment.amountPaid,
    subscriptionInfo: toSubscriptionInfo(
      { subscriptionType: fresh!.subscriptionType, membershipMode: fresh!.membershipMode, startDate: fresh!.membershipStart, endDate: fresh!.membershipEnd },
      now,
    ),
  };
}
