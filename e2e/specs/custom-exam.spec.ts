import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

test.describe('crear examen', () => {
  test('en un teléfono de 360 px: un examen de 10 con la cuenta en vivo del servidor, dos marcadas, dos falladas, continuado desde el inicio, revisado y con «Repasar incorrectas» exacto', async ({
    page,
    database,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const student = await signedInStudentFromFactory(page, database, 'examen');
    const keyOf = async (questionId: string) =>
      (await database.pool.query<{ correct_index: number }>('select correct_index from questions where id = $1', [questionId])).rows[0]!
        .correct_index;

    await page.getByRole('link', { name: 'Crear examen' }).click();
    await page.waitForURL(/\/app\/crear-examen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Crear examen' })).toBeVisible();

    // The live count is the server's count for the choice on screen.
    const counted = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/quiz/exams/available') && response.request().postDataJSON()?.areas?.[0] === 'Medicina Interna',
    );
    await page.getByLabel('Medicina Interna').check();
    const { available } = await (await counted).json();
    expect(available).toBeGreaterThan(10);
    await expect(page.getByRole('status').filter({ hasText: 'preguntas disponibles' })).toHaveText(
      `${available} preguntas disponibles del banco Galeno`,
    );
    const fresh = await page.request.post('/api/quiz/exams/available', { data: { areas: ['Medicina Interna'], which: 'no-vistas' } });
    expect((await fresh.json()).available).toBe(available);
    await expectAccessible(page);
    await captureScreens(page, 'create-exam');

    await page.getByLabel('¿Cuántas preguntas? (5–100)').fill('10');
    const listed = page.waitForResponse((response) => /\/api\/quiz\/sessions\/[^/]+\/questions$/.test(response.url()) && response.ok());
    await page.getByRole('button', { name: 'Empezar examen' }).click();
    await page.waitForURL(/\/app\/repaso\/[0-9a-f-]+$/);
    const examUrl = page.url();
    const items = ((await (await listed).json()) as { items: { question: { id: string; tags: { Especialidad: string } } }[] }).items;
    expect(items).toHaveLength(10);
    expect(items.every((item) => item.question.tags.Especialidad === 'Medicina Interna')).toBe(true);

    const answerRound = async (index: number) => {
      const id = items[index]!.question.id;
      await expect(page.getByText(`Pregunta ${index + 1} de 10`, { exact: true })).toBeVisible();
      const key = await keyOf(id);
      // Questions 2 and 5 are missed on purpose; 1 and 3 are flagged.
      const choice = index === 1 || index === 4 ? (key + 1) % 4 : key;
      const options = page.locator('fieldset').first();
      await options.locator('label').nth(choice).click();
      if (index === 0 || index === 2) await page.getByRole('button', { name: 'Marcar para repasar' }).click();
      await page.getByRole('button', { name: 'Calificar', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Retroalimentación' })).toBeVisible();
    };

    for (let index = 0; index < 3; index++) {
      await answerRound(index);
      await page.getByRole('button', { name: 'Siguiente pregunta' }).click();
    }
    // Left half-way: the home page offers to continue it, and it resumes at the fourth question.
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Tienes un examen sin terminar' })).toBeVisible();
    await expect(page.getByText('Llevas 3 de 10 preguntas.')).toBeVisible();
    await page.getByRole('link', { name: 'Continuar' }).click();
    await page.waitForURL(examUrl);
    for (let index = 3; index < 10; index++) {
      await answerRound(index);
      if (index < 9) await page.getByRole('button', { name: 'Siguiente pregunta' }).click();
    }
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    await expect(page.getByText('Respondiste correctamente 8 de 10 preguntas.')).toBeVisible();

    const review = page.getByRole('region', { name: 'Repaso de la sesión' });
    await expect(review.getByText(/^Pregunta \d+: (correcta|incorrecta)/)).toHaveCount(10);
    // Exact: a question's own text may say «marcada».
    await expect(review.getByText('Marcada', { exact: true })).toHaveCount(2);
    const flags = await database.pool.query('select 1 from question_flags f join users u on u.id = f.user_id where u.email = $1', [
      student.email,
    ]);
    expect(flags.rowCount).toBe(2);

    const retried = page.waitForResponse((response) => /\/api\/quiz\/sessions\/[^/]+\/questions$/.test(response.url()) && response.ok());
    await review.getByRole('button', { name: 'Repasar incorrectas (2)' }).click();
    const again = (await (await retried).json()) as { items: { question: { id: string } }[] };
    expect(again.items.map((item) => item.question.id)).toEqual([items[1]!.question.id, items[4]!.question.id]);
    await expect(page.getByText('Pregunta 1 de 2', { exact: true })).toBeVisible();

    // The finished exam's own address, reopened (a reload, a tab the phone discarded): its results, never question 1.
    await page.goto(examUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Repaso de la sesión' })).toBeVisible();
    await expect(page.getByText('8 de 10 preguntas correctas.')).toBeVisible();
    await expect(page.getByText('Pregunta 1 de 10', { exact: true })).toHaveCount(0);
  });

  test('en modo examen a 360 px: omitir y volver por el mapa, el reloj del examen sigue tras recargar, y al terminar las omitidas cuentan', async ({
    page,
    database,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInStudentFromFactory(page, database, 'modo-examen');
    await page.goto('/app/crear-examen');
    await page.getByLabel('Medicina Interna').check();
    await page.getByLabel('¿Cuántas preguntas? (5–100)').fill('5');
    await page.getByLabel('Examen: las explicaciones al terminar').check();
    await page.getByLabel('45 s').check();
    await page.getByRole('button', { name: 'Empezar examen' }).click();
    await page.waitForURL(/\/app\/repaso\/[0-9a-f-]+$/);
    await expect(page.getByTestId('quiz-counter')).toHaveText('Pregunta 1 de 5');
    // 5 questions at 45 s: one clock for the exam, 3:45.
    await expect(page.getByRole('timer')).toHaveText(/^3:4\d$/);

    // Skipped, then answered: the answer is saved as it is chosen.
    await page.getByRole('button', { name: 'Omitir' }).click();
    await expect(page.getByTestId('quiz-counter')).toHaveText('Pregunta 2 de 5');
    const saved = page.waitForResponse((response) => /\/api\/quiz\/sessions\/[^/]+\/answers$/.test(response.url()) && response.ok());
    await page.locator('fieldset').first().locator('label').nth(1).click();
    await saved;
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    await page.waitForTimeout(3_000);
    await expectAccessible(page);
    await captureScreens(page, 'exam-mode-sitting');

    // A reload (a tab the phone discarded) keeps the answer and the time: the clock goes on from where it was.
    await page.reload();
    await expect(page.getByTestId('quiz-counter')).toHaveText('Pregunta 1 de 5');
    const clock = (await page.getByRole('timer').textContent())!;
    const [minutes, seconds] = clock.split(':').map(Number);
    expect(minutes! * 60 + seconds!).toBeLessThanOrEqual(225 - 3);

    await page.getByRole('button', { name: 'Mapa' }).click();
    const map = page.getByRole('region', { name: 'Mapa de preguntas' });
    await expect(map.getByRole('button', { name: 'Pregunta 2: respondida' })).toBeVisible();
    await captureScreens(page, 'exam-mode-map');
    await map.getByRole('button', { name: 'Pregunta 2: respondida' }).click();
    await expect(page.locator('fieldset').first().locator('input[type=radio]').nth(1)).toBeChecked();

    await page.getByRole('button', { name: 'Terminar examen' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Terminar el examen?' });
    await expect(dialog).toContainText('Te faltan 4 preguntas sin responder: contarán como incorrectas.');
    await dialog.getByRole('button', { name: 'Terminar' }).click();
    await expect(page.getByRole('heading', { name: 'Resultados de la sesión' })).toBeVisible();
    await expect(page.getByText(/Respondiste correctamente \d de 5 preguntas\./)).toBeVisible();
    const review = page.getByRole('region', { name: 'Repaso de la sesión' });
    await expect(review.getByText(/^Pregunta \d: sin responder/)).toHaveCount(4);
    await captureScreens(page, 'exam-mode-results');
  });
});
