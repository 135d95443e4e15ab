import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { signedInAsFromFactory, signedInStudentFromFactory } from '../fixtures/accounts.ts';

// About the shipped bank: the simulacro forms are drawn from it (a full form is 280 questions).
test.use({ content: 'shipped' });

test.describe('simulacro ENARM', () => {
  test('en un teléfono de 360 px: respondido en parte, la pestaña cerrada y retomado en otro navegador en la misma pregunta con las mismas respuestas, sin conexión sin perder nada, y terminado con resultados', async ({
    page,
    browser,
    server,
    database,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const student = await signedInStudentFromFactory(page, database, 'simulacro');

    await page.getByRole('link', { name: 'Simulacro ENARM' }).click();
    await page.waitForURL(/\/app\/simulacro$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Simulacro ENARM' })).toBeVisible();
    // The forms on screen are the server's: full forms of 280 and minis of 100, drawn from our bank.
    const { forms } = (await (await page.request.get('/api/simulacros')).json()) as { forms: { name: string; questions: number }[] };
    expect(forms.filter((form) => form.questions === 280).length).toBeGreaterThanOrEqual(1);
    for (const form of forms) await expect(page.getByRole('heading', { level: 3, name: form.name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'simulacros');

    const opened = page.waitForResponse((response) => /\/api\/simulacros\/[0-9a-f-]+$/.test(response.url()) && response.ok());
    await page.getByRole('button', { name: 'Empezar Simulacro 1' }).click();
    await page.waitForURL(/\/app\/simulacro\/[0-9a-f-]+$/);
    const sittingUrl = page.url();
    const sitting = (await (await opened).json()) as { items: { question: { id: string }; caseText: string | null }[] };
    // The jump lands on the first question after the 4th that opens a case (or is a single question): a case's
    // later questions open only once the one before has an answer, as in the exam.
    const jump =
      sitting.items.findIndex(
        (item, index) => index >= 4 && (item.caseText === null || item.caseText !== sitting.items[index - 1]!.caseText),
      ) + 1;
    expect(sitting.items).toHaveLength(280);
    await expect(page.getByText('Pregunta 1 de 280', { exact: true })).toBeVisible();
    await expect(page.getByTestId('simulacro-clock')).toHaveText(/^[45]:\d\d:\d\d$/);

    const options = page.locator('fieldset').first();
    const autosaved = (on: typeof page) =>
      on.waitForResponse((response) => /\/api\/simulacros\/[0-9a-f-]+\/answers$/.test(response.url()) && response.ok());
    const chosen: number[] = [];
    for (let index = 0; index < 3; index++) {
      await expect(page.getByText(`Pregunta ${index + 1} de 280`, { exact: true })).toBeVisible();
      const choice = index % 2;
      chosen.push(choice);
      await options.locator('label').nth(choice).click();
      if (index === 1) await page.getByRole('button', { name: 'Marcar para repasar' }).click();
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    // The map: three answered, the second flagged; jump ahead to a question that is open and answer it there.
    await page.getByRole('button', { name: 'Mapa' }).click();
    const map = page.getByRole('region', { name: 'Mapa de preguntas' });
    await expect(map.getByRole('button', { name: 'Pregunta 2: respondida, marcada' })).toBeVisible();
    await expect(map.getByRole('button', { name: 'Pregunta 4: sin responder' })).toHaveAttribute('aria-current', 'step');
    await expect(map.getByText('Respondidas: 3')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'simulacro-map');
    await map.getByRole('button', { name: `Pregunta ${jump}: sin responder` }).click();
    await expect(page.getByText(`Pregunta ${jump} de 280`, { exact: true })).toBeVisible();
    const fifthSaved = autosaved(page);
    await options.locator('label').nth(2).click();
    await fifthSaved;
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    const rows = await database.pool.query<{ question_id: string; selected_index: number }>(
      `select a.question_id, a.selected_index from answers a join users u on u.id = a.user_id where u.email = $1`,
      [student.email],
    );
    expect(rows.rowCount).toBe(4);
    await page.close();

    // Another browser, the same account: it continues at the same question with the four answers.
    const other = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
    const phone = await other.newPage();
    await signedInAsFromFactory(phone, database, student.email);
    await expect(phone.getByRole('heading', { name: 'Tienes un simulacro sin terminar' })).toBeVisible();
    await expect(phone.getByText('Llevas 4 de 280 preguntas.')).toBeVisible();
    await phone.getByRole('link', { name: 'Continuar' }).click();
    await phone.waitForURL(sittingUrl);
    await expect(phone.getByText(`Pregunta ${jump} de 280`, { exact: true })).toBeVisible();
    const phoneOptions = phone.locator('fieldset').first();
    await expect(phoneOptions.getByRole('radio').nth(2)).toBeChecked();
    await phone.getByRole('button', { name: 'Mapa' }).click();
    await phone.getByRole('region', { name: 'Mapa de preguntas' }).getByRole('button', { name: 'Pregunta 3: respondida' }).click();
    for (let index = 3; index >= 1; index--) {
      await expect(phone.getByText(`Pregunta ${index} de 280`, { exact: true })).toBeVisible();
      await expect(phoneOptions.getByRole('radio').nth(chosen[index - 1]!)).toBeChecked();
      if (index > 1) await phone.getByRole('button', { name: 'Anterior' }).click();
    }

    // Offline: the answer waits on the device, and goes as soon as the connection is back.
    await phone.getByRole('button', { name: 'Mapa' }).click();
    await phone.getByRole('region', { name: 'Mapa de preguntas' }).getByRole('button', { name: 'Pregunta 4: sin responder' }).click();
    await other.setOffline(true);
    await phoneOptions.locator('label').nth(3).click();
    await expect(phone.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
    const backOnline = autosaved(phone);
    await other.setOffline(false);
    await phone.evaluate(() => window.dispatchEvent(new Event('online')));
    await backOnline;
    await expect(phone.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    const afterOffline = await database.pool.query(`select 1 from answers a join users u on u.id = a.user_id where u.email = $1`, [
      student.email,
    ]);
    expect(afterOffline.rowCount).toBe(5);

    await phone.getByRole('button', { name: 'Terminar simulacro' }).click();
    const dialog = phone.getByRole('dialog', { name: '¿Terminar el simulacro?' });
    await expect(dialog.getByText('Te faltan 275 preguntas sin responder.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Terminar', exact: true }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Resultados: Simulacro 1' })).toBeVisible();
    // The results open at the top, their title focused, though «Terminar» was at the bottom (issue 35, N14).
    await expect(phone.getByRole('heading', { level: 1, name: 'Resultados: Simulacro 1' })).toBeFocused();
    await expect(phone.getByRole('heading', { level: 1, name: 'Resultados: Simulacro 1' })).toBeInViewport({ ratio: 1 });
    await expect(phone.getByText(/de 280 correctas · respondiste 5\./)).toBeVisible();
    // «Repasar incorrectas» counts the answers that were wrong, when there are any.
    const correct = Number((await phone.getByText(/de 280 correctas/).textContent())!.match(/(\d+) de 280/)![1]);
    await expect(phone.getByRole('button', { name: /^Repasar incorrectas/ })).toHaveText(
      correct < 5 ? `Repasar incorrectas (${5 - correct})` : [],
    );
    await expect(phone.getByText(/Tu percentil aparecerá cuando al menos 10 personas hayan terminado/)).toBeVisible();
    await expect(phone.getByRole('table', { name: 'Aciertos por área' }).getByRole('row')).toHaveCount(6);
    await expectAccessible(phone);
    await captureScreens(phone, 'simulacro-results');
    // Its questions are reviewed like any saved session.
    await phone.getByRole('link', { name: 'Revisar preguntas' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Repaso de la sesión' })).toBeVisible();
    await other.close();
  });
});
