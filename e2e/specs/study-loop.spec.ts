import { test, expect, captureScreens, expectAccessible, STAFF_EMAIL } from '../fixtures/test.ts';
import { signedInAsFromFactory, signedInStudentFromFactory } from '../fixtures/accounts.ts';
import { nextQuestion, optionsOf, questionGraded } from '../fixtures/quiz.ts';

test.describe('el repaso después de estudiar', () => {
  test('en un teléfono de 360 px: tres preguntas (una fallada a propósito), dos marcadas, el repaso de resultados y «Repasar incorrectas» con exactamente la fallada', async ({
    page,
    database,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const student = await signedInStudentFromFactory(page, database, 'repaso');
    const keyOf = async (questionId: string) =>
      (await database.pool.query<{ correct_index: number }>('select correct_index from questions where id = $1', [questionId])).rows[0]!
        .correct_index;

    let loaded = nextQuestion(page);
    await page.goto('/app/quick-quiz/pregunta');
    const answered: { id: string; correct: boolean }[] = [];
    for (let round = 0; round < 3; round++) {
      const question = await loaded;
      const options = optionsOf(page, question);
      await expect(options).toBeVisible();
      if (round === 0) {
        // The header that stays in view takes at most 15% of a 360×740 screen.
        const header = await page.getByTestId('quiz-header').boundingBox();
        expect(header!.height).toBeLessThanOrEqual(740 * 0.15);
      }
      // The first is missed on purpose, the others answered right: the review must list exactly the first.
      const key = await keyOf(question.id);
      const choice = round === 0 ? (key + 1) % question.options.length : key;
      // The whole row is the radio's label.
      await options.locator('label').nth(choice).click();
      await expect(options.getByRole('radio').nth(choice)).toBeChecked();
      if (round < 2) {
        // «Marcar para repasar», once with a tap and once with M.
        const flag = page.getByRole('button', { name: 'Marcar para repasar' });
        if (round === 0) await flag.click();
        else await page.keyboard.press('m');
        await expect(page.getByRole('button', { name: 'Marcada para repasar' })).toHaveAttribute('aria-pressed', 'true');
      }
      const graded = questionGraded(page);
      await page.getByRole('button', { name: 'Calificar', exact: true }).click();
      const evaluation = await graded;
      expect(evaluation.correct).toBe(round !== 0);
      answered.push({ id: question.id, correct: evaluation.correct });
      if (round < 2) {
        loaded = nextQuestion(page);
        // The explanation opened in place, under the options, with no sheet over the page.
        await expect(page.getByRole('region', { name: 'Retroalimentación' })).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.getByRole('button', { name: 'Siguiente pregunta' }).click();
      }
    }
    // The flags were saved on the server, beyond this session.
    const flags = await database.pool.query<{ question_id: string }>(
      'select f.question_id from question_flags f join users u on u.id = f.user_id where u.email = $1 order by f.question_id',
      [student.email],
    );
    expect(flags.rows.map((row) => row.question_id)).toEqual([answered[0]!.id, answered[1]!.id].sort());

    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeVisible();
    const review = page.getByRole('region', { name: 'Repaso de la sesión' });
    await expect(review.getByRole('listitem').filter({ hasText: /^Pregunta \d/ })).toHaveCount(3);
    await expect(review.getByText('Pregunta 1: incorrecta')).toBeVisible();
    await review.getByText('Pregunta 1: incorrecta').click();
    await expect(review.getByText('(tu respuesta)').first()).toBeVisible();
    await expect(review.getByText('(respuesta correcta)').first()).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'session-review');

    const questionsListed = page.waitForResponse(
      (response) => /\/api\/quiz\/sessions\/[^/]+\/questions$/.test(response.url()) && response.ok(),
    );
    await review.getByRole('button', { name: 'Repasar incorrectas (1)' }).click();
    await page.waitForURL(/\/app\/repaso\/[0-9a-f-]+$/);
    const listed = (await (await questionsListed).json()) as { items: { question: { id: string } }[] };
    expect(listed.items.map((item) => item.question.id)).toEqual([answered[0]!.id]);
    await expect(page.getByText('Pregunta 1 de 1', { exact: true })).toBeVisible();
    // Flagged earlier, still flagged here.
    await expect(page.getByRole('button', { name: 'Marcada para repasar' })).toBeVisible();

    const key = await keyOf(answered[0]!.id);
    await page.locator('fieldset').first().locator('label').nth(key).click();
    await page.getByRole('button', { name: 'Calificar', exact: true }).click();
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    await expect(page.getByText('Respondiste correctamente 1 de 1 pregunta.')).toBeVisible();
  });

  test('una estudiante reporta un error en una pregunta y el equipo lo ve en su cola y lo resuelve', async ({
    page,
    database,
    browser,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInStudentFromFactory(page, database, 'reporte');
    const loaded = nextQuestion(page);
    await page.goto('/app/quick-quiz/pregunta');
    const question = await loaded;
    await expect(optionsOf(page, question)).toBeVisible();

    await page.getByRole('button', { name: 'Reportar un error' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar un error' });
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Elige el motivo del reporte.');
    await dialog.getByLabel('La explicación tiene un error').check();
    await dialog.getByLabel('Detalle (opcional)').fill('La explicación cita una versión anterior de la guía.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(page.getByText('Gracias. Revisaremos tu reporte.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const staffContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const staffPage = await staffContext.newPage();
      await signedInAsFromFactory(staffPage, database, STAFF_EMAIL, '/metrics/reportes');
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Errores reportados' })).toBeVisible();
      const card = staffPage.getByRole('article').filter({ hasText: question.id });
      await expect(card).toContainText('La explicación tiene un error: 1');
      await expect(card).toContainText('La explicación cita una versión anterior de la guía.');
      await card.getByRole('button', { name: 'Corregido' }).click();
      await expect(card.getByRole('status')).toHaveText('Reportes resueltos.');
      const open = await database.pool.query('select 1 from item_reports where item_id = $1 and resolved_at is null', [question.id]);
      expect(open.rowCount).toBe(0);
    } finally {
      await staffContext.close();
    }

    // «Novedades del banco» (issue 39): the correction is public at once, with where in the bank it is, never the key.
    await page.goto('/novedades');
    await expect(page.getByRole('heading', { level: 1, name: 'Novedades del banco' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: 'Corregida tras un reporte' }).filter({ hasText: question.tags.SubEspecialidad });
    await expect(entry.first()).toBeVisible();
    await expectAccessible(page);
  });
});
