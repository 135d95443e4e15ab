import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PAYMENT_LIFECYCLE } from '@galeno/domain/lifecycles';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_HISTORY_STATUSES as HISTORY_STATUSES,
  type CheckoutStatus,
  type PaymentHistory,
  type PaymentRecord,
  type PendingVoucher,
  type Quote,
  type Quotes,
} from '@galeno/domain/contracts/payments';
import { formatMXN } from '@galeno/domain/format';
import { toSubscriptionInfo } from '@galeno/domain/contracts/profile';
import { isActive, membershipAfterPlan } from '@galeno/domain/membership';
import {
  discountPrice,
  getPlan,
  installmentPlansFor,
  MEMBERSHIP_MODES,
  OXXO_MAX_AMOUNT,
  OXXO_MIN_AMOUNT,
  oxxoAllows,
  paymentMethodText,
  paymentReference,
  PLAN_IDS,
  planPrice,
  type MembershipMode,
  type PaymentMethod,
  type PlanId,
  type UnavailablePlanReason,
} from '@galeno/domain/plans';
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
import { paymentReceiptEmail, paymentRefundedEmail } from '../../mail/templates.ts';
import { availableDiscount } from '../discount-quiz/service.ts';
import { loggable } from '../../plugins/error-handler.ts';

type Discount = Awaited<ReturnType<typeof availableDiscount>>;
type PriceQuote = Omit<Quote, 'unavailableReason' | 'accessUntil'> & { discountId: string | null };

/** The price of one plan and mode: the plan's, less `discount` (the one-week offer is a fixed 19 MXN, never discounted). */
function priceWith(discount: Discount, planId: PlanId, mode: MembershipMode): PriceQuote {
  const regularPrice = planPrice(planId, mode);
  const applied = planId === '1-week' ? null : discount;
  const discountPercent = applied?.percent ?? 0;
  const finalPrice = discountPrice(regularPrice, discountPercent);
  return {
    planId,
    membershipMode: mode,
    regularPrice,
    discountPercent,
    finalPrice,
    installmentMonths: installmentPlansFor(finalPrice),
    oxxo: oxxoAllows(finalPrice),
    discountId: applied?.id ?? null,
  };
}

/** The price the server charges: the plan's, less the user's own won and unused discount. */
export async function quote(db: Db, user: User, planId: PlanId, mode: MembershipMode) {
  return priceWith(await availableDiscount(db, user.id), planId, mode);
}

/** Whether this account has already bought the one-time one-week offer. */
async function oneWeekOfferUsed(db: Db, userId: string): Promise<boolean> {
  const [used] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.planId, '1-week'), eq(payments.status, 'paid')))
    .limit(1);
  return used !== undefined;
}

/** Why this account cannot buy a plan now, or null: the same rules `createCheckout` enforces. */
function unavailableReason(
  user: User,
  oneWeekUsed: boolean,
  planId: PlanId,
  mode: MembershipMode,
  now: Date,
): UnavailablePlanReason | null {
  if (planId === '1-week' && (mode === 'group' || oneWeekUsed)) return 'one_week_offer_used';
  if (mode === 'single' && user.subscriptionType === 'lifetime' && isActive(user.membershipEnd, now)) return 'lifetime_already';
  return null;
}

/** OXXO vouchers issued and not paid yet, newest first: the pages warn before a second payment. */
async function pendingVouchers(db: Db, userId: string): Promise<PendingVoucher[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'awaiting_payment')))
    .orderBy(desc(payments.createdAt))
    .limit(5);
  return rows.map((row) => ({
    paymentId: row.id,
    reference: paymentReference(row.id),
    planId: row.planId,
    membershipMode: row.membershipMode,
    amountPaid: row.amountPaid,
    voucherUrl: row.voucherUrl,
    voucherExpiresAt: row.voucherExpiresAt?.toISOString() ?? null,
  }));
}

/**
 * Every plan and mode the selection can show, at this student's price, with what each would add (the new end of
 * access, since paid time stacks) and whether it can be bought at all; plus any OXXO voucher still unpaid.
 */
