import type { Page } from '@playwright/test';
import { nextEnarmYear } from '@galeno/domain/enarm';
import { test as base, expect, captureScreens, expectAccessible, startE2eServer } from '../fixtures/test.ts';
import { codeFromSubject, type SmtpSink } from '../../apps/api/src/test/smtp-sink.ts';
import type { RunningServer } from '../fixtures/server.ts';
import { newStudent, signUpThroughForm, type Student } from '../fixtures/accounts.ts';
import { answerQuestion, discounted, forgetPublicParticipants, mxn, openWithQuestion } from '../fixtures/discount.ts';
import { nextQuestion, NETWORK_TIMEOUT, optionsOf, questionGraded } from '../fixtures/quiz.ts';
import type { E2eDatabase } from '../fixtures/database.ts';
import { SMALL_CONTENT_ENV } from '../fixtures/small-content.ts';

/*
 * A student's first week, end to end: a trial that becomes an account and keeps its answers, what a trial
 * is told in place, a discount won before signing up that follows the new account, and the code limit that
 * leads to the birth-date login. Real server, real Chromium, a phone's screen.
 */

/**
 * Long enough to answer a few questions on a slow, shared machine, short enough to watch it end. The shared
 * fixture's trial (6 s) leaves no time to answer: this file gets its own server (and so its own worker, with
 * its own database and SMTP sink), started exactly like the shared one, on the same small content set, but for
 * TRIAL_SECONDS.
 */
const TRIAL_SECONDS = 18;

const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({ database, smtp }, use) => {
      // The small content set, like the shared fixture's server: this spec needs no shipped item, and it starts faster.
      const server = await startE2eServer(database, smtp, TRIAL_SECONDS, { CONTENT_DIR: process.env[SMALL_CONTENT_ENV]! });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const PHONE = { width: 360, height: 740 };
const WELCOME_SUBJECT = /^\d{6} es tu código: te damos la bienvenida/;
const LOGIN_SUBJECT = /^\d{6} es tu código para entrar a /;

async function correctIndexOf(database: E2eDatabase, questionId: string): Promise<number> {
  const { rows } = await database.pool.query<{ correct_index: number }>('select correct_index from questions where id = $1', [questionId]);
  expect(rows, `question ${questionId} in the database`).toHaveLength(1);
  return rows[0]!.correct_index;
}

/** Both signup steps on the page as it is (prefilled or not): fills what is given, then 'Crear mi cuenta'. */
async function completeSignup(page: Page, student: Student): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(student.email);
  await page.getByLabel('Nombre completo').fill(student.name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(student.dateOfBirth);
  await page.getByLabel('Número de teléfono', { exact: true }).fill(student.phone);
  await page.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }).check();
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
  await page.waitForURL(/\/signup-confirmation\?/);
}

/** On /signup-confirmation: types the code of the welcome e-mail and lands on the first-run screen. */
async function confirmWithWelcomeCode(page: Page, smtp: SmtpSink, student: Student, since: number): Promise<void> {
  const mail = await smtp.waitFor(student.email, { since, subject: WELCOME_SUBJECT });
  await page.getByLabel('Código de 6 dígitos').fill(codeFromSubject(mail.subject));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/app\/bienvenida$/);
  await expect(page.getByRole('heading', { level: 1, name: `Te damos la bienvenida, ${student.name.split(' ')[0]}` })).toBeVisible();
  // ux N18: the years start at the next exam not yet held, and both answers stay changeable.
  await expect(page.getByRole('radio').first()).toHaveAccessibleName(String(nextEnarmYear(new Date())));
  await expect(page.getByText('El año y la especialidad puedes cambiarlos cuando quieras en Mi perfil.')).toBeVisible();
}

/** A tile of /app/estadisticas by its label: the whole tile, whose first figure is its value. */
function statsTile(page: Page, label: 'Preguntas respondidas' | 'Aciertos') {
  return page
    .getByRole('region', { name: 'Resumen' })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) });
}

