import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutStatus, PaymentHistory, Quote } from '@galeno/domain/contracts/payments';
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
import { enqueueMail, type OutboxWorker } from '../../mail/outbox.ts';
import { paymentReference } from '@galeno/domain/plans';
import { paymentReceiptEmail, paymentRefundedEmail } from '../../mail/templates.ts';
import { availableDiscount } from '../discount-quiz/service.ts';

type Discount = Awaited<ReturnType<typeof availableDiscount>>;

/** The price of one plan and mode: the plan's, less `discount` (the one-week offer is a fixed 19 MXN, never discounted). */
function priceWith(discount: Discount, planId: PlanId, mode: MembershipMode): Quote & { discountId: string | null } {
  const regularPrice = planPrice(planId, mode);
  const applied = planId === '1-week' ? null : discount;
  const discountPercent = applied?.percent ?? 0;
  return {
    planId,
    membershipMode: mode,
    regularPrice,
    discountPercent,
    finalPrice: discountPrice(regularPrice, discountPercent),
    discountId: applied?.id ?? null,
  };
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
  if (input.planId === '1-week' && input.mode === 'group')
    throw badRequest('La oferta de 1 semana es solo para membresía individual.', 'PLAN_NOT_FOR_GROUPS');
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

/** What fulfilment needs: the database, the provider that took the money, and a way to tell the student. */
export interface FulfilmentDeps {
  db: Db;
  provider: PaymentProvider;
  /** Woken after a commit that wrote an e-mail into the outbox. */
  outbox: Pick<OutboxWorker, 'deliver'>;
  config: Pick<Config, 'APP_NAME' | 'APP_ORIGIN' | 'CONTACT_EMAIL'>;
  log: FastifyBaseLogger;
}

/** A delayed method (an OXXO voucher) the student never paid: the checkout is recorded as failed. A fulfilled payment is never touched. */
export async function markCheckoutFailed(db: Db, checkoutSessionId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.checkoutSessionId, checkoutSessionId), inArray(payments.status, ['pending', 'expired'])));
}

/**
 * Stripe's documented fulfilment pattern: one idempotent function, called from the webhook and from
 * the success page. The pending → paid flip is a conditional update, so of any number of concurrent
 * calls exactly one records the payment, consumes the discount and extends access. The affiliate's
 * share (their commission rate, 15% by default) is computed in the same update.
 */
export async function fulfilCheckout(deps: FulfilmentDeps, sessionId: string, now = new Date()): Promise<Payment | null> {
  const { db, provider } = deps;
  const [existing] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).limit(1);
  if (!existing) return null;
  if (existing.status === 'paid') return existing;
  // A refund the provider has not confirmed yet is sent again (a webhook retry or the success page).
  if (existing.status === 'refunded') return existing.refundedAt ? existing : sendRefund(deps, existing, now);
  const session = await provider.retrieveSession(sessionId);
  if (!session.paid) return existing;
  return markPaid(deps, existing.id, now);
}

/**
 * Why a completed payment cannot be honoured: it bought something the account already used (the
 * one-week offer is sold once, lifetime access once per individual account) or it carries a discount
 * another payment consumed first. Two tabs can open two checkouts before either is paid; this is the
 * check that decides, at fulfilment, under the account's row lock.
 */
async function alreadyUsed(tx: Db, payment: Payment, user: User, now: Date): Promise<NonNullable<Payment['refundReason']> | null> {
  if (payment.planId === '1-week') {
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.planId, '1-week'), eq(payments.status, 'paid'), ne(payments.id, payment.id)))
      .limit(1);
    if (used) return 'one_week_offer_used';
  }
  if (
    payment.planId === 'lifetime' &&
    payment.membershipMode === 'single' &&
    user.subscriptionType === 'lifetime' &&
    isActive(user.membershipEnd, now)
  ) {
    return 'lifetime_already';
  }
  if (payment.discountId) {
    const [discount] = await tx.select({ usedAt: discounts.usedAt }).from(discounts).where(eq(discounts.id, payment.discountId));
    if (discount?.usedAt) return 'discount_used';
  }
  return null;
}

