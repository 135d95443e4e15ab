import type { Browser, Page } from '@playwright/test';
import Stripe from 'stripe';
import { test, expect, captureScreens, expectAccessible, startE2eServer, E2E_TRIAL_SECONDS } from '../fixtures/test.ts';
import { freeStudentFromFactory, newStudent, signedInAsFromFactory, signUpThroughForm } from '../fixtures/accounts.ts';
import { mxn } from '../fixtures/discount.ts';
import type { E2eDatabase } from '../fixtures/database.ts';
import { startStripeStandIn } from '../../apps/api/src/test/stripe-stand-in.ts';

/*
 * Paying as a Mexican student expects (issue 20): cash at OXXO with «Pago pendiente» until the store payment
 * arrives, through the local test provider and through the real Stripe SDK against a loopback stand-in; the
 * receipt e-mail; and a membership paid on one device showing on another within a minute, without a reload.
 */

const PHONE = { width: 360, height: 740 };

async function statusesOf(database: E2eDatabase, email: string): Promise<{ status: string; payment_method: string }[]> {
  const { rows } = await database.pool.query<{ status: string; payment_method: string }>(
    `select status, payment_method from payments where user_id = (select id from users where email = $1) order by created_at`,
    [email],
  );
  return rows;
}

function headerBadge(page: Page) {
  return page.getByRole('banner').getByText(/^Tipo de cuenta: \S/);
}

/** From the selection to the provider with OXXO chosen: the plan preselected by `?plan=`, the amount on both buttons. */
async function chooseOxxo(page: Page, plan: string, amount: number): Promise<void> {
  await page.goto(`/app/membership-pay?plan=${plan}`);
  await page.getByRole('button', { name: `Pagar ${mxn(amount)} MXN` }).click();
  const confirmation = page.getByRole('region', { name: 'Confirma tu compra' });
  await confirmation.getByRole('radio', { name: /Efectivo en OXXO/ }).check();
  await captureScreens(page, 'membership-pay-oxxo');
  await expectAccessible(page);
  await confirmation.getByRole('button', { name: `Generar ficha OXXO por ${mxn(amount)} MXN` }).click();
}

