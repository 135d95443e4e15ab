import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { requestCheckout } from '../../test/checkout.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { payments } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';
import { discountQuizAttempts, discounts } from '../../db/schema/discount-quiz.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let stripeStandIn: StripeStandIn;
let smtp: SmtpSink;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripeStandIn = await startStripeStandIn();
  smtp = await startSmtpSink();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeStandIn.url,
    APP_ORIGIN: 'http://galeno.test',
    SMTP_URL: smtp.url,
    RATE_LIMIT_ROUTE_FACTOR: '10',
  });
});
afterAll(async () => {
  await t?.close();
  await stripeStandIn?.close();
  await smtp?.close();
});

async function checkout(user: User, body: Record<string, unknown> = {}) {
  const response = await requestCheckout(t, user, body);
  expect(response.statusCode).toBe(200);
  const sessionId = /pay\/(cs_test_\d+)/.exec(response.json().sessionUrl)![1]!;
  return sessionId;
}

function webhook(sessionId: string, { secret = WEBHOOK_SECRET, type = 'checkout.session.completed', paymentStatus = 'paid' } = {}) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}_${type}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, client_reference_id: null, metadata: {} } },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('the Stripe adapter', () => {
  it('creates a Checkout Session in MXN with the amount computed on the server and our metadata', async () => {
    const user = await createUser(t.database.db);
    const before = stripeStandIn.requests.length;
    await checkout(user, { amount: 1, discount: 80 });
    const request = stripeStandIn.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.form.get('currency')).toBe('mxn');
    expect(request.form.get('line_items[0][price_data][currency]')).toBe('mxn');
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe('93000');
    expect(request.form.get('metadata[userId]')).toBe(user.id);
    expect(request.form.get('metadata[planId]')).toBe('6-months');
    expect(request.form.get('success_url')).toBe('http://galeno.test/app/membership-pay/success?session_id={CHECKOUT_SESSION_ID}');
    expect(request.form.get('customer_email')).toBe(user.email);
    expect(request.form.get('cancel_url')).toBe('http://galeno.test/app/membership-pay?plan=6-months&cancelado=1');
    // A card by default, with meses sin intereses offered (930 MXN allows 3, 6 and 9 months).
    expect(request.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(request.form.get('payment_method_options[card][installments][enabled]')).toBe('true');
  });

  it('sends a cancelled one-week offer back to its page and a group purchase back to group mode', async () => {
    const user = await createUser(t.database.db);
    const cancelUrl = async (body: Record<string, unknown>) => {
      const before = stripeStandIn.requests.length;
      await checkout(user, body);
      return stripeStandIn.requests
        .slice(before)
        .find((r) => r.path === '/v1/checkout/sessions')!
        .form.get('cancel_url');
    };
    expect(await cancelUrl({ membershipTypeSelected: '1-week' })).toBe('http://galeno.test/app/membership-pay/one-dollar?cancelado=1');
    expect(await cancelUrl({ membershipMode: 'group' })).toBe('http://galeno.test/app/membership-pay?mode=group&plan=6-months&cancelado=1');
  });

  it('sells the one-week offer only as an individual membership', async () => {
    const user = await createUser(t.database.db);
    const response = await requestCheckout(t, user, { membershipTypeSelected: '1-week', membershipMode: 'group' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PLAN_NOT_FOR_GROUPS',
      errorMessage: 'La oferta de 1 semana es solo para membresía individual.',
    });
  });

  it('refuses a checkout for another user', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const response = await requestCheckout(t, user, { studentId: other.id });
    expect(response.statusCode).toBe(403);
  });
});

