import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { freeStudentFromFactory } from '../fixtures/accounts.ts';
import { buyPlan } from '../fixtures/affiliates.ts';
import { mxn } from '../fixtures/discount.ts';

/*
 * Paid means paid at once (issue 35): after a payment every open page and the next page load show the new plan, and
 * the profile kept in the browser never outranks the server.
 */

const PHONE = { width: 360, height: 740 };

function headerBadge(page: Page) {
  return page.getByRole('banner').getByText(/^Tipo de cuenta: \S/);
}

test.describe('lo pagado se ve pagado al instante', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('una estudiante paga 6 meses en otra pestaña: el inicio que dejó abierto y el que abre después dicen Premium sin la oferta', async ({
    page,
    database,
  }) => {
    await freeStudentFromFactory(page, database, 'pagada');
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Gratis');
    await expect(page.getByRole('link', { name: 'Aprovechar oferta' })).toBeVisible();

    // The home stays open in its tab while she pays in another one, as on a phone with two tabs.
    const payTab = await page.context().newPage();
    await buyPlan(payTab, '6 Meses', mxn(930));

    // The tab left open learns it without a tap, a reload or a minute's wait.
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Premium', { timeout: 5_000 });
    await expect(page.getByRole('link', { name: 'Aprovechar oferta' })).toHaveCount(0);

    // The next page load, typed or from a bookmark, straight after the payment.
    await payTab.goto('/app');
    await expect(headerBadge(payTab)).toHaveText('Tipo de cuenta: Premium');
    await expect(payTab.getByRole('link', { name: 'Aprovechar oferta' })).toHaveCount(0);
    await expect(payTab.getByText('Tus 2 horas de estudio gratis te esperan')).toHaveCount(0);
    await payTab.screenshot({ path: test.info().outputPath('home-after-payment.png') });
    await payTab.close();
  });

  test('un pago hecho en otro dispositivo se ve en la siguiente carga aunque el navegador guarde el perfil de hace segundos', async ({
    page,
    database,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'otrodispositivo');
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Gratis');

    // Paid elsewhere (another phone, an OXXO voucher confirmed by the webhook): this browser's copy is seconds old.
    await database.pool.query(
      `update users set subscription_type = 'monthly', membership_start = now(), membership_end = now() + interval '180 days'
        where email = $1`,
      [student.email],
    );
    await page.reload();
    await expect(headerBadge(page)).toHaveText('Tipo de cuenta: Premium');
    await expect(page.getByRole('link', { name: 'Aprovechar oferta' })).toHaveCount(0);
  });
});
