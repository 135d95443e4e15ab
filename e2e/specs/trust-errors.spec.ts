import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * N4 of the second week's review (issue 35): «Continuar» on an unfinished review, after the free hours ended, opened
 * «Unexpected Application Error!». Whatever fails under a page (access that ended, a missing item, the server, the
 * network, the page's own code not downloading), a phone sees one Spanish screen with «Reintentar» and «Ir al inicio».
 */

const PHONE = { width: 360, height: 740 };
const REVIEW = '/app/repaso/00000000-0000-4000-8000-000000000001';
const QUESTIONS = '**/api/quiz/sessions/*/questions';

async function expectErrorScreen(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/app');
  // Fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe('una falla nunca muestra una pantalla en inglés', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('403, 404, 500, sin red y sin el código de la página: la misma pantalla en español con «Reintentar» e «Ir al inicio»', async ({
    page,
    database,
  }) => {
    await signedInStudentFromFactory(page, database, 'fallas');

    await page.route(QUESTIONS, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'MEMBERSHIP_EXPIRED', errorMessage: 'Tus horas gratis terminaron.' }),
      }),
    );
    await page.goto(REVIEW);
    await expectErrorScreen(page, 'Esta sección necesita una membresía activa');
    await expect(page.getByText('Tus horas gratis terminaron.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('error-403.png') });
    await page.unroute(QUESTIONS);

    // The real server: no such session.
    await page.goto(REVIEW);
    await expectErrorScreen(page, 'No encontramos lo que buscas');
    await page.screenshot({ path: test.info().outputPath('error-404.png') });

    await page.route(QUESTIONS, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', errorMessage: 'x' }) }),
    );
    await page.goto(REVIEW);
    await expectErrorScreen(page, 'Algo salió mal');
    await page.unroute(QUESTIONS);

    await page.route(QUESTIONS, (route) => route.abort('internetdisconnected'));
    await page.goto(REVIEW);
    await expectErrorScreen(page, 'Sin conexión');
    await page.unroute(QUESTIONS);

    // The page's own code does not arrive (the signal dropped between two screens).
    await page.goto('/app');
    await page.route('**/assets/review-session-route-*.js', (route) => route.abort('internetdisconnected'));
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, REVIEW);
    await expectErrorScreen(page, 'Sin conexión');
    await page.screenshot({ path: test.info().outputPath('error-chunk.png') });

    // «Ir al inicio» works from there.
    await page.unroute('**/assets/review-session-route-*.js');
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('heading', { name: '¡Hola, Mariana!' })).toBeVisible();
  });
});
