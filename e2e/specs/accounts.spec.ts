import { test, expect, captureScreens, expectAccessible, E2E_TRIAL_SECONDS } from '../fixtures/test.ts';
import { logInWithCode, newStudent, signUpThroughForm } from '../fixtures/accounts.ts';

test.describe('cuentas', () => {
  test('una estudiante nueva se registra, ve la confirmación, entra con el código del correo y llega a /app con su tiempo gratuito', async ({
    page,
    smtp,
  }) => {
    const student = newStudent();
    await page.goto('/signup');
    await captureScreens(page, 'signup');
    await expectAccessible(page);

    // Step 1 refuses an invalid e-mail with the spec's message.
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByLabel('Nombre completo').fill('M');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Ingresa un email válido')).toBeVisible();
    await expect(page.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();

    await signUpThroughForm(page, student);
    await expect(page.getByText('Usuario creado correctamente')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/signup-confirmation\\?email=${encodeURIComponent(student.email).replace('.', '\\.')}`));
    await expect(page.getByText(student.email).first()).toBeVisible();
    await captureScreens(page, 'signup-confirmation');
    const confirmation = await smtp.waitFor(student.email);
    expect(confirmation.text).toContain('/login?email=');

    await page.goto(`/login?email=${encodeURIComponent(student.email)}`);
    await captureScreens(page, 'login');
    await expectAccessible(page);
    await logInWithCode(page, smtp, student.email);
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Pruebas Rápidas')).toBeVisible();
    await expect(page.getByRole('link', { name: /Ver mis estadísticas/ })).toHaveAttribute('href', '/app/estadisticas');
    // The free countdown: about 2 hours left, ticking.
    await expect(page.getByText(/1\s*h|59\s*min|01:59/).first()).toBeVisible();
    await captureScreens(page, 'home');
    await expectAccessible(page);
  });

  test('la fecha de nacimiento y el teléfono sirven solo después de confirmarlos en el perfil; una fecha incorrecta ofrece el teléfono', async ({
    page,
    smtp,
  }) => {
    const student = newStudent();
    await signUpThroughForm(page, student);
    // Typed at signup, they open nothing yet: the address was never proved.
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await smtp.waitFor(student.email);
    await page.getByRole('button', { name: 'No encuentro el código' }).click();
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(student.dateOfBirth);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText(/primero confírmalos en Mi Perfil/).first()).toBeVisible();

    // The owner proves the address with the code and confirms them in the profile.
    await page.goto('/login');
    await logInWithCode(page, smtp, student.email);
    await page.waitForURL(/\/app$/);
    await page.goto('/app/profile');
    await expect(page.getByText(/Confirma tu fecha de nacimiento y tu teléfono/)).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar mis datos' }).click();
    await expect(page.getByText(/Listo: puedes usar tu fecha de nacimiento/)).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    await page.waitForURL(/\/login/);

    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await smtp.waitFor(student.email);
    await page.getByRole('button', { name: 'No encuentro el código' }).click();
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('2000-01-01');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText(/Fecha de nacimiento incorrecta/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Entrar con mi número de teléfono' }).click();
    await page.getByLabel('Número de teléfono', { exact: true }).fill('55 1234 5678');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/app$/);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to === student.email && m.subject.startsWith('Nuevo inicio de sesión')).length)
      .toBe(1);
  });

  test('una visita anónima a /app/profile?x=1 pasa por el login y regresa ahí; la especialidad se guarda y Cerrar Sesión sale', async ({
    page,
    smtp,
  }) => {
    const student = newStudent();
    await signUpThroughForm(page, student);
    await page.goto('/app/profile?x=1');
    await page.waitForURL(/\/login\?redirectTo=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirectTo') ?? '')).toBe('/app/profile?x=1');
    await logInWithCode(page, smtp, student.email);
    await page.waitForURL(/\/app\/profile\?x=1$/);
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByText(student.email)).toBeVisible();
    await captureScreens(page, 'profile');
    await expectAccessible(page);

    await page.getByLabel('¿A qué especialidad quieres entrar?').selectOption('Pediatría');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Pediatría').first()).toBeVisible();
    await expect(page.getByLabel('¿A qué especialidad quieres entrar?')).toHaveCount(0);

    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    await page.waitForURL(/\/login/);
    await page.goto('/app');
    await page.waitForURL(/\/login\?redirectTo=/);
  });

  test('redirectTo nunca saca de la app: con sesión y al entrar, /.//evil.test y su familia terminan en /app', async ({ page, smtp }) => {
    const bypasses = [
      '/.//evil.test',
      '/./%5Cevil.test',
      '//evil.test',
      '/%5Cevil.test',
      'https:evil.test',
      '/%09/evil.test',
      '/%0A/evil.test',
      '/..//evil.test',
    ];
    const student = newStudent();
    await signUpThroughForm(page, student);
    // At login: after the code, the student lands in the app, never on another site.
    await page.goto(`/login?redirectTo=${encodeURIComponent('/.//evil.test')}`);
    await logInWithCode(page, smtp, student.email);
    await page.waitForURL((url) => url.pathname === '/app');
    const appOrigin = new URL(page.url()).origin;
    // Signed in: the login route's loader sends the student on at once.
    for (const target of bypasses) {
      await page.goto(`/login?redirectTo=${target.startsWith('/') && target.includes('%') ? target : encodeURIComponent(target)}`);
      await page.waitForURL((url) => url.pathname === '/app', { timeout: 5000 });
      expect(new URL(page.url()).origin, target).toBe(appOrigin);
      expect(page.url(), target).not.toContain('evil.test');
    }
    // The "Cerrar sesión en todos los dispositivos" button ends the session here too.
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await page.waitForURL(/\/login/);
  });

  test('una prueba gratuita muestra la cuenta regresiva y al terminar cubre la app con la invitación a registrarse', async ({ page }) => {
    await page.goto('/trial-period');
    await page.waitForURL(/\/app$/);
    await expect(page.getByLabel('Tiempo de tu prueba gratuita')).toBeVisible();
    await expect(page.getByText('Tu prueba gratuita ha terminado')).toBeVisible({ timeout: (E2E_TRIAL_SECONDS + 5) * 1000 });
    await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveAttribute('href', '/signup');
    const me = await page.request.get('/api/staggered-auth/user/me');
    expect(me.status()).toBe(401);

    // A reload keeps the overlay (the browser remembers the trial ended) instead of a plain /login.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Tu prueba gratuita ha terminado' })).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
  });
});
