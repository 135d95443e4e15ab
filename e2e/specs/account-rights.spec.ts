import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, captureScreens } from '../fixtures/test.ts';
import { codeFromSubject } from '../../apps/api/src/test/smtp-sink.ts';
import { signedInStudentFromFactory, signUpThroughForm } from '../fixtures/accounts.ts';

/*
 * Issue 20, account rights in «Mi Perfil › Tus datos»: the birth date and phone change only with a code from the
 * e-mail (and then open the account), the student downloads what is held about them, and deletes the account with
 * a code, after which the payment stays without the person and the address can sign up again.
 */

/** One graded answer through the same calls the quiz page makes; returns the question's id. */
async function answerOneQuestion(page: Page): Promise<string> {
  const question = await page.request.get('/api/quiz/question/random');
  expect(question.status()).toBe(200);
  const { id } = (await question.json()) as { id: string };
  const graded = await page.request.post('/api/quiz/evaluate/question', { data: { questionId: id, optionSelectedIndex: 0 } });
  expect(graded.status()).toBe(200);
  return id;
}

/** A paid 6-month membership through the local test-mode provider, as its «Pagar (prueba)» does; returns the checkout id. */
async function payThroughTestProvider(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/staggered-auth/user/me')).json()) as { authUser: { id: string } };
  const checkout = await page.request.post('/api/payments/stripe-checkout-session', {
    data: { studentId: me.authUser.id, membershipTypeSelected: '6-months', membershipMode: 'single' },
  });
  expect(checkout.status()).toBe(200);
  const path = new URL(((await checkout.json()) as { sessionUrl: string }).sessionUrl).pathname;
  const paid = await page.request.post(`${path}/complete`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return /local_[0-9a-f]+/.exec(path)![0];
}

test.describe('derechos sobre la cuenta', () => {
  test('en un teléfono de 360 px: el nombre cambia sin código; el teléfono, con el código del correo, y luego sirve para entrar sin código', async ({
    page,
    database,
    smtp,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const student = await signedInStudentFromFactory(page, database, 'derechos');
    await page.goto('/app/profile');
    const data = page.getByRole('region', { name: 'Tus datos' });

    await data.getByRole('button', { name: 'Cambiar nombre' }).click();
    await data.getByLabel('Nombre', { exact: true }).fill('Mariana Torres Díaz');
    await data.getByLabel('Nombre', { exact: true }).press('Enter');
    await expect(page.getByText('Nombre guardado')).toBeVisible();
    await expect(data.getByText('Mariana Torres Díaz')).toBeVisible();

    const phone = data.getByLabel('Teléfono', { exact: true });
    await expect(phone).toHaveValue(student.phone);
    await phone.fill('55 8765 4321');
    await expect(phone).toHaveValue('5587654321');
    const since = smtp.messages.length;
    await data.getByRole('button', { name: 'Guardar cambios' }).click();
    const mail = await smtp.waitFor(student.email, { since, subject: /datos de acceso/ });
    expect(mail.subject).toMatch(/^\d{6} es tu código para cambiar tus datos de acceso a /);
    const code = data.getByLabel('Código', { exact: true });
    await expect(code).toBeFocused();
    await expectAccessible(page);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await code.fill(codeFromSubject(mail.subject));
    await code.press('Enter');
    await expect(page.getByText(/Guardamos tu fecha de nacimiento y tu teléfono/)).toBeVisible();
    await expect(page.getByText(/Listo: puedes usar tu fecha de nacimiento/)).toBeVisible();
    const { rows } = await database.pool.query<{ name: string; phone_number: string }>(
      'select name, phone_number from users where email = $1',
      [student.email],
    );
    expect(rows[0]).toEqual({ name: 'Mariana Torres Díaz', phone_number: '5587654321' });

    // Signed out, the new phone opens the account without a code; the old one no longer does.
    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    await page.waitForURL(/\/login/);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByRole('button', { name: 'No encuentro el código' }).click();
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(student.dateOfBirth);
    await page.getByLabel('Número de teléfono', { exact: true }).fill(student.phone);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText(/Fecha de nacimiento o teléfono incorrectos/).first()).toBeVisible();
    await page.getByLabel('Número de teléfono', { exact: true }).fill('55 8765 4321');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/app$/);
  });

  test('«Descargar mis datos» baja un JSON con sus respuestas y sus pagos', async ({ page, database }) => {
    const student = await signedInStudentFromFactory(page, database, 'descarga');
    const questionId = await answerOneQuestion(page);
    const checkoutId = await payThroughTestProvider(page);

    await page.goto('/app/profile');
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Tus datos' }).getByRole('link', { name: 'Descargar mis datos' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string };
      answers: { questionId: string }[];
      payments: { checkoutSessionId: string; status: string }[];
    };
    expect(data.account.email).toBe(student.email);
    expect(data.answers.map((answer) => answer.questionId)).toContain(questionId);
    expect(data.payments).toEqual([expect.objectContaining({ checkoutSessionId: checkoutId, status: 'paid' })]);
  });

  test('«Eliminar mi cuenta» con el código del correo la cierra; el pago queda sin la persona y el correo puede registrarse otra vez', async ({
    page,
    database,
    smtp,
  }) => {
    const student = await signedInStudentFromFactory(page, database, 'elimina');
    await answerOneQuestion(page);
    const checkoutId = await payThroughTestProvider(page);

    await page.goto('/app/profile');
    await expect(page.getByRole('region', { name: 'Pagos' }).getByText('Pagado')).toBeVisible();
    await captureScreens(page, 'profile-payments');
    await page.getByRole('region', { name: 'Tus datos' }).getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    const since = smtp.messages.length;
    await dialog.getByRole('button', { name: `Enviar código a ${student.email}` }).click();
    const mail = await smtp.waitFor(student.email, { since, subject: /eliminar tu cuenta/ });
    await dialog.getByLabel('Código', { exact: true }).fill(codeFromSubject(mail.subject));
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
    await expect(page.getByText('Eliminamos tu cuenta y tus datos.')).toBeVisible();
    // It ends on a page that says so (ux N27).
    await page.waitForURL((url) => url.pathname === '/cuenta-eliminada');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu cuenta fue eliminada' })).toBeVisible();
    await captureScreens(page, 'account-deleted');

    // Signed out for good: the server knows no session, and the profile leads to the login.
    expect((await page.request.get('/api/staggered-auth/user/me')).status()).toBe(401);
    await page.goto('/app/profile');
    await page.waitForURL(/\/login/);
    const users = await database.pool.query('select 1 from users where email = $1', [student.email]);
    expect(users.rowCount).toBe(0);
    const payments = await database.pool.query<{ user_id: string | null; status: string }>(
      'select user_id, status from payments where checkout_session_id = $1',
      [checkoutId],
    );
    expect(payments.rows).toEqual([{ user_id: null, status: 'paid' }]);

    // The address is free again.
    await signUpThroughForm(page, student);
    await expect(page.getByText(student.email).first()).toBeVisible();
  });
});