type Settlement = { payment: Payment | null; refund: boolean; stale: Payment[]; receipt?: string | undefined };

export async function markPaid(deps: FulfilmentDeps, paymentId: string, now = new Date()): Promise<Payment | null> {
  const { db } = deps;
  const settled: Settlement = await db.transaction(async (tx) => {
    // An expired row is taken too: the provider said the session was paid after all, so it is judged like any other.
    const [pending] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'expired'])))
      .for('update');
    if (!pending) {
      const [already] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return { payment: already ?? null, refund: false, stale: [] };
    }
    // The account's row lock serialises every fulfilment of one account: the checks below see the others.
    // An account deleted with a checkout open: nothing to give access to (the payment keeps no person).
    if (!pending.userId) throw notFound('La cuenta del pago ya no existe.');
    const [user] = await tx.select().from(users).where(eq(users.id, pending.userId)).for('update');
    if (!user) throw notFound('La cuenta del pago ya no existe.');

    const reason = await alreadyUsed(tx, pending, user, now);
    if (reason) {
      const [refunded] = await tx
        .update(payments)
        .set({ status: 'refunded', refundReason: reason, paidAt: now, affiliateEarnedAmount: 0 })
        .where(eq(payments.id, pending.id))
        .returning();
      return { payment: refunded!, refund: true, stale: [] };
    }

    const [payment] = await tx
      .update(payments)
      .set({
        status: 'paid',
        paidAt: now,
        affiliateEarnedAmount: sql`case when ${payments.affiliateShortId} is null then 0 else round(${payments.amountPaid} * coalesce((select ${affiliates.commissionRate} from ${affiliates} where ${affiliates.shortId} = ${payments.affiliateShortId}), cast(${DEFAULT_AFFILIATE_COMMISSION} as numeric)))::int end`,
      })
      .where(eq(payments.id, pending.id))
      .returning();
    if (payment!.discountId) {
      await tx
        .update(discounts)
        .set({ usedAt: now })
        .where(and(eq(discounts.id, payment!.discountId), isNull(discounts.usedAt)));
    }
    // Paid time left stacks; the free hours do not; a running better plan is kept (membershipAfterPlan).
    const membership = membershipAfterPlan(user, payment!.planId, payment!.membershipMode, now);
    await tx.update(users).set(membership).where(eq(users.id, user.id));
    if (payment!.membershipMode === 'group') {
      await tx
        .insert(groupMemberships)
        .values({ ownerUserId: user.id, planId: payment!.planId, paymentId: payment!.id, createdAt: now })
        .onConflictDoNothing();
    }
    // Open checkouts this payment made pointless: another one-week offer, another individual lifetime plan
    // once lifetime is held, anything carrying the discount just spent.
    const staleConditions = [
      payment!.planId === '1-week' ? eq(payments.planId, '1-week') : undefined,
      membership.subscriptionType === 'lifetime' ? and(eq(payments.planId, 'lifetime'), eq(payments.membershipMode, 'single')) : undefined,
      payment!.discountId ? eq(payments.discountId, payment!.discountId) : undefined,
    ].filter((condition) => condition !== undefined);
    const stale =
      staleConditions.length === 0
        ? []
        : await tx
            .select()
            .from(payments)
            .where(and(eq(payments.userId, user.id), eq(payments.status, 'pending'), ne(payments.id, payment!.id), or(...staleConditions)));
    // The receipt commits with the payment (issue 20); the outbox sends it and retries a failed send.
    const receipt = await enqueueMail(
      tx as unknown as Db,
      'payment-receipt',
      paymentReceiptEmail({ appName: deps.config.APP_NAME, appOrigin: deps.config.APP_ORIGIN }, user.email, {
        planTitle: getPlan(payment!.planId).title,
        group: payment!.membershipMode === 'group',
        amount: payment!.amountPaid,
        regularPrice: payment!.regularMembershipPrice,
        discountPercent: payment!.discountPercent,
        paidAt: now,
        activeUntil: membership.membershipEnd ?? null,
        reference: paymentReference(payment!.id),
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
      now,
    );
    return { payment: payment!, refund: false, stale, receipt };
  });
  if (settled.receipt) await deps.outbox.deliver([settled.receipt]);

  // Closed at the provider first, recorded after: a session already paid cannot be expired, stays pending
  // here, and its own fulfilment refunds it.
  for (const stale of settled.stale) {
    try {
      if (stale.checkoutSessionId) await deps.provider.expireCheckout(stale.checkoutSessionId);
      await db
        .update(payments)
        .set({ status: 'expired' })
        .where(and(eq(payments.id, stale.id), eq(payments.status, 'pending')));
    } catch (error) {
      deps.log.warn({ err: error, paymentId: stale.id }, 'stale checkout not expired');
    }
  }
  if (settled.refund && settled.payment) return sendRefund(deps, settled.payment, now);
  return settled.payment;
}