export async function quoteAll(db: Db, user: User, now = new Date()): Promise<Quotes> {
  const [discount, oneWeekUsed, vouchers] = await Promise.all([
    availableDiscount(db, user.id),
    oneWeekOfferUsed(db, user.id),
    pendingVouchers(db, user.id),
  ]);
  const paidAccess = user.subscriptionType !== 'free' && isActive(user.membershipEnd, now);
  const quotes = PLAN_IDS.flatMap((planId) =>
    MEMBERSHIP_MODES.map((mode) => {
      const { discountId: _discountId, ...price } = priceWith(discount, planId, mode);
      const accessUntil = membershipAfterPlan(user, planId, mode, now).membershipEnd;
      return {
        ...price,
        unavailableReason: unavailableReason(user, oneWeekUsed, planId, mode, now),
        accessUntil: accessUntil?.toISOString() ?? null,
      };
    }),
  );
  return {
    quotes,
    discountPercent: Math.max(0, ...quotes.map((q) => q.discountPercent)),
    currentAccessUntil: paidAccess && user.membershipEnd ? user.membershipEnd.toISOString() : null,
    hasLifetimeAccess: paidAccess && user.membershipEnd === null,
    pendingVouchers: vouchers,
    freeHoursGivenUp: freeHoursGivenUp(user, now),
  };
}

/** The free hours a purchase now would give up: markPaid's plan replaces them (membershipAfterPlan), it never stacks on them. */
function freeHoursGivenUp(user: User, now: Date): 'unstarted' | 'running' | null {
  if (user.subscriptionType !== 'free' || !isActive(user.membershipEnd, now)) return null;
  return user.freeHoursStartedAt === null ? 'unstarted' : 'running';
}

/**
 * Where a cancelled checkout returns: where the purchase started (the one-week offer page, or the selection with
 * its mode and plan), marked `cancelado=1` so the page says no charge was made.
 */
export function cancelPathFor(planId: PlanId, mode: MembershipMode): string {
  if (planId === '1-week') return '/app/membership-pay/one-dollar?cancelado=1';
  return `/app/membership-pay?${mode === 'group' ? 'mode=group&' : ''}plan=${planId}&cancelado=1`;
}

export async function createCheckout(
  deps: { db: Db; provider: PaymentProvider; config: Config },
  user: User,
  input: { planId: PlanId; mode: MembershipMode; method?: PaymentMethod },
): Promise<{ sessionUrl: string }> {
  const { db, provider, config } = deps;
  // The one-week plan is only the one-time individual offer.
  if (input.planId === '1-week' && input.mode === 'group')
    throw badRequest('La oferta de 1 semana es solo para membresía individual.', 'PLAN_NOT_FOR_GROUPS');
  await assertPurchaseAddsSomething(db, user, input, new Date());
  const price = await quote(db, user, input.planId, input.mode);
  const method = input.method ?? 'card';
  if (method === 'oxxo' && !price.oxxo) {
    throw badRequest(
      `OXXO recibe pagos en efectivo de ${formatMXN(OXXO_MIN_AMOUNT)} a ${formatMXN(OXXO_MAX_AMOUNT)} MXN: paga este plan con tarjeta.`,
      'OXXO_AMOUNT',
    );
  }
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
      paymentMethod: method,
    })
    .returning();
  let session;
  try {
    session = await provider.createCheckout({
      method,
      installmentMonths: method === 'card' ? price.installmentMonths : [],
      paymentId: payment!.id,
      amount: price.finalPrice,
      description: `${config.APP_NAME}: membresía ${plan.title}${input.mode === 'group' ? ' (Grupal, 5 membresías)' : ''}`,
      customerEmail: user.email,
      successUrl: `${config.APP_ORIGIN}/app/membership-pay/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.APP_ORIGIN}${cancelPathFor(input.planId, input.mode)}`,
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
    if (await oneWeekOfferUsed(db, user.id))
      throw new AppError('ONE_WEEK_OFFER_USED', 409, 'Ya usaste la oferta de 1 semana: elige una de las membresías disponibles.');
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
    .where(and(eq(payments.checkoutSessionId, checkoutSessionId), inArray(payments.status, PAYMENT_LIFECYCLE.from('failed'))));
}

/**
 * An OXXO voucher was issued («Pago pendiente»): the money arrives when the student pays at the store, and
 * fulfilment runs then. Only an open checkout moves here; the voucher's page and expiry are kept for the pages.
 */
export async function markAwaitingPayment(
  db: Db,
  paymentId: string,
  voucher: { url: string | null; expiresAt: Date | null } | null,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'awaiting_payment', voucherUrl: voucher?.url ?? null, voucherExpiresAt: voucher?.expiresAt ?? null })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, PAYMENT_LIFECYCLE.from('awaiting_payment'))));
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
  if (session.paid) return markPaid(deps, existing.id, now, { installmentMonths: session.installmentMonths });
  if (session.awaitingPayment && existing.status === 'pending') {
    await markAwaitingPayment(db, existing.id, session.voucher);
    const [fresh] = await db.select().from(payments).where(eq(payments.id, existing.id));
    return fresh ?? existing;
  }
  return existing;
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