test.describe('pagos en México', () => {
  test.use({ viewport: PHONE });

  test('OXXO con el proveedor de prueba: «Pago pendiente», la tienda paga y llega el recibo; una ficha vencida no da nada', async ({
    page,
    database,
    smtp,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'oxxo');
    await chooseOxxo(page, '6-months', 930);
    await page.waitForURL(/\/api\/payments\/local-checkout\/local_/);
    await page.getByRole('button', { name: 'Generar ficha OXXO (prueba)' }).click();

    await page.waitForURL(/\/app\/membership-pay\/success\?session_id=local_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pago pendiente' })).toBeVisible();
    await expect(page.getByText(/Tu ficha para pagar \$930 MXN en OXXO está lista; págala antes del/)).toBeVisible();
    await captureScreens(page, 'payment-oxxo-pending');
    await expectAccessible(page);
    expect(await statusesOf(database, student.email)).toEqual([{ status: 'awaiting_payment', payment_method: 'oxxo' }]);

    // Before paying again, the selection says a voucher is waiting.
    await page.goto('/app/membership-pay');
    const notice = page.getByRole('region', { name: 'Pago pendiente' });
    await expect(notice).toContainText('no pagues de nuevo');
    const voucherUrl = await notice.getByRole('link', { name: /Ver mi ficha de pago/ }).getAttribute('href');
    await page.goto('/app');
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Gratis');

    // The store's side, simulated on the test voucher: paid.
    const since = smtp.messages.length;
    await page.goto(voucherUrl!);
    await page.getByRole('button', { name: 'Simular pago en OXXO' }).click();
    await expect(page.getByRole('heading', { name: '¡Pago confirmado!' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Premium');
    const receipt = await smtp.waitFor(student.email, { since, subject: /recibo/ });
    expect(receipt.text).toContain(`Pagaste: ${mxn(930)} MXN`);
    expect(receipt.text).toContain('Forma de pago: Efectivo en OXXO');

    // A second voucher that lapses unpaid gives nothing and says so.
    await chooseOxxo(page, '1-year', 1275);
    await page.getByRole('button', { name: 'Generar ficha OXXO (prueba)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pago pendiente' })).toBeVisible();
    const second = await page.getByRole('link', { name: 'Ver mi ficha de pago' }).getAttribute('href');
    await page.goto(second!);
    await page.getByRole('button', { name: 'Simular ficha vencida' }).click();
    await expect(page.getByRole('heading', { name: 'Este pago no se completó' })).toBeVisible();
    expect(await statusesOf(database, student.email)).toEqual([
      { status: 'paid', payment_method: 'oxxo' },
      { status: 'failed', payment_method: 'oxxo' },
    ]);
  });

  test('OXXO por Stripe (SDK real contra un doble local): el webhook deja la ficha pendiente y async_payment_succeeded activa la membresía', async ({
    browser,
    database,
    smtp,
  }) => {
    const standIn = await startStripeStandIn();
    const secret = 'whsec_e2e_secret';
    const server = await startE2eServer(database, smtp, E2E_TRIAL_SECONDS, {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: standIn.url,
    });
    const context = await browser.newContext({ baseURL: server.url, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: PHONE });
    const signer = new Stripe('sk_test_signer');
    const webhook = async (sessionId: string, type: string, paymentStatus: 'paid' | 'unpaid') => {
      const payload = JSON.stringify({
        id: `evt_${sessionId}_${type}`,
        object: 'event',
        type,
        data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, metadata: {} } },
      });
      const response = await fetch(`${server.url}/api/payments/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
        body: payload,
      });
      expect(response.status).toBe(200);
    };
    try {
      const page = await context.newPage();
      const student = await freeStudentFromFactory(page, database, 'stripeoxxo');
      await chooseOxxo(page, '6-months', 930);
      // At Stripe's page (the stand-in's): the student chose OXXO and got a voucher.
      await page.waitForURL((url) => url.origin === standIn.url);
      const sessionId = /\/pay\/(cs_test_\d+)/.exec(page.url())![1]!;
      const created = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!;
      expect(created.form.get('allowed_payment_method_types[0]')).toBe('oxxo');
      standIn.issueVoucher(sessionId, { url: `${standIn.url}/voucher/${sessionId}`, expiresAt: new Date(Date.now() + 3 * 86_400_000) });
      await webhook(sessionId, 'checkout.session.completed', 'unpaid');
      await page.goto(`/app/membership-pay/success?session_id=${sessionId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Pago pendiente' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver mi ficha de pago' })).toHaveAttribute('href', `${standIn.url}/voucher/${sessionId}`);
      expect(await statusesOf(database, student.email)).toEqual([{ status: 'awaiting_payment', payment_method: 'oxxo' }]);

      // Paid at the store: Stripe says so with async_payment_succeeded.
      standIn.pay(sessionId);
      await webhook(sessionId, 'checkout.session.async_payment_succeeded', 'paid');
      await page.getByRole('button', { name: 'Revisar de nuevo' }).click();
      await expect(page.getByRole('heading', { name: '¡Pago confirmado!' })).toBeVisible({ timeout: 15_000 });
      expect(await statusesOf(database, student.email)).toEqual([{ status: 'paid', payment_method: 'oxxo' }]);

      // A second voucher that lapses: async_payment_failed, no membership added.
      await chooseOxxo(page, '1-year', 1275);
      await page.waitForURL((url) => url.origin === standIn.url);
      const lapsed = /\/pay\/(cs_test_\d+)/.exec(page.url())![1]!;
      standIn.issueVoucher(lapsed);
      await webhook(lapsed, 'checkout.session.completed', 'unpaid');
      standIn.expireVoucher(lapsed);
      await webhook(lapsed, 'checkout.session.async_payment_failed', 'unpaid');
      await page.goto(`/app/membership-pay/success?session_id=${lapsed}`);
      await expect(page.getByRole('heading', { name: 'Este pago no se completó' })).toBeVisible();
      expect(await statusesOf(database, student.email)).toEqual([
        { status: 'paid', payment_method: 'oxxo' },
        { status: 'failed', payment_method: 'oxxo' },
      ]);
    } finally {
      await context.close();
      await server.stop();
      await standIn.close();
    }
  });

  test('una membresía pagada en un dispositivo aparece en otro ya abierto en menos de un minuto, sin recargar', async ({
    page,
    database,
    browser,
    server,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'dosdispositivos');
    const other = await openSecondDevice(browser, server.url, database, student.email);
    try {
      await expect(headerBadge(other)).toHaveText('Tipo de cuenta: Gratis');

      await page.goto('/app/membership-pay?plan=6-months');
      await page.getByRole('button', { name: `Pagar ${mxn(930)} MXN` }).click();
      await page
        .getByRole('region', { name: 'Confirma tu compra' })
        .getByRole('button', { name: `Pagar ${mxn(930)} MXN` })
        .click();
      await page.getByRole('button', { name: 'Pagar (prueba)' }).click();
      await expect(page.getByRole('heading', { name: '¡Pago confirmado!' })).toBeVisible({ timeout: 15_000 });

      // The open page asks again every minute: a minute later it shows the new plan, with no reload.
      await other.clock.runFor(61_000);
      await expect(headerBadge(other)).toHaveText('Tipo de cuenta: Premium', { timeout: 10_000 });
    } finally {
      await other.context().close();
    }
  });
});

test('una visitante que llega por /a/…, se va y se registra un día después queda atribuida a la afiliada', async ({ page, database }) => {
  const shortId = `ref-${Date.now()}`;
  await database.pool.query("insert into affiliates (short_id, name, owner_email) values ($1, 'Dra. Ruiz', 'dra.ruiz@example.com')", [
    shortId,
  ]);
  await page.clock.install();
  await page.goto(`/a/${shortId}`);
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  // She leaves for the landing and comes back a day later (clock moved), to the plain signup.
  await page.goto('/');
  await page.clock.fastForward('24:00:00');
  const visitor = newStudent('referida');
  await signUpThroughForm(page, visitor);
  const { rows } = await database.pool.query<{ affiliate_short_id: string | null }>(
    'select affiliate_short_id from users where email = $1',
    [visitor.email],
  );
  expect(rows).toEqual([{ affiliate_short_id: shortId }]);
});

/** The same student on a second device (a new browser context), home page open, its clock under the test's control. */
async function openSecondDevice(browser: Browser, baseURL: string, database: E2eDatabase, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: PHONE });
  const page = await context.newPage();
  await page.clock.install();
  await signedInAsFromFactory(page, database, email);
  await page.waitForURL(/\/app$/);
  return page;
}