describe('fulfilment', () => {
  it('applies one event delivered 10 times concurrently exactly once', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() + 86_400_000) });
    const sessionId = await checkout(user);
    stripeStandIn.pay(sessionId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(sessionId)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('monthly');
    // Extended from the current end (tomorrow) by 6 months, once: about 182 days + 1.
    const days = (fresh!.membershipEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(186);
  });

  it('ignores a wrong signature and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user);
    stripeStandIn.pay(sessionId);
    const response = await webhook(sessionId, { secret: 'whsec_wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_SIGNATURE');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(row!.status).toBe('pending');
  });

  it('fulfils once when the success page and the webhook race', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const sessionId = await checkout(user, { membershipTypeSelected: '1-year' });
    stripeStandIn.pay(sessionId);
    const [page, hook] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies }),
      webhook(sessionId),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'paid', planId: '1-year', subscriptionInfo: { subscriptionType: 'monthly' } });
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const days = (fresh!.membershipEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);
  });

  it('leaves an unpaid session pending', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout-session/${sessionId}`,
      cookies: await sessionCookieFor(t.database.db, user),
    });
    expect(page.json().status).toBe('pending');
  });

  it('records an OXXO voucher that was never paid as failed, and gives no access', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user);
    expect((await webhook(sessionId, { type: 'checkout.session.async_payment_failed' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(row!.status).toBe('failed');
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.subscriptionType).toBe('free');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout-session/${sessionId}`,
      cookies: await sessionCookieFor(t.database.db, user),
    });
    expect(page.json().status).toBe('failed');
  });

  it('e-mails one receipt with the amount, period and reference, and lists the payment in the history (issue 20)', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const sessionId = await checkout(user, { membershipTypeSelected: '1-year' });
    const since = smtp.messages.length;
    stripeStandIn.pay(sessionId);
    await Promise.all([webhook(sessionId), webhook(sessionId)]);
    const receipt = await smtp.waitFor(user.email, { since });
    expect(receipt.subject).toBe('Tu recibo de Galeno: membresía 1 Año');
    expect(receipt.text).toContain('Pagaste: $1,275 MXN');
    expect(receipt.text).toContain('Si necesitas factura (CFDI), pídela en Mi perfil › Pagos › «Solicitar factura»');
    expect(receipt.text).toContain('escríbenos a privacidad@ejemplo.invalid');
    expect(receipt.text).toMatch(/Acceso: hasta el \d{1,2} de [a-z]+ de \d{4}/);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    const reference = `GAL-${row!.id.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
    expect(receipt.text).toContain(`Referencia: ${reference}`);
    // Exactly one, though the event came twice.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp.messages.slice(since).filter((message) => message.to === user.email && message.subject.startsWith('Tu recibo')),
    ).toHaveLength(1);

    const history = (await t.app.inject({ method: 'GET', url: '/api/payments/history', cookies })).json();
    expect(history.payments).toEqual([
      expect.objectContaining({
        reference,
        planId: '1-year',
        membershipMode: 'single',
        amountPaid: 1275,
        status: 'paid',
        discountPercent: 0,
      }),
    ]);
    // Someone else's payments are not in it; a trial or visitor has none to ask for.
    const other = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/history', cookies: other })).json()).toEqual({ payments: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/history' })).statusCode).toBe(401);
  });

  it('says on the receipt and the success page the meses sin intereses chosen at Stripe (ux N21)', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const sessionId = await checkout(user, { membershipTypeSelected: '1-year' });
    const since = smtp.messages.length;
    stripeStandIn.pay(sessionId, { installments: 12 });
    expect((await webhook(sessionId)).statusCode).toBe(200);
    const receipt = await smtp.waitFor(user.email, { since, subject: /recibo/ });
    expect(receipt.text).toContain('Forma de pago: Tarjeta, 12 meses sin intereses de $107');
    const status = (await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies })).json();
    expect(status).toMatchObject({ status: 'paid', paymentMethod: 'card', installmentMonths: 12, planId: '1-year' });
  });

  it('leaves checkouts never paid (cancelled or left open) out of the history (ux N10)', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    await checkout(user, { membershipTypeSelected: '1-year' });
    await checkout(user, { membershipTypeSelected: '1-year' });
    const paid = await checkout(user);
    stripeStandIn.pay(paid);
    await webhook(paid);
    const history = (await t.app.inject({ method: 'GET', url: '/api/payments/history', cookies })).json();
    expect(history.payments).toEqual([expect.objectContaining({ planId: '6-months', status: 'paid' })]);
  });

  it('keeps a paid payment when its account is deleted, without the person', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user);
    stripeStandIn.pay(sessionId);
    await webhook(sessionId);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(row).toMatchObject({ status: 'paid', userId: null });
  });
});

describe('a deleted account (F4)', () => {
  it('has its open checkouts expired at Stripe; a payment that still arrives is refunded, recorded and acknowledged', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const open = await checkout(user);
    const paidMeanwhile = await checkout(user, { membershipTypeSelected: '1-year' });
    // Paid at Stripe while the account is being deleted: the webhook has not arrived yet.
    stripeStandIn.pay(paidMeanwhile);

    const since = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/api/staggered-auth/account/delete-code', cookies });
    const mail = await smtp.waitFor(user.email, { since, subject: /eliminar tu cuenta/ });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/staggered-auth/account/delete',
      cookies,
      payload: { otpCode: codeFromSubject(mail.subject) },
    });
    expect(deleted.statusCode).toBe(200);
    expect(stripeStandIn.expired).toContain(open);
    const rowOf = async (sessionId: string) =>
      (await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)))[0]!;
    expect(await rowOf(open)).toMatchObject({ status: 'expired', userId: null });

    // Stripe retries a webhook until it gets a 2xx: the money goes back and the answer is 200, once.
    const intentOf = async (sessionId: string) => {
      const session = await new Stripe('sk_test_reader', {
        host: '127.0.0.1',
        port: Number(new URL(stripeStandIn.url).port),
        protocol: 'http',
      }).checkout.sessions.retrieve(sessionId);
      return session.payment_intent as string;
    };
    const late = await webhook(paidMeanwhile);
    expect(late.statusCode).toBe(200);
    expect(stripeStandIn.refunds).toContain(await intentOf(paidMeanwhile));
    expect(await rowOf(paidMeanwhile)).toMatchObject({
      status: 'refunded',
      refundReason: 'account_deleted',
      userId: null,
      affiliateEarnedAmount: 0,
    });
    expect((await rowOf(paidMeanwhile)).refundedAt).not.toBeNull();
    const refunds = stripeStandIn.refunds.length;
    expect((await webhook(paidMeanwhile)).statusCode).toBe(200);
    expect(stripeStandIn.refunds).toHaveLength(refunds);
  });

  it('records OXXO cash paid after the deletion as to be returned by transfer, and acknowledges it', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user, { paymentMethod: 'oxxo' });
    stripeStandIn.issueVoucher(sessionId);
    await webhook(sessionId, { paymentStatus: 'unpaid' });
    await t.database.db.delete(users).where(eq(users.id, user.id));
    stripeStandIn.pay(sessionId);
    const refunds = stripeStandIn.refunds.length;
    expect((await webhook(sessionId, { type: 'checkout.session.async_payment_succeeded' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    // Stripe cannot give cash back: nothing is sent there, and refundedAt stays empty until the operator transfers it.
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'account_deleted', refundedAt: null, userId: null });
    expect(stripeStandIn.refunds).toHaveLength(refunds);
  });
});

describe('discounts and amounts', () => {
  it('charge full price when the user won no discount, whatever the browser sends', async () => {
    const user = await createUser(t.database.db);
    const sessionId = await checkout(user, { discount: 80, amount: 10 });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(row).toMatchObject({ amountPaid: 930, discountPercent: 0, regularMembershipPrice: 930 });
  });

  it('apply the discount the user won, and consume it on payment', async () => {
    const user = await createUser(t.database.db, { affiliateShortId: 'dra-lopez' });
    const [attempt] = await t.database.db
      .insert(discountQuizAttempts)
      .values({
        participantKey: `user:${user.id}`,
        userId: user.id,
        questionId: 'dq-x',
        difficulty: 'Fácil',
        answerIndexSelected: 0,
        wasCorrect: true,
        day: '2026-11-20',
      })
      .returning();
    await t.database.db
      .insert(discounts)
      .values({ participantKey: `user:${user.id}`, userId: user.id, attemptId: attempt!.id, percent: 50 });
    const quotes = await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies: await sessionCookieFor(t.database.db, user) });
    expect(
      quotes.json().quotes.find((q: { planId: string; membershipMode: string }) => q.planId === '1-year' && q.membershipMode === 'single'),
    ).toMatchObject({ regularPrice: 1275, discountPercent: 50, finalPrice: 638 });

    const sessionId = await checkout(user, { membershipTypeSelected: '1-year', discount: 80 });
    stripeStandIn.pay(sessionId);
    await webhook(sessionId);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
    expect(row).toMatchObject({
      status: 'paid',
      regularMembershipPrice: 1275,
      discountPercent: 50,
      discountAmount: 637,
      amountPaid: 638,
      affiliateShortId: 'dra-lopez',
      affiliateEarnedAmount: 96,
    });
    const [discount] = await t.database.db.select().from(discounts).where(eq(discounts.userId, user.id));
    expect(discount!.usedAt).not.toBeNull();

    const next = await checkout(user, { membershipTypeSelected: '1-year' });
    const [again] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, next));
    expect(again!.amountPaid).toBe(1275);
  });
});

async function giveDiscount(user: User, percent: number) {
  const [attempt] = await t.database.db
    .insert(discountQuizAttempts)
    .values({
      participantKey: `user:${user.id}`,
      userId: user.id,
      questionId: `dq-${user.id}`,
      difficulty: 'Fácil',
      answerIndexSelected: 0,
      wasCorrect: true,
      day: '2026-11-20',
    })
    .returning();
  await t.database.db.insert(discounts).values({ participantKey: `user:${user.id}`, userId: user.id, attemptId: attempt!.id, percent });
}

const rowOf = async (sessionId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)))[0]!;
const userRow = async (user: User) => (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;

describe('one-time purchases opened in two tabs', () => {
  it('fulfil the one-week offer once and refund the second payment through Stripe, by e-mail and on screen', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const first = await checkout(user, { membershipTypeSelected: '1-week' });
    const second = await checkout(user, { membershipTypeSelected: '1-week' });
    // Both tabs reach Stripe's page and both get paid before either is fulfilled.
    stripeStandIn.pay(first);
    stripeStandIn.pay(second);
    const since = smtp.messages.length;
    await Promise.all([webhook(first), webhook(second)]);

    const rows = [await rowOf(first), await rowOf(second)];
    expect(rows.map((row) => row.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = rows.find((row) => row.status === 'refunded')!;
    expect(refunded).toMatchObject({ refundReason: 'one_week_offer_used', affiliateEarnedAmount: 0 });
    expect(refunded.refundedAt).not.toBeNull();
    const refundedSession = refunded.checkoutSessionId!;
    expect(stripeStandIn.refunds).toContain(`pi_test_${refundedSession.replace('cs_test_', '')}`);
    // One week of access, not two.
    const days = ((await userRow(user)).membershipEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const mail = await smtp.waitFor(user.email, { since, subject: /^Te devolvimos/ });
    expect(mail.subject).toBe('Te devolvimos tu pago en Galeno');
    expect(mail.text).toContain('La oferta de 1 semana se puede comprar una sola vez por cuenta');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout-session/${refundedSession}`,
      cookies: await sessionCookieFor(t.database.db, user),
    });
    expect(page.json()).toMatchObject({ status: 'refunded', refundReason: 'one_week_offer_used', amountPaid: 19 });

    // Retried deliveries neither fulfil nor refund again.
    await webhook(refundedSession);
    expect(stripeStandIn.refunds.filter((intent) => intent === `pi_test_${refundedSession.replace('cs_test_', '')}`)).toHaveLength(1);
  });

  it('sell lifetime access once per individual account', async () => {
    const user = await createUser(t.database.db);
    const first = await checkout(user, { membershipTypeSelected: 'lifetime' });
    const second = await checkout(user, { membershipTypeSelected: 'lifetime' });
    stripeStandIn.pay(first);
    stripeStandIn.pay(second);
    await webhook(first);
    await webhook(second);
    expect((await rowOf(first)).status).toBe('paid');
    expect(await rowOf(second)).toMatchObject({ status: 'refunded', refundReason: 'lifetime_already' });
    expect((await userRow(user)).subscriptionType).toBe('lifetime');
  });

  it('use a won discount once: a second checkout carrying it is refunded when paid after the first', async () => {
    const user = await createUser(t.database.db);
    await giveDiscount(user, 50);
    const first = await checkout(user, { membershipTypeSelected: '1-year' });
    const second = await checkout(user, { membershipTypeSelected: '6-months' });
    expect((await rowOf(second)).discountPercent).toBe(50);
    stripeStandIn.pay(first);
    stripeStandIn.pay(second);
    await webhook(first);
    await webhook(second);
    expect((await rowOf(first)).status).toBe('paid');
    expect(await rowOf(second)).toMatchObject({ status: 'refunded', refundReason: 'discount_used' });
  });

  it('expire the open checkouts a payment made stale, so they can no longer be paid', async () => {
    const user = await createUser(t.database.db);
    await giveDiscount(user, 30);
    const week = await checkout(user, { membershipTypeSelected: '1-week' });
    const otherWeek = await checkout(user, { membershipTypeSelected: '1-week' });
    const discounted = await checkout(user, { membershipTypeSelected: '1-year' });
    const otherDiscounted = await checkout(user, { membershipTypeSelected: '6-months' });
    stripeStandIn.pay(week);
    await webhook(week);
    expect((await rowOf(otherWeek)).status).toBe('expired');
    expect(stripeStandIn.expired).toContain(otherWeek);
    stripeStandIn.pay(discounted);
    await webhook(discounted);
    expect((await rowOf(otherDiscounted)).status).toBe('expired');
    expect(stripeStandIn.expired).toContain(otherDiscounted);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout-session/${otherWeek}`,
      cookies: await sessionCookieFor(t.database.db, user),
    });
    expect(page.json().status).toBe('expired');
  });
});

describe('OXXO through Stripe Checkout', () => {
  it('issues a voucher («Pago pendiente»), then fulfils once when the store payment arrives', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const before = stripeStandIn.requests.length;
    const sessionId = await checkout(user, { paymentMethod: 'oxxo' });
    const created = stripeStandIn.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.form.get('allowed_payment_method_types[0]')).toBe('oxxo');
    expect(created.form.get('payment_method_options[oxxo][expires_after_days]')).toBe('3');
    expect(created.form.get('payment_method_options[card][installments][enabled]')).toBeNull();

    // The student chose OXXO at Stripe: the checkout completes unpaid, with a voucher.
    const expiresAt = new Date(Date.now() + 3 * 86_400_000);
    stripeStandIn.issueVoucher(sessionId, { url: 'https://payments.stripe.test/oxxo/v1', expiresAt });
    expect((await webhook(sessionId, { paymentStatus: 'unpaid' })).statusCode).toBe(200);
    const pending = await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies });
    expect(pending.json()).toMatchObject({
      status: 'awaiting_payment',
      paymentMethod: 'oxxo',
      voucherUrl: 'https://payments.stripe.test/oxxo/v1',
    });
    expect(new Date(pending.json().voucherExpiresAt).getTime()).toBe(Math.floor(expiresAt.getTime() / 1000) * 1000);
    const quotes = await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies });
    expect(quotes.json().pendingVouchers).toEqual([
      expect.objectContaining({ amountPaid: 930, voucherUrl: 'https://payments.stripe.test/oxxo/v1' }),
    ]);
    let [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('free');

    // Paid at the store: async_payment_succeeded, delivered twice, fulfils once.
    stripeStandIn.pay(sessionId);
    const since = smtp.messages.length;
    await Promise.all([
      webhook(sessionId, { type: 'checkout.session.async_payment_succeeded' }),
      webhook(sessionId, { type: 'checkout.session.async_payment_succeeded' }),
    ]);
    [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('monthly');
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['paid']);
    const receipt = await smtp.waitFor(user.email, { since, subject: /recibo/ });
    expect(receipt.text).toContain('Efectivo en OXXO');
    expect(receipt.text).toContain('$930');
  });

  it('gives nothing for a voucher that lapsed unpaid', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const sessionId = await checkout(user, { paymentMethod: 'oxxo' });
    stripeStandIn.issueVoucher(sessionId);
    await webhook(sessionId, { paymentStatus: 'unpaid' });
    stripeStandIn.expireVoucher(sessionId);
    expect((await webhook(sessionId, { type: 'checkout.session.async_payment_failed', paymentStatus: 'unpaid' })).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies });
    expect(status.json()).toMatchObject({ status: 'failed' });
    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('free');
    const history = await t.app.inject({ method: 'GET', url: '/api/payments/history', cookies });
    expect(history.json().payments).toEqual([expect.objectContaining({ status: 'failed', paymentMethod: 'oxxo' })]);
  });

  it('does not send an OXXO refund to Stripe: the student is asked for a CLABE', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const first = await checkout(user, { membershipTypeSelected: '1-week', paymentMethod: 'oxxo' });
    const second = await checkout(user, { membershipTypeSelected: '1-week', paymentMethod: 'oxxo' });
    for (const sessionId of [first, second]) {
      stripeStandIn.issueVoucher(sessionId);
      await webhook(sessionId, { paymentStatus: 'unpaid' });
    }
    const refundsBefore = stripeStandIn.refunds.length;
    const since = smtp.messages.length;
    for (const sessionId of [first, second]) {
      stripeStandIn.pay(sessionId);
      await webhook(sessionId, { type: 'checkout.session.async_payment_succeeded' });
    }
    const [refunded] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, second));
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'one_week_offer_used' });
    expect(stripeStandIn.refunds.length).toBe(refundsBefore);
    const mail = await smtp.waitFor(user.email, { since, subject: /devolveremos/ });
    expect(mail.text).toContain('CLABE');
  });

  it('quotes which plans allow meses sin intereses and OXXO, and refuses an unknown method', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const quotes = (await t.app.inject({ method: 'GET', url: '/api/payments/quotes', cookies })).json();
    const sixMonths = quotes.quotes.find(
      (q: { planId: string; membershipMode: string }) => q.planId === '6-months' && q.membershipMode === 'single',
    );
    expect(sixMonths).toMatchObject({ oxxo: true, installmentMonths: [3, 6, 9], unavailableReason: null });
    const week = quotes.quotes.find(
      (q: { planId: string; membershipMode: string }) => q.planId === '1-week' && q.membershipMode === 'single',
    );
    expect(week.installmentMonths).toEqual([]);
    const bad = await requestCheckout(t, user, { paymentMethod: 'spei' });
    expect(bad.statusCode).toBe(400);
  });
});
