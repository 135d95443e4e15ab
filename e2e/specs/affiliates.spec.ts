import { test, expect, captureScreens, expectAccessible, STAFF_EMAIL } from '../fixtures/test.ts';
import { freeStudentFromFactory, logInWithCode, newStudent, signUpThroughForm, type Student } from '../fixtures/accounts.ts';
import {
  buyPlan,
  createAffiliateFromDashboard,
  ensureAccount,
  figure,
  fillSignupForm,
  openSignedIn,
  staffMember,
  staffTable,
} from '../fixtures/affiliates.ts';

const owner: Student = { email: 'dra.lopez@example.com', name: 'Ana López', dateOfBirth: '1985-09-20', phone: '5523456789' };
const draLopez = { shortId: 'dra-lopez', name: 'Dra. Ana López', ownerEmail: owner.email, commissionPercent: '15' };
const instagramProfile = 'https://www.instagram.com/dra.ana.lopez/';

/** Today in Mexico City, as the server buckets its days: 'YYYY-MM-DD'. */
function mexicoCityToday(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
}

// The later tests look at what the first one left behind: the affiliate, its visit and its payment. The staff
// dashboard goes last, so a failure there leaves the access checks standing.
test.describe.serial('afiliados', () => {
  test('el equipo crea a «dra-lopez»; una visitante llega por /a/dra-lopez, se registra y compra 6 Meses; la dueña ve 1 visita, 1 registro, el pago y su ganancia de $140', async ({
    page,
    browser,
    server,
    smtp,
    database,
  }) => {
    // Three people, three browsers, one checkout: more than the default minute on a slow machine.
    test.slow();
    // Morning: the staff member signs in to /metrics and creates the affiliate for Dra. López.
    await ensureAccount(page, database, staffMember);
    await openSignedIn(page, smtp, STAFF_EMAIL, '/metrics');
    await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible({ timeout: 15_000 });
    await createAffiliateFromDashboard(page, draLopez);
    const affiliateRow = staffTable(page, 'Afiliados, del más reciente al más antiguo')
      .getByRole('row')
      .filter({ hasText: draLopez.shortId });
    await expect(affiliateRow).toContainText(draLopez.name);
    await expect(affiliateRow).toContainText(owner.email);
    await expect(affiliateRow).toContainText('15%');
    await expect(affiliateRow.getByRole('link', { name: `Ver panel de ${draLopez.name}` })).toHaveAttribute(
      'href',
      '/affiliate-metrics/dra-lopez',
    );
    const { rows: stored } = await database.pool.query('select name, owner_email, commission_rate from affiliates where short_id = $1', [
      'dra-lopez',
    ]);
    expect(stored).toEqual([{ name: draLopez.name, owner_email: owner.email, commission_rate: 0.15 }]);

    // Noon: a student follows the doctor's link on her own phone, signs up there and buys six months.
    const visitorContext = await browser.newContext({ baseURL: server.url });
    const visitor = await visitorContext.newPage();
    const student = newStudent('referida');
    // She taps the link in the doctor's Instagram profile.
    await visitor.goto('/a/dra-lopez', { referer: instagramProfile });
    expect(await visitor.evaluate(() => document.referrer)).toBe(instagramProfile);
    await expect(visitor.getByText(`Te invitó ${draLopez.name}`)).toBeVisible();
    await expect(visitor.getByLabel('Correo electrónico')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await database.pool.query("select affiliate_short_id, times_visited from landing_visits where origin_path = '/a/dra-lopez'"))
            .rows,
      )
      .toEqual([{ affiliate_short_id: 'dra-lopez', times_visited: 1 }]);
    await fillSignupForm(visitor, student);
    const { rows: registered } = await database.pool.query('select affiliate_short_id from users where email = $1', [student.email]);
    expect(registered).toEqual([{ affiliate_short_id: 'dra-lopez' }]);

    await logInWithCode(visitor, smtp, student.email);
    await visitor.waitForURL(/\/app$/);
    await buyPlan(visitor, '6 Meses', '$930');
    await expect(visitor.getByText('$930 MXN')).toBeVisible();
    await visitorContext.close();

    // The server rounds the 15% of 930 (139.5) to whole pesos.
    const { rows: paid } = await database.pool.query(
      'select p.status, p.plan_id, p.amount_paid, p.affiliate_short_id, p.affiliate_earned_amount from payments p join users u on u.id = p.user_id where u.email = $1',
      [student.email],
    );
    expect(paid).toEqual([
      { status: 'paid', plan_id: '6-months', amount_paid: 930, affiliate_short_id: 'dra-lopez', affiliate_earned_amount: 140 },
    ]);
    const earned = `$${paid[0].affiliate_earned_amount}`;

    // Evening: Dr. López signs up with the e-mail she gave the team and opens her dashboard.
    const ownerContext = await browser.newContext({ baseURL: server.url, permissions: ['clipboard-read', 'clipboard-write'] });
    const ownerPage = await ownerContext.newPage();
    await ensureAccount(ownerPage, database, owner);
    await openSignedIn(ownerPage, smtp, owner.email, '/affiliate-metrics/dra-lopez');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Panel de métricas' })).toBeVisible({ timeout: 15_000 });
    await expect(ownerPage.getByText('Datos de demostración')).toHaveCount(0);
    await expect(figure(ownerPage, 'Visitas únicas')).toHaveText('1');
    await expect(figure(ownerPage, 'Registros totales')).toHaveText('1');
    await expect(figure(ownerPage, 'Visitas Últimas 24 horas')).toHaveText('1');
    await expect(figure(ownerPage, 'Pagos totales')).toHaveText('$930');
    await expect(ownerPage.getByText(`Tus ganancias: ${earned}`)).toBeVisible();

    const recent = ownerPage.getByRole('region', { name: 'Registros recientes Último registro', exact: true });
    await expect(recent.locator('ol > li')).toHaveCount(1);
    const registration = recent.locator('ol > li').first();
    await expect(registration).toContainText('1 pago');
    await expect(registration).toContainText('6 Meses · Individual');
    await expect(registration.locator('dt', { hasText: 'Pagó' }).locator('xpath=following-sibling::dd[1]')).toHaveText('$930');
    await expect(registration.locator('dt', { hasText: 'Descuento' }).locator('xpath=following-sibling::dd[1]')).toHaveText('0%');
    await expect(registration.locator('dt', { hasText: 'Tu ganancia' }).locator('xpath=following-sibling::dd[1]')).toHaveText(earned);
    // People are not named on the affiliate's dashboard.
    await expect(ownerPage.getByText(student.email)).toHaveCount(0);

    // The link to share, and its copy button.
    const link = `${server.url}/a/dra-lopez`;
    await expect(ownerPage.getByLabel('Tu enlace de afiliado')).toHaveValue(link);
    await ownerPage.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(ownerPage.getByRole('status').filter({ hasText: 'Copiado al portapapeles' })).toBeVisible();
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await captureScreens(ownerPage, 'affiliate-dashboard');
    await expectAccessible(ownerPage);
    await ownerContext.close();
  });

  test('sin sesión /metrics pide iniciar sesión; una cuenta que no es del equipo ve el aviso de sin permiso y no entra al panel de dra-lopez', async ({
    page,
    smtp,
  }) => {
    await page.goto('/metrics');
    await page.waitForURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).search).toBe('?redirectTo=%2Fmetrics');

    const student = newStudent('curiosa');
    await signUpThroughForm(page, student);
    await openSignedIn(page, smtp, student.email, '/metrics');
    await expect(page.getByRole('heading', { level: 1, name: 'No tienes permiso para ver esta página' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Este panel es solo para el equipo de Galeno.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/affiliate-metrics/dra-lopez');
    await expect(page.getByRole('heading', { level: 1, name: 'No tienes acceso a este panel' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Panel de métricas' })).toHaveCount(0);
    await expect(page.getByText('Visitas únicas')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('el equipo ve en /metrics la visita de /a/dra-lopez con la IP enmascarada, el clic en «Regístrate» de la portada y los últimos 14 días', async ({
    page,
    browser,
    server,
    smtp,
    database,
  }) => {
    // A visitor on the landing page clicks 'Regístrate' in the header.
    const clicksBefore = async () =>
      (await database.pool.query<{ n: number }>("select count(*)::int as n from cta_clicks where button_clicked = 'header-signup'"))
        .rows[0]!.n;
    const before = await clicksBefore();
    const visitorContext = await browser.newContext({ baseURL: server.url });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await visitor.locator('header').getByRole('link', { name: 'Regístrate' }).click();
    await visitor.waitForURL(/\/signup$/);
    await expect.poll(clicksBefore).toBe(before + 1);
    await visitorContext.close();

    // The staff member checks the dashboard.
    await ensureAccount(page, database, staffMember);
    await openSignedIn(page, smtp, STAFF_EMAIL, '/metrics');
    await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible({ timeout: 15_000 });

    const visitRow = staffTable(page, 'Visitas recientes').getByRole('row').filter({ hasText: '/a/dra-lopez' });
    await expect(visitRow).toHaveCount(1);
    // Columns: Fecha, Ruta, Veces, Procedencia, IP. The address is shown masked, never in full.
    const cell = (column: number) => visitRow.getByRole('cell').nth(column);
    await expect(cell(0)).toHaveText(/\d/);
    await expect(cell(1)).toHaveText('/a/dra-lopez');
    await expect(cell(2)).toHaveText('1');
    await expect(cell(4)).toHaveText('127.0.x.x');
    // Where the visitor came from: the Instagram profile, not the page she landed on. Soft, so the rest of the dashboard is still checked.
    await expect.soft(cell(3), 'Procedencia is where the visitor came from (document.referrer)').toHaveText(instagramProfile);

    const topButton = staffTable(page, 'Botones más usados').getByRole('row').filter({ hasText: 'header-signup' });
    await expect(topButton).toHaveCount(1);
    await expect(topButton.getByRole('cell').last()).toHaveText(/^[1-9]\d*$/);
    await expect(staffTable(page, 'Clics recientes').getByRole('row').filter({ hasText: 'header-signup' }).first()).toBeVisible();

    // The 14-day table, newest day first, agrees with what the database holds for today.
    await expect(page.getByRole('heading', { name: 'Últimos 14 días' })).toBeVisible();
    const daily = staffTable(page, 'Visitas, clics y registros por día, últimos 14 días');
    await expect(daily.locator('tbody tr')).toHaveCount(14);
    const today = mexicoCityToday();
    const todayRow = daily.locator('tbody tr').first();
    await expect(todayRow.locator('time')).toHaveAttribute('datetime', today);
    const { rows: counts } = await database.pool.query<{ visits: number; clicks: number; registrations: number }>(
      `select
         (select count(*)::int from landing_visits where to_char(created_at at time zone 'America/Mexico_City', 'YYYY-MM-DD') = $1) as visits,
         (select count(*)::int from cta_clicks where to_char(created_at at time zone 'America/Mexico_City', 'YYYY-MM-DD') = $1) as clicks,
         (select count(*)::int from users where to_char(created_at at time zone 'America/Mexico_City', 'YYYY-MM-DD') = $1) as registrations`,
      [today],
    );
    const { visits, clicks, registrations } = counts[0]!;
    expect(visits).toBeGreaterThanOrEqual(1);
    await expect(todayRow.getByRole('cell')).toHaveText([String(visits), String(clicks), String(registrations)]);

    await captureScreens(page, 'staff-metrics');
    await expectAccessible(page);

    // Staff may open any affiliate's dashboard from the table.
    await page.getByRole('link', { name: `Ver panel de ${draLopez.name}` }).click();
    await page.waitForURL(/\/affiliate-metrics\/dra-lopez$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de métricas' })).toBeVisible({ timeout: 15_000 });
    await expect(figure(page, 'Visitas únicas')).toHaveText('1');
  });
});

test.describe('el panel de demostración y los enlaces rastreados', () => {
  test('cualquier cuenta ve en /affiliate-metrics/galeno las cifras de demostración: 312 visitas, 87 registros, 16 en 24 h, $35,000 y 30 registros', async ({
    page,
    database,
  }) => {
    await freeStudentFromFactory(page, database, 'demo');
    await page.goto('/affiliate-metrics/galeno');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de métricas' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Datos de demostración')).toBeVisible();
    await expect(figure(page, 'Visitas únicas')).toHaveText('312');
    await expect(figure(page, 'Registros totales')).toHaveText('87');
    await expect(figure(page, 'Visitas Últimas 24 horas')).toHaveText('16');
    await expect(figure(page, 'Pagos totales')).toHaveText('$35,000');
    const recent = page.getByRole('region', { name: 'Registros recientes Últimos 30 registros', exact: true });
    await expect(recent.locator('ol > li')).toHaveCount(30);
    await expect(page.getByLabel('Tu enlace de afiliado')).toHaveValue(/\/a\/galeno$/);
  });

  test('un enlace /a/ desconocido o vacío, o un panel sin identificador, lleva al registro, y /c/campana-1 registra la visita y llega a la portada', async ({
    page,
    database,
  }) => {
    await page.goto('/a/no-existe');
    await page.waitForURL((url) => url.pathname === '/signup');
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.getByText(/Te invitó/)).toHaveCount(0);
    await page.goto('/a');
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.goto('/affiliate-metrics');
    await page.waitForURL((url) => url.pathname === '/signup');
    const { rows: unknown } = await database.pool.query("select 1 from landing_visits where origin_path like '/a/no-existe%'");
    expect(unknown).toHaveLength(0);

    await page.goto('/c/campana-1');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await database.pool.query("select origin_path, affiliate_short_id from landing_visits where origin_path = '/c/campana-1'")).rows,
      )
      .toEqual([{ origin_path: '/c/campana-1', affiliate_short_id: null }]);
  });
});
