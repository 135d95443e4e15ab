import type { Page } from '@playwright/test';
import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { freeStudentFromFactory } from '../fixtures/accounts.ts';
import { answerQuestion, discounted, forgetPublicParticipants, mxn, openWithQuestion, spinTheWheel } from '../fixtures/discount.ts';

const CLAIM_ERRORS = [
  'Por favor ingresa tu nombre.',
  'Por favor ingresa tu email.',
  'Por favor ingresa un email válido.',
  'Por favor ingresa tu fecha de nacimiento.',
  'La fecha de nacimiento no puede ser en el futuro.',
] as const;

/** 'Recibir descuento' shows exactly this one message, under `field`. */
async function submitClaimExpecting(page: Page, field: string, message: (typeof CLAIM_ERRORS)[number]): Promise<void> {
  await page.getByRole('button', { name: 'Recibir descuento' }).click();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel(field, { exact: true })).toHaveAccessibleDescription(message);
  for (const other of CLAIM_ERRORS.filter((candidate) => candidate !== message))
    await expect(page.getByText(other, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('quiz de descuento', () => {
  test('una visitante acierta la pregunta, gira la ruleta, llena el formulario en el orden de sus errores y recibe su descuento por correo', async ({
    page,
    database,
    smtp,
  }) => {
    await forgetPublicParticipants(database);
    const question = await openWithQuestion(page, () => page.goto('/discount-quiz'));
    await expect(page.getByRole('heading', { name: 'Gana hasta 80% de descuento en tu membresía' })).toBeVisible();
    await expect(page.getByTestId('attempts-counter')).toHaveText('3/3 intentos restantes');
    await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Comenzar' }).click();
    const attempt = await answerQuestion(page, database, question, { correctly: true });
    expect([30, 50, 80]).toContain(attempt.prize);
    const prize = attempt.prize!;
    await expect(page.getByTestId('attempts-counter')).toHaveText('2/3 intentos restantes');

    await spinTheWheel(page, prize);
    await captureScreens(page, 'discount-quiz-wheel');

    await page.getByRole('button', { name: 'Reclamar mi descuento' }).click();
    await expect(page.getByRole('heading', { name: `Recibe tu descuento de ${prize}%` })).toBeVisible();
    await captureScreens(page, 'discount-quiz-claim-form');
    await expectAccessible(page);

    // One error at a time, in the spec's order, each under its own field.
    const email = `reclamo-${Date.now()}@example.com`;
    await submitClaimExpecting(page, 'Nombre completo', CLAIM_ERRORS[0]);
    await page.getByLabel('Nombre completo', { exact: true }).fill('Daniela Ruiz');
    await expect(page.getByText(CLAIM_ERRORS[0])).toHaveCount(0);
    await submitClaimExpecting(page, 'Email', CLAIM_ERRORS[1]);
    await page.getByLabel('Email', { exact: true }).fill('daniela-en-algun-lado');
    await submitClaimExpecting(page, 'Email', CLAIM_ERRORS[2]);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await submitClaimExpecting(page, 'Fecha de nacimiento', CLAIM_ERRORS[3]);
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('2099-01-01');
    await submitClaimExpecting(page, 'Fecha de nacimiento', CLAIM_ERRORS[4]);
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('1997-08-20');

    // The popup asks to check the address, which cannot change afterwards; 'Corregir correo' goes back to it.
    await page.getByRole('button', { name: 'Recibir descuento' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirma tu correo' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(email);
    await expect(confirm.getByRole('button', { name: 'Todo bien' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Corregir correo' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    expect(smtp.messages.filter((message) => message.to === email)).toHaveLength(0);

    const since = smtp.messages.length;
    await page.getByRole('button', { name: 'Recibir descuento' }).click();
    await confirm.getByRole('button', { name: 'Todo bien' }).click();
    await expect(page.getByText('Tu descuento fue registrado correctamente')).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Email enviado!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(confirm).toHaveCount(0);

    const mail = await smtp.waitFor(email, { since });
    expect(mail.subject).toContain(`${prize}%`);
    expect(mail.text).toContain('Daniela Ruiz');

    // Reopened, the claimed prize shows as claimed with its validity date: no wheel, no new question to re-roll (ux N16).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeVisible();
    await expect(page.getByText('Ya reclamaste este descuento: te lo enviamos por correo.', { exact: false })).toBeVisible();
    await expect(page.getByText(/^Válido hasta el \d{1,2} de [a-z]+ de \d{4}\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Girar la ruleta' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Crear mi cuenta' })).toBeVisible();
  });

  test('un estudiante con sesión acierta, gira la ruleta, usa su descuento y ve los precios rebajados por el servidor', async ({
    page,
    database,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'ruleta');
    const question = await openWithQuestion(page, () => page.goto('/app/discount-quiz'));
    await expect(page.getByTestId('attempts-counter')).toHaveText('3/3 intentos restantes');
    await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/app');

    await page.getByRole('button', { name: 'Comenzar' }).click();
    const attempt = await answerQuestion(page, database, question, { correctly: true });
    const prize = attempt.prize!;
    expect([30, 50, 80]).toContain(prize);
    await spinTheWheel(page, prize);
    await expect(page.getByRole('button', { name: 'Ahora no' })).toBeVisible();

    await page.getByRole('button', { name: 'Usar mi descuento' }).click();
    await page.waitForURL(new RegExp(`/app/membership-pay\\?discount=${prize}$`));
    await expect(page.getByText(`Tu descuento de ${prize}% ya está aplicado en los precios de los planes.`)).toBeVisible();
    const oneYear = page.locator('label').filter({ has: page.getByRole('radio', { name: '1 Año' }) });
    await expect(oneYear).toContainText(`Precio regular: ${mxn(1275)} MXN`);
    await expect(oneYear).toContainText(`Precio con descuento: ${mxn(discounted(1275, prize))} MXN`);
    await expect(oneYear).toContainText(`${prize}% de descuento`);

    // The server keeps the prize it drew, accepted and not used yet.
    const { rows } = await database.pool.query(
      'select percent, user_accepted, used_at from discounts where user_id = (select id from users where email = $1)',
      [student.email],
    );
    expect(rows).toEqual([{ percent: prize, user_accepted: true, used_at: null }]);
  });

  test('una respuesta equivocada ofrece intentar mañana, y al día siguiente quedan 2/3 intentos y el servidor acepta otro', async ({
    page,
    database,
  }) => {
    const student = await freeStudentFromFactory(page, database, 'manana');
    const question = await openWithQuestion(page, () => page.goto('/app/discount-quiz'));
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await answerQuestion(page, database, question, { correctly: false });
    await expect(page.getByText('Respuesta correcta', { exact: true })).toBeVisible();
    await expect(page.getByText('Tu respuesta', { exact: true })).toBeVisible();

    // Today is spent: the page reloads to 'Ya participaste hoy'.
    await page.getByRole('button', { name: 'Intentar de nuevo mañana' }).click();
    await expect(page.getByRole('heading', { name: 'Ya participaste hoy' })).toBeVisible();
    await expect(page.getByTestId('attempts-counter')).toHaveCount(0);

    // The server counts days by its own clock: the attempt moves to yesterday. The page compares each
    // attempt's created date with the day it loads, so the browser's clock needs no change.
    const moved = await database.pool.query(
      "update discount_quiz_attempts set day = (day - 1), created_at = created_at - interval '1 day' where user_id = (select id from users where email = $1)",
      [student.email],
    );
    expect(moved.rowCount).toBe(1);

    const nextQuestion = await openWithQuestion(page, () => page.reload());
    await expect(page.getByRole('heading', { name: 'Gana hasta 80% de descuento en tu membresía' })).toBeVisible();
    await expect(page.getByTestId('attempts-counter')).toHaveText('2/3 intentos restantes');
    await expect(page.getByRole('heading', { name: 'Ya participaste hoy' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Comenzar' }).click();
    const second = await answerQuestion(page, database, nextQuestion, { correctly: false });
    expect(second.attemptsRemaining).toBe(1);
    await expect(page.getByTestId('attempts-counter')).toHaveText('1/3 intentos restantes');
    await expect(page.getByRole('button', { name: 'Intentar de nuevo mañana' })).toBeVisible();
  });
});
