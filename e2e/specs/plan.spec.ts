import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';
import { nextQuestion, optionsOf } from '../fixtures/quiz.ts';

/* The study plan to exam day (issue 40), on a phone: set the date and hours, see today's plan on the home, answer, and see it move. */

test.use({ viewport: { width: 360, height: 740 } });

test('en un teléfono: arma su plan con su fecha y sus horas, ve el plan de hoy en su inicio, responde y el plan avanza; el correo del plan llega y se deja con un clic', async ({
  page,
  database,
  smtp,
}) => {
  const student = await signedInStudentFromFactory(page, database, 'plan');
  const since = smtp.messages.length;
  await page.getByRole('link', { name: 'Armar mi plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi plan de estudio' })).toBeVisible();
  // The next ENARM is offered; she studies two hours every day of the week.
  await expect(page.getByLabel('Fecha de tu ENARM')).toHaveValue(/^\d{4}-09-01$/);
  for (const weekday of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']) {
    await page.getByRole('combobox', { name: weekday, exact: true }).selectOption('2');
  }
  await page.getByLabel('Correo con tu plan de hoy').selectOption('diario');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar mi plan' }).click();
  await expect(page.getByText(/tu plan tiene [\d,]+ preguntas nuevas/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Las semanas que vienen' })).toBeVisible();
  await captureScreens(page, 'plan');

  await page.goto('/app');
  const card = page.getByRole('region', { name: 'Tu plan de hoy' });
  await expect(card).toBeVisible();
  await captureScreens(page, 'home-plan');
  await expect(card).toContainText('28 preguntas nuevas');
  await expect(card).toContainText('llevas 0.');

  const loaded = nextQuestion(page);
  await page.goto('/app/quick-quiz/pregunta');
  const question = await loaded;
  await optionsOf(page, question).locator('label').first().click();
  await page.getByRole('button', { name: 'Calificar', exact: true }).click();
  await expect(page.getByText('Retroalimentación')).toBeVisible();

  await page.goto('/app');
  await expect(page.getByRole('region', { name: 'Tu plan de hoy' })).toContainText('llevas 1.');

  // The plan's e-mail she asked for arrives, and its one-click link turns it off.
  const mail = await smtp.waitFor(student.email, { since, subject: /^Tu plan de hoy/ });
  expect(mail.text).toContain('28 preguntas nuevas');
  const link = /Dejar de recibirlo: (\S+)/.exec(mail.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/Listo: ya no te enviaremos el correo con tu plan de hoy/)).toBeVisible();
  const { rows } = await database.pool.query<{ digest: string }>("select study_plan->>'digest' as digest from users where email = $1", [
    student.email,
  ]);
  expect(rows[0]!.digest).toBe('no');
});
