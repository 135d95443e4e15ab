import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { logInWithCode, signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * N5 of the second week's review (issue 35): a network blip never signs a student out, and a phone signed out by the
 * two-device limit is told why the next time it opens the app.
 */

const PHONE = { width: 360, height: 740 };
const REFRESH = '**/api/staggered-auth/token/refresh';

async function phoneIn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-MX' });
  return context.newPage();
}

test.describe('la sesión en un teléfono con mala señal', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('un corte de red al abrir la app muestra «Sin conexión — Reintentar», nunca el inicio de sesión, y vuelve sola', async ({
    page,
    database,
  }) => {
    await signedInStudentFromFactory(page, database, 'senal');
    await expect(page.getByRole('heading', { name: '¡Hola, Mariana!' })).toBeVisible();

    // Hospital Wi-Fi: the session check does not get through.
    await page.route(REFRESH, (route) => route.abort('internetdisconnected'));
    await page.goto('/app/estadisticas');
    await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Entra a Galeno' })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/app/estadisticas');
    await page.screenshot({ path: test.info().outputPath('sin-conexion.png') });

    // A tap on «Reintentar» while still offline keeps the screen.
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();

    // The signal comes back: the next try, by itself, opens the page she asked for.
    await page.unroute(REFRESH);
    await expect(page.getByRole('heading', { name: 'Mis estadísticas' })).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/app/estadisticas');
  });

  test('el teléfono que salió por el límite de 2 dispositivos lo sabe la siguiente vez que abre Galeno', async ({
    page,
    database,
    smtp,
    browser,
    baseURL,
  }) => {
    const student = await signedInStudentFromFactory(page, database, 'tresdispositivos');
    const second = await phoneIn(browser, baseURL!);
    await logInWithCode(second, smtp, student.email);
    await second.waitForURL(/\/app$/);
    // The first phone is put away; a third one signs in, which ends the least recently used session.
    await page.close();
    const third = await phoneIn(browser, baseURL!);
    await logInWithCode(third, smtp, student.email);
    await third.waitForURL(/\/app$/);
    await second.close();

    // Hours later the first phone opens the app again.
    const first = await page.context().newPage();
    await first.goto('/app');
    await first.waitForURL(/\/login/);
    await expect(first.getByText('Tu sesión se cerró porque tu cuenta entró en otro dispositivo', { exact: false })).toBeVisible();
    await first.screenshot({ path: test.info().outputPath('cerrada-por-otro-dispositivo.png') });
    await third.close();
  });
});
