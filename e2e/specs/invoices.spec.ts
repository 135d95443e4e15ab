import type { Page } from '@playwright/test';
import { paymentReference } from '@galeno/domain/plans';
import { LEGAL_PLACEHOLDERS } from '../../apps/api/src/config.ts';
import { test, expect, captureScreens, expectAccessible, STAFF_EMAIL } from '../fixtures/test.ts';
import { freeStudentFromFactory, signedInAsFromFactory } from '../fixtures/accounts.ts';
import type { E2eDatabase } from '../fixtures/database.ts';

/**
 * Pays 6 Meses with the local provider: the checkout starts as the membership page starts it (its own request from the
 * page, with the session), then the student pays on the provider's test checkout. The membership page's steps have
 * their own spec (memberships.spec.ts).
 */
async function payForSixMonths(page: Page): Promise<void> {
  const sessionUrl = await page.evaluate(async () => {
    const me = (await (await fetch('/api/staggered-auth/user/me')).json()) as { authUser: { id: string } };
    const response = await fetch('/api/payments/stripe-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: me.authUser.id, membershipTypeSelected: '6-months', membershipMode: 'single' }),
    });
    return ((await response.json()) as { sessionUrl: string }).sessionUrl;
  });
  await page.goto(sessionUrl);
  await expect(page.getByText('Modo de prueba')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar (prueba)' }).click();
  await page.waitForURL(/\/app\/membership-pay\/success\?session_id=local_/);
  await expect(page.getByRole('heading', { name: '¡Pago confirmado!' })).toBeVisible({ timeout: 15_000 });
}

async function paymentIdOf(database: E2eDatabase, email: string): Promise<string> {
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from payments where status = 'paid' and user_id = (select id from users where email = $1)`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

test.describe('facturas', () => {
  test('una estudiante paga, pide factura desde su perfil, el equipo la ve en /metrics/facturas y la marca emitida', async ({
    page,
    browser,
    database,
    smtp,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'factura');
    await payForSixMonths(page);
    const reference = paymentReference(await paymentIdOf(database, student.email));

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app/profile');
    const payments = page.getByRole('region', { name: 'Pagos' });
    await payments.getByRole('button', { name: `Solicitar factura del pago ${reference}` }).click();
    const form = payments.getByRole('form', { name: 'Datos para tu factura' });
    await expect(form.getByLabel('Correo para recibir la factura')).toHaveValue(student.email);

    // The server's rules, checked in the page: the generic RFC is nobody's invoice.
    await form.getByLabel('RFC').fill('XAXX010101000');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(form.getByText('Ese es un RFC genérico')).toBeVisible();
    await expect(form.getByLabel('RFC')).toBeFocused();

    await form.getByLabel('RFC').fill('gode561231gr8');
    await form.getByLabel('Nombre o razón social').fill('Emilia Gómez Díaz');
    await form.getByLabel('Régimen fiscal').selectOption('612');
    await form.getByLabel('Uso del CFDI').selectOption('G03');
    await form.getByLabel('Código postal').fill('06700');
    await expectAccessible(page);
    await captureScreens(page, 'invoice-request-form');
    // Nothing spills sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const since = smtp.messages.length;
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(payments.getByText('Factura solicitada')).toBeVisible();
    await expect(payments.getByRole('button', { name: `Corregir datos del pago ${reference}` })).toBeVisible();
    // The operator's inbox (CONTACT_EMAIL) hears of it with what to stamp.
    const notice = await smtp.waitFor(LEGAL_PLACEHOLDERS.email, { since, subject: /^Factura solicitada/ });
    expect(notice.text).toContain(`Referencia: ${reference}`);
    expect(notice.text).toContain('RFC: GODE561231GR8');

    const staffContext = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 360, height: 740 } });
    try {
      const staffPage = await staffContext.newPage();
      await signedInAsFromFactory(staffPage, database, STAFF_EMAIL, '/metrics');
      await staffPage.getByRole('link', { name: 'Facturas solicitadas' }).click();
      await staffPage.waitForURL(/\/metrics\/facturas$/);
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Facturas solicitadas' })).toBeVisible();
      const card = staffPage.getByRole('article', { name: new RegExp(reference) });
      await expect(card).toContainText('GODE561231GR8');
      await expect(card).toContainText('EMILIA GÓMEZ DÍAZ');
      await expect(card).toContainText('612 Personas Físicas con Actividades Empresariales y Profesionales');
      await expect(card).toContainText('G03 Gastos en general');
      await expect(card).toContainText('6 Meses');
      await expectAccessible(staffPage);
      await captureScreens(staffPage, 'invoice-queue');
      await card.getByRole('button', { name: 'Marcar como emitida' }).click();
      await expect(card.getByRole('status')).toContainText('Emitida el');
      const { rows } = await database.pool.query<{ status: string }>('select status from invoice_requests where rfc = $1', [
        'GODE561231GR8',
      ]);
      expect(rows.map((row) => row.status)).toContain('issued');
    } finally {
      await staffContext.close();
    }

    await page.reload();
    await expect(payments.getByText('Factura emitida')).toBeVisible();
    await expect(payments.getByRole('button', { name: /Corregir datos/ })).toHaveCount(0);
  });
});