/** `installmentMonths`: the meses sin intereses the provider says were chosen; kept only where the amount allows them. */
export async function markPaid(
  deps: FulfilmentDeps,
  paymentId: string,
  now = new Date(),
  paidWith: { installmentMonths: number | null } = { installmentMonths: null },
): Promise<Payment | null> {
  const { db } = deps;
  const settled: Settlement = await db.transaction(async (tx) => {
    // An expired row is taken too: the provider said the session was paid after all, so it is judged like any other.
    const [pending] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), inArray(payments.status, PAYMENT_LIFECYCLE.from('paid'))))
      .for('update');
    if (!pending) {
      const [already] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return { payment: already ?? null, refund: false, stale: [] };
    }
    // The account's row lock serialises every fulfilment of one account: the checks below see the others.
    const [user] = pending.userId ? await tx.select().from(users).where(eq(users.id, pending.userId)).for('update') : [];
    // An account deleted while its checkout was being paid: nothing to give access to, so the money goes back
    // (and the webhook is acknowledged, not retried for ever).
    const reason = user ? await alreadyUsed(tx, pending, user, now) : 'account_deleted';
    if (!user || reason) {
      const [refunded] = await tx
        .update(payments)
        .set({ status: 'refunded', refundReason: reason ?? 'account_deleted', paidAt: now, affiliateEarnedAmount: 0 })
        .where(eq(payments.id, pending.id))
        .returning();
      return { payment: refunded!, refund: true, stale: [] };
    }

    const [payment] = await tx
      .update(payments)
      .set({
        status: 'paid',
        paidAt: now,
        installmentMonths:
          pending.paymentMethod === 'card' &&
          paidWith.installmentMonths !== null &&
          installmentPlansFor(pending.amountPaid).includes(paidWith.installmentMonths)
            ? paidWith.installmentMonths
            : null,
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
        paymentMethod: paymentMethodText(payment!.paymentMethod, payment!.installmentMonths, payment!.amountPaid),
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
        .where(and(eq(payments.id, stale.id), inArray(payments.status, PAYMENT_LIFECYCLE.from('expired'))));
    } catch (error) {
      deps.log.warn({ ...loggable(error), paymentId: stale.id }, 'stale checkout not expired');
    }
  }
  if (settled.refund && settled.payment) return sendRefund(deps, settled.payment, now);
  return settled.payment;
}

/** Gives the money back through the provider, records when it did, and tells the student by e-mail. */
async function sendRefund(deps: FulfilmentDeps, payment: Payment, now: Date): Promise<Payment> {
  const { db, provider, outbox, config, log } = deps;
  // Stripe cannot refund OXXO cash: the e-mail asks for a CLABE and the operator transfers it (decision 020).
  const cash = payment.paymentMethod === 'oxxo';
  if (cash && !payment.userId) {
    // Cash for a deleted account: no address to ask for a CLABE. It stays refunded with refundedAt null (still to
    // be returned), for the operator to transfer when the payer writes in with the voucher's reference.
    log.warn(
      { paymentId: payment.id, reference: paymentReference(payment.id) },
      'cash payment for a deleted account to return by transfer',
    );
    return payment;
  }
  try {
    if (payment.checkoutSessionId && !cash) await provider.refund(payment.checkoutSessionId, payment.refundReason!);
  } catch (error) {
    // Left with refundedAt null: the next webhook retry or success-page check sends it again.
    log.error({ ...loggable(error), paymentId: payment.id }, 'refund failed');
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
        cash: cash ? { reference: paymentReference(payment.id), contactEmail: config.CONTACT_EMAIL } : undefined,
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
  const current = fulfilled ?? payment;
  return {
    status: current.status,
    refundReason: current.refundReason ?? null,
    paymentMethod: current.paymentMethod,
    installmentMonths: current.installmentMonths,
    reference: paymentReference(current.id),
    voucherUrl: current.voucherUrl,
    voucherExpiresAt: current.voucherExpiresAt?.toISOString() ?? null,
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

/**
 * The student's payments, newest first (issue 20). A checkout opened and cancelled or left (pending, expired) is
 * not a payment and is left out: a $1,275 line read beside a bank statement looks like a charge (ux N10). It shows
 * up once it is paid, or an OXXO voucher is issued for it.
 */
export async function paymentHistory(db: Db, user: User): Promise<PaymentHistory> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), inArray(payments.status, HISTORY_STATUSES)))
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
      status: row.status as PaymentRecord['status'],
      paymentMethod: row.paymentMethod,
      voucherUrl: row.voucherUrl,
      voucherExpiresAt: row.voucherExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
