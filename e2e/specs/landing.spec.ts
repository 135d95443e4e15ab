import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';

test.describe('la página de inicio', () => {
  test('un visitante ve cada sección y sus anclas, y la visita y los clics quedan registrados', async ({ page, database }) => {
    await page.goto('/?utm_source=e2e');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const anchor of ['features', 'demo', 'pricing', 'faq']) {
      await expect(page.locator(`section#${anchor}`)).toBeVisible();
      await expect(page.locator(`header a[href="#${anchor}"]`).first()).toBeAttached();
    }
    await expect(page.locator('#pricing')).toContainText('$930');
    await expect(page.locator('#pricing')).toContainText('$1,275');
    await expect(page.locator('#pricing')).toContainText('$1,500');
    await expect(page.locator('#pricing')).not.toContainText('1 Semana');
    await expect(page.getByText(/80\s?%/).first()).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    // The visit is stored under its link (the path, without the query) with a masked IP and a hash, never the address itself.
    await expect
      .poll(
        async () => (await database.pool.query("select origin_path, ip_masked, ip_hash from landing_visits where origin_path = '/'")).rows,
      )
      .toHaveLength(1);
    const { rows } = await database.pool.query("select ip_masked, ip_hash from landing_visits where origin_path = '/'");
    expect(rows[0].ip_masked).toBe('127.0.x.x');
    expect(rows[0].ip_hash).not.toContain('127.0.0.1');

    await page.locator('header a[href="#pricing"]').first().click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect
      .poll(
        async () =>
          (await database.pool.query("select count(*)::int as n from cta_clicks where button_clicked = 'header-nav-pricing'")).rows[0].n,
      )
      .toBe(1);
  });

  test('sus enlaces van a donde dice la especificación', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-cta="header-login"]')).toHaveAttribute('href', '/login');
    await expect(page.locator('[data-cta="header-signup"]')).toHaveAttribute('href', '/signup');
    await expect(page.locator('[data-cta="hero-trial"]')).toHaveAttribute('href', '/trial-period');
    await expect(page.locator('[data-cta="hero-signup"]')).toHaveAttribute('href', '/signup');
    await expect(page.locator('[data-cta="promo-discount-quiz"]')).toHaveAttribute('href', '/discount-quiz');
    await expect(page.locator('[data-cta="trial-start"]')).toHaveAttribute('href', '/trial-period');
    await expect(page.locator('[data-cta="footer-home"]')).toHaveAttribute('href', '/');
    await expect(page.locator('[data-cta="footer-app"]')).toHaveAttribute('href', '/app');
    await expect(page.locator('[data-cta="footer-support"]')).toHaveAttribute('target', '_blank');
    await page.locator('[data-cta="header-signup"]').click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('en un teléfono de 360 px el encabezado cabe en una fila, con el logo y «Entrar»', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Regístrate' })).toBeHidden();
    await expect(header.getByRole('navigation')).toBeHidden();
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole('link', { name: 'Probar 5 minutos sin registro' })).toBeInViewport();
  });

  test('no tiene violaciones de accesibilidad graves y se ve bien en móvil y escritorio', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'landing');
  });
});

test.describe('la página 404', () => {
  test('una ruta desconocida muestra la página no encontrada y sus tres acciones funcionan', async ({ page }) => {
    await page.goto('/');
    await page.goto('/esta-ruta-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByText('Lo sentimos, la página que estás buscando no existe o ha sido movida...')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'not-found');

    await page.getByRole('button', { name: 'Regresar' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/otra/ruta/inexistente');
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/otra/ruta/inexistente');
    await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/app');
  });
});

test.describe('las páginas legales', () => {
  test('en un teléfono: el aviso de privacidad, los términos, los reembolsos y el contacto se abren desde el pie, dicen quién responde y no tienen fallas graves de accesibilidad', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    for (const [link, path, heading] of [
      ['Aviso de privacidad', '/privacidad', 'Aviso de privacidad integral'],
      ['Términos y condiciones', '/terminos', 'Términos y condiciones'],
      ['Política de reembolsos', '/reembolsos', 'Política de reembolsos'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Información legal' }).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The e2e server runs with the placeholder operator data, and the page says so.
      await expect(page.getByText('Datos del responsable por configurar')).toBeVisible();
      await expectAccessible(page);
    }
    await page.goto('/contacto');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacidad@ejemplo.invalid' }).first()).toBeVisible();
    await captureScreens(page, 'contact');
    await expectAccessible(page);
  });
});
