import { test, expect } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * N17's first part (issue 35): the root address is the app for a signed-in student. The landing is for visitors; a
 * student who opens Galeno from the browser's history or the home screen should not need a tap on «Entrar».
 */

const PHONE = { width: 360, height: 740 };

test.describe('la dirección raíz para quien ya entró', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('una estudiante con sesión abre «/» y llega a su inicio; sin sesión, la misma dirección muestra la página pública', async ({
    page,
    database,
  }) => {
    await signedInStudentFromFactory(page, database, 'raiz');

    await page.goto('/');
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('heading', { name: '¡Hola, Mariana!' })).toBeVisible();

    // A browser that kept no trace of the sign-in (cleared storage) finds out from the session check.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/');
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('heading', { name: '¡Hola, Mariana!' })).toBeVisible();

    // The session ends (its cookie is gone): the first open still heads for the app, whose guard asks for the login and
    // corrects what this browser remembered; from then on the root is the landing again.
    await page.context().clearCookies();
    await page.goto('/');
    await page.waitForURL(/\/login\?redirectTo=%2Fapp$/);
    await expect(page.getByRole('heading', { name: 'Entra a Galeno' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Probar 5 minutos sin registro' }).first()).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