/** Gives the money back through the provider, records when it did, and tells the student by e-mail. */
async function sendRefund(deps: FulfilmentDeps, payment: Payment, now: Date): Promise<Payment> {
  const { db, provider, outbox, config, log } = deps;
  try {
    if (payment.checkoutSessionId) await provider.refund(payment.checkoutSessionId);
  } catch (error) {
    // Left with refundedAt null: the next webhook retry or success-page check sends it again.
    log.error({ err: error, paymentId: payment.id }, 'refund failed');
    return payment;
  }
  // The refund and its e-mail commit together; the outbox sends it (and retries a failed send).
  const recorded = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .update(payments)
      .set({ refundedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
      .returning();
    if (!row) return null;
    const [user] = payment.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)) : [];
    if (user) {
      const message = paymentRefundedEmail({ appName: config.APP_NAME, appOrigin: config.APP_ORIGIN }, user.email, {
        planTitle: getPlan(payment.planId).title,
        amount: payment.amountPaid,
        reason: payment.refundReason!,
      });
      return { row, mail: await enqueueMail(tx, 'payment-refunded', message, now) };
    }
    return { row, mail: null };
  });
  if (!recorded) return payment;
  if (recorded.mail) await outbox.deliver([recorded.mail]);
  return recorded.row;
}

export async function checkoutStatus(deps: FulfilmentDeps, user: User, sessionId: string, now = new Date()): Promise<CheckoutStatus> {
  const { db } = deps;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.userId, user.id)))
    .limit(1);
  if (!payment) throw notFound('No encontramos ese pago.');
  const fulfilled = await fulfilCheckout(deps, sessionId, now);
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return {
    status: fulfilled?.status ?? payment.status,
    refundReason: fulfilled?.refundReason ?? payment.refundReason ?? null,
    planId: payment.planId,
    membershipMode: payment.membershipMode,
    amountPaid: payment.amountPaid,
    subscriptionInfo: toSubscriptionInfo(
      {
        subscriptionType: fresh!.subscriptionType,
        membershipMode: fresh!.membershipMode,
        startDate: fresh!.membershipStart,
        endDate: fresh!.membershipEnd,
      },
      now,
    ),
  };
}

/** The student's payments, newest first (issue 20); an abandoned checkout is not a payment and is left out. */
export async function paymentHistory(db: Db, user: User): Promise<PaymentHistory> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), ne(payments.status, 'expired')))
    .orderBy(desc(payments.createdAt))
    .limit(100);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      reference: paymentReference(row.id),
      planId: row.planId,
      membershipMode: row.membershipMode,
      amountPaid: row.amountPaid,
      discountPercent: row.discountPercent,
      status: row.status === 'expired' ? 'failed' : row.status,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