test.describe('la primera semana', () => {
  test.use({ viewport: PHONE });

  test('en un teléfono: la prueba gratuita califica la última respuesta al terminar, resume lo resuelto, y la cuenta creada desde ahí lo conserva en sus estadísticas', async ({
    page,
    database,
    smtp,
  }) => {
    test.setTimeout(TRIAL_SECONDS * 1000 + 90_000);
    await page.goto('/trial-period');
    await page.waitForURL(/\/app$/);
    const banner = page.getByRole('complementary', { name: 'Tiempo de tu prueba gratuita' });
    await expect(banner).toContainText(/Prueba gratuita: te quedan [0-5]:\d{2}/);

    // Three single questions: the first two graded by hand (one right, one missed), the third only chosen.
    let loaded = nextQuestion(page);
    await page.goto('/app/quick-quiz/pregunta');
    const answered: { id: string; correct: boolean }[] = [];
    for (let round = 0; round < 2; round++) {
      const question = await loaded;
      const options = optionsOf(page, question);
      const key = await correctIndexOf(database, question.id);
      const choice = round === 0 ? key : (key + 1) % question.options.length;
      await options.locator('label').nth(choice).click();
      const graded = questionGraded(page);
      await page.getByRole('button', { name: 'Calificar', exact: true }).click();
      const evaluation = await graded;
      expect(evaluation.correct).toBe(round === 0);
      answered.push({ id: question.id, correct: evaluation.correct });
      await expect(
        round === 0
          ? page.getByText('Respuesta correcta', { exact: true })
          : page.getByText(`Respuesta incorrecta. La correcta es la ${'ABCDE'[key]}.`, { exact: true }),
      ).toBeVisible();
      // A trial has nothing to save: the button beside 'Siguiente pregunta' leads to the signup that keeps the answers.
      await expect(page.getByRole('link', { name: 'Crear cuenta y guardar' })).toHaveAttribute('href', '/signup?desde=prueba');
      loaded = nextQuestion(page);
      await page.getByRole('button', { name: 'Siguiente pregunta' }).click();
    }
    const last = await loaded;
    const lastKey = await correctIndexOf(database, last.id);
    const lastChoice = (lastKey + 1) % last.options.length;
    await optionsOf(page, last).locator('label').nth(lastChoice).click();
    await expect(optionsOf(page, last).getByRole('radio').nth(lastChoice)).toBeChecked();
    // Chosen, not graded, and the trial still running.
    await expect(page.getByRole('button', { name: 'Calificar', exact: true })).toBeEnabled();
    await expect(banner).toContainText(/te quedan 0:\d{2}/);
    expect(answered.filter((answer) => answer.correct)).toHaveLength(1);

    // At zero the answer on screen is graded anyway, then the sheet covers the app.
    const untilTheEnd = { timeout: (TRIAL_SECONDS + 20) * 1000 };
    const gradedAtZero = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/quiz/evaluate/question' && response.request().method() === 'POST',
      untilTheEnd,
    );
    const summaryLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/staggered-auth/trial/summary',
      untilTheEnd,
    );
    const sheet = page.getByRole('dialog', { name: 'Tu prueba gratuita ha terminado' });
    await expect(sheet).toBeVisible(untilTheEnd);
    const lastGrading = await gradedAtZero;
    expect(lastGrading.status()).toBe(200);
    expect(((await lastGrading.json()) as { correct: boolean }).correct).toBe(false);
    expect((await summaryLoaded).status()).toBe(200);
    const content = page.getByTestId('trial-content');
    await expect(content.getByText(`Respuesta incorrecta. La correcta es la ${'ABCDE'[lastKey]}.`, { exact: true })).toBeVisible();
    await expect(optionsOf(page, last).getByRole('radio').nth(lastChoice)).toBeChecked();
    await expect(sheet).toContainText('Resolviste 3 preguntas (1 correcta). Crea tu cuenta para conservar lo que respondiste.');
    const signupLink = sheet.getByRole('link', { name: 'Crear mi cuenta gratis' });
    await expect(signupLink).toHaveAttribute('href', '/signup?desde=prueba');
    await expect(signupLink).toBeFocused();
    await expectAccessible(page);
    await captureScreens(page, 'first-week-trial-ended');

    // The account created from the sheet takes those three answers.
    const student = newStudent('prueba');
    await signupLink.click();
    await page.waitForURL(/\/signup\?desde=prueba$/);
    await expect(page.getByText('Guardaremos en tu cuenta lo que respondiste en tu prueba gratuita.', { exact: true })).toBeVisible();
    const since = smtp.messages.length;
    await completeSignup(page, student);
    await confirmWithWelcomeCode(page, smtp, student, since);
    // The first-run screen can be skipped.
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('complementary', { name: 'Tiempo de tu prueba gratuita' })).toHaveCount(0);

    await page.goto('/app/estadisticas');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeVisible();
    await expect(statsTile(page, 'Preguntas respondidas').locator('dd').first()).toHaveText('3');
    await expect(statsTile(page, 'Aciertos').locator('dd').first()).toHaveText('33%');
    await expect(statsTile(page, 'Aciertos')).toContainText('1 correcta');
    await expect(page.getByText('No hay estadísticas disponibles')).toHaveCount(0);

    // Exactly the three questions of the trial, the one graded at zero included, now belong to the account.
    const { rows } = await database.pool.query<{ question_id: string; correct: boolean }>(
      'select a.question_id, a.correct from answers a join users u on u.id = a.user_id where u.email = $1 order by a.answered_at',
      [student.email],
    );
    expect(rows).toEqual([...answered, { id: last.id, correct: false }].map(({ id, correct }) => ({ question_id: id, correct })));
  });

  test('en un teléfono: durante la prueba, flashcards y estadísticas dicen «Disponible con tu cuenta» con el registro, sin ningún error', async ({
    page,
  }) => {
    await page.goto('/trial-period');
    await page.waitForURL(/\/app$/);
    const reasons = {
      '/app/flashcards': 'Las flashcards de las guías de práctica clínica, con repaso espaciado, son parte de tu cuenta gratuita.',
      '/app/estadisticas': 'Tus estadísticas por área, subespecialidad y tema se guardan en tu cuenta gratuita.',
    };
    for (const [path, reason] of Object.entries(reasons)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Disponible con tu cuenta' })).toBeVisible();
      await expect(page.getByText(reason, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveAttribute('href', /^\/signup(\?|$)/);
      await expect(page.getByRole('link', { name: 'Ya tengo cuenta' })).toHaveAttribute(
        'href',
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      await expect(page.getByText(/No pudimos|Revisa tu conexión/)).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
      // Still inside the running trial.
      await expect(page.getByRole('complementary', { name: 'Tiempo de tu prueba gratuita' })).toContainText(/te quedan \d:\d{2}/);
    }
  });

  test('en un teléfono: quien gana en el quiz de descuento público se registra con el formulario ya lleno y el descuento queda en su cuenta', async ({
    page,
    database,
    smtp,
  }) => {
    test.setTimeout(90_000);
    await forgetPublicParticipants(database);
    // A browser's very first visit: its parallel first requests must not each mint a device cookie (only serving the
    // question does), or the answer would be refused as «Esta pregunta ya no está vigente».
    const question = await openWithQuestion(page, () => page.goto('/discount-quiz'));
    await expect(page.getByRole('heading', { name: 'Gana hasta 80% de descuento en tu membresía' })).toBeVisible();
    await page.getByRole('button', { name: 'Comenzar' }).click();
    const attempt = await answerQuestion(page, database, question, { correctly: true });
    const prize = attempt.prize!;
    expect([30, 50, 80]).toContain(prize);
    // The wheel lands on the prize the server drew (3 s).
    await page.getByRole('button', { name: 'Ir a la ruleta' }).click();
    await page.getByRole('button', { name: 'Girar la ruleta' }).click();
    await expect(page.getByTestId('roulette-status')).toHaveText(`¡Ganaste ${prize}% de descuento!`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: '¡Felicidades!' })).toBeVisible();
    await page.getByRole('button', { name: 'Reclamar mi descuento' }).click();
    await expect(page.getByRole('heading', { name: `Recibe tu descuento de ${prize}%` })).toBeVisible();

    const student: Student = { ...newStudent('ganadora'), name: 'Daniela Ruiz Paredes', dateOfBirth: '1997-08-20' };
    await page.getByLabel('Nombre completo', { exact: true }).fill(student.name);
    await page.getByLabel('Email', { exact: true }).fill(student.email);
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(student.dateOfBirth);
    await page.getByRole('button', { name: 'Recibir descuento' }).click();
    await page.getByRole('dialog', { name: 'Confirma tu correo' }).getByRole('button', { name: 'Todo bien' }).click();
    await expect(page.getByRole('heading', { name: '¡Email enviado!' })).toBeVisible();
    await smtp.waitFor(student.email);

    await page.getByRole('link', { name: 'Crear mi cuenta', exact: true }).click();
    await page.waitForURL(/\/signup$/);
    // Nothing of the claim rides in the address.
    expect(page.url()).not.toContain(encodeURIComponent(student.email));
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(student.email);
    await expect(page.getByLabel('Nombre completo')).toHaveValue(student.name);
    await expect(
      page.getByText(`Tienes ${prize}% de descuento: quedará en tu cuenta si te registras con ${student.email}.`, { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'first-week-signup-prefilled');

    const since = smtp.messages.length;
    await page.getByRole('button', { name: 'Continuar' }).click();
    // The birth date came from the claim too: only the phone is left to type.
    await expect(page.getByLabel('Fecha de nacimiento', { exact: true })).toHaveValue(student.dateOfBirth);
    await page.getByLabel('Número de teléfono', { exact: true }).fill(student.phone);
    await page.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }).check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(/\/signup-confirmation\?/);
    await confirmWithWelcomeCode(page, smtp, student, since);

    // The discount drawn before the account is now the account's: the home page offers it, and the plans are priced with it.
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(/\/app$/);
    const won = page.getByRole('region', { name: `Tienes ${prize}% de descuento en tu membresía` });
    await expect(won).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await won.getByRole('link', { name: 'Usar ahora' }).click();
    await page.waitForURL(new RegExp(`/app/membership-pay\\?discount=${prize}$`));
    await expect(page.getByText(`Tu descuento de ${prize}% ya está aplicado en los precios de los planes.`, { exact: true })).toBeVisible();
    const oneYear = page.locator('label').filter({ has: page.getByRole('radio', { name: '1 Año' }) });
    await expect(oneYear).toContainText(`Precio regular: ${mxn(1275)} MXN`);
    await expect(oneYear).toContainText(`Precio con descuento: ${mxn(discounted(1275, prize))} MXN`);

    const { rows } = await database.pool.query(
      'select d.percent, d.used_at from discounts d join users u on u.id = d.user_id where u.email = $1',
      [student.email],
    );
    expect(rows).toEqual([{ percent: prize, used_at: null }]);
  });

  test('en un teléfono: al cuarto código en 10 minutos, el login dice hasta qué hora y ahí mismo deja entrar con la fecha de nacimiento', async ({
    page,
    database,
    smtp,
  }) => {
    test.setTimeout(90_000);
    // The signup's welcome e-mail carries the first code, and typing it proves the address.
    const student = newStudent('limite');
    const since = smtp.messages.length;
    await signUpThroughForm(page, student);
    await confirmWithWelcomeCode(page, smtp, student, since);
    // The birth date and phone become a way in once the owner confirms them in the profile (decision 010).
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Confirmar mis datos' }).click();
    await expect(page.getByText(/Listo: puedes usar tu fecha de nacimiento/)).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    await page.waitForURL(/\/login/);

    // Codes 2 and 3 of these 10 minutes, from the login screen.
    await page.goto('/login');
    for (const round of [2, 3]) {
      const before = smtp.messages.length;
      await page.getByLabel('Correo electrónico').fill(student.email);
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
      await smtp.waitFor(student.email, { since: before, subject: LOGIN_SUBJECT });
      expect(smtp.messages.filter((message) => message.to === student.email)).toHaveLength(round);
      await page.getByRole('button', { name: 'Corregir correo' }).click();
    }

    // The fourth is refused: the screen says until when, and offers the other way in right there.
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const { rows } = await database.pool.query<{ oldest: Date }>(
      'select min(o.created_at) as oldest from otp_codes o join users u on u.id = o.user_id where u.email = $1',
      [student.email],
    );
    const until = new Date(rows[0]!.oldest.getTime() + 10 * 60_000);
    const clock = new Intl.DateTimeFormat('es-MX', { timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(until);
    const limit = page.getByRole('status').filter({ hasText: 'Ya pediste' });
    await expect(limit).toContainText(
      `Ya pediste 3 códigos en los últimos 10 minutos. Podrás pedir otro a las ${clock}. Mientras tanto, usa el último código que te enviamos o entra con tu fecha de nacimiento y tu teléfono.`,
    );
    await limit.getByRole('button', { name: 'Entrar con mi fecha de nacimiento y teléfono' }).click();
    await expect(page.getByRole('heading', { name: 'Entra con tu fecha de nacimiento y tu teléfono' })).toBeVisible();
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(student.dateOfBirth);
    await page.getByLabel('Número de teléfono', { exact: true }).fill(student.phone);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const me = await page.request.get('/api/staggered-auth/user/me');
    expect(me.status()).toBe(200);
    // No fourth code was sent; the login by birth date is told to the owner.
    await expect
      .poll(() => smtp.messages.filter((m) => m.to === student.email && m.subject.startsWith('Nuevo inicio de sesión')).length)
      .toBe(1);
    expect(smtp.messages.filter((message) => message.to === student.email && /^\d{6} es tu código/.test(message.subject))).toHaveLength(3);
  });
});
