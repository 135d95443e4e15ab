import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { requestCheckout } from '../../test/checkout.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { payments } from '../../db/schema/memberships.ts';
import { users } from '../../db/schema/users.ts';

// The local test-mode provider (no Stripe keys) goes through the same fulfilment, refunds included.
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_ORIGIN: 'http://galeno.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the local test-mode checkout', () => {
  it('completes the one-week offer once; a second tab’s payment is recorded as refunded and the student told', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await requestCheckout(t, user, { membershipTypeSelected: '1-week' });
      sessions.push(/local-checkout\/(local_[0-9a-f]+)/.exec(response.json().sessionUrl)![1]!);
    }
    const since = smtp.messages.length;
    // Both test pages were open before either was paid; the first payment expires the second checkout...
    const first = await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${sessions[0]}/complete`, cookies });
    expect(first.statusCode).toBe(303);
    const [stale] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessions[1]!));
    expect(stale!.status).toBe('expired');
    // ...and a payment completed on it anyway is refunded, not fulfilled.
    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${sessions[1]}/complete`, cookies });
    const [refunded] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, sessions[1]!));
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'one_week_offer_used' });
    expect(refunded!.refundedAt).not.toBeNull();
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessions[1]}`, cookies });
    expect(status.json()).toMatchObject({ status: 'refunded', refundReason: 'one_week_offer_used' });
    expect((await smtp.waitFor(user.email, { since, subject: /^Te devolvimos/ })).subject).toBe('Te devolvimos tu pago en Galeno');

    const [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const days = (fresh!.membershipEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeLessThan(7.1);
  });

  it('simulates OXXO: the voucher leaves the payment pending until the store pays; a lapsed voucher gives nothing', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const open = async () => {
      const response = await requestCheckout(t, user, { paymentMethod: 'oxxo' });
      return /local-checkout\/(local_[0-9a-f]+)/.exec(response.json().sessionUrl)![1]!;
    };
    const paidLater = await open();
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/local-checkout/${paidLater}`, cookies });
    expect(page.body).toContain('Generar ficha OXXO');
    // OXXO is paid at the store, as at Stripe: the card form's «complete» never pays it, before or after the voucher.
    const asCard = await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${paidLater}/complete`, cookies });
    expect(asCard.statusCode).toBe(409);
    expect(asCard.json()).toEqual({
      code: 'OXXO_PAID_AT_STORE',
      errorMessage: 'Este pago es en efectivo en OXXO: genera la ficha y págala en la tienda.',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${paidLater}`, cookies })).json().status).toBe(
      'pending',
    );
    const issued = await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${paidLater}/voucher`, cookies });
    expect(issued.statusCode).toBe(303);
    const pending = (await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${paidLater}`, cookies })).json();
    expect(pending).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'oxxo' });
    expect(pending.voucherUrl).toBe(`http://galeno.test/api/payments/local-checkout/${paidLater}/voucher`);
    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${paidLater}/complete`, cookies });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${paidLater}`, cookies })).json().status).toBe(
      'awaiting_payment',
    );
    const voucher = await t.app.inject({ method: 'GET', url: `/api/payments/local-checkout/${paidLater}/voucher`, cookies });
    expect(voucher.body).toContain('Simular pago en OXXO');
    let [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('free');

    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${paidLater}/voucher/paid`, cookies });
    [fresh] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(fresh!.subscriptionType).toBe('monthly');
    const again = await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${paidLater}/voucher/paid`, cookies });
    expect(again.statusCode).toBe(409);

    const lapsed = await open();
    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${lapsed}/voucher`, cookies });
    await t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${lapsed}/voucher/expired`, cookies });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${lapsed}`, cookies })).json().status).toBe('failed');
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
  });

  it('offers meses sin intereses on the test card page when the amount allows them', async () => {
    const user = await createUser(t.database.db);
    const cookies = await sessionCookieFor(t.database.db, user);
    const response = await requestCheckout(t, user, { membershipTypeSelected: 'lifetime' });
    const sessionId = /local-checkout\/(local_[0-9a-f]+)/.exec(response.json().sessionUrl)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/local-checkout/${sessionId}`, cookies });
    expect(page.body).toContain('12 meses sin intereses de $125');
    expect(page.body).toContain('/app/membership-pay?plan=lifetime&#38;cancelado=1');
    // Styled under its own policy: inline styles and same-origin forms, nothing else (the API's JSON policy blocked them).
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('says on the receipt and the success page the meses sin intereses chosen, the plan bought and when a factura arrives (ux N21)', async () => {
    const user = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const cookies = await sessionCookieFor(t.database.db, user);
    const response = await requestCheckout(t, user, { membershipTypeSelected: '1-year' });
    const sessionId = /local-checkout\/(local_[0-9a-f]+)/.exec(response.json().sessionUrl)![1]!;
    const since = smtp.messages.length;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${sessionId}/complete`,
      cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'installments=12',
    });
    expect(paid.statusCode).toBe(303);
    const receipt = await smtp.waitFor(user.email, { since, subject: /recibo/ });
    expect(receipt.text).toContain('Forma de pago: Tarjeta, 12 meses sin intereses de $107');
    expect(receipt.text).toContain('te la enviamos por correo en un máximo de 3 días hábiles');
    const status = (await t.app.inject({ method: 'GET', url: `/api/payments/checkout-session/${sessionId}`, cookies })).json();
    expect(status).toMatchObject({ status: 'paid', paymentMethod: 'card', installmentMonths: 12, planId: '1-year' });

    // A plan the amount does not split into is recorded as one payment, never as what the form claimed.
    const other = await createUser(t.database.db, { membershipEnd: new Date(Date.now() - 1000) });
    const week = await requestCheckout(t, other, { membershipTypeSelected: '1-week' });
    const weekSession = /local-checkout\/(local_[0-9a-f]+)/.exec(week.json().sessionUrl)![1]!;
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${weekSession}/complete`,
      cookies: await sessionCookieFor(t.database.db, other),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'installments=12',
    });
    const [weekRow] = await t.database.db.select().from(payments).where(eq(payments.checkoutSessionId, weekSession));
    expect(weekRow).toMatchObject({ status: 'paid', installmentMonths: null });
  });
});
