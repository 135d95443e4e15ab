import type { Page } from '@playwright/test';
import type { ClinicGuideWithProgress } from '@galeno/domain/contracts/flashcards';
import type { E2eDatabase } from '../fixtures/database.ts';
import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { newSignedInStudent } from '../fixtures/accounts.ts';
import { NETWORK_TIMEOUT } from '../fixtures/quiz.ts';

/** The guide list as the API gives it to the signed-in student (the page's own cookie). */
async function guidesFromApi(page: Page): Promise<ClinicGuideWithProgress[]> {
  const response = await page.request.get('/api/ankis/clinic-guides');
  expect(response.status()).toBe(200);
  return (await response.json()) as ClinicGuideWithProgress[];
}

/** The guide's card on /app/flashcards, found by its name. */
function guideCard(page: Page, guide: ClinicGuideWithProgress) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: guide.guideName, exact: true }) });
}

/** What a guide's card says for today: what is due and how many cards are new. */
async function expectGuideFigures(page: Page, guide: ClinicGuideWithProgress): Promise<void> {
  const today = guideCard(page, guide).getByRole('list', { name: 'Para hoy' });
  await expect(today.getByRole('listitem').first()).toHaveText(
    guide.dueToday > 0 ? `${guide.dueToday} para repasar hoy` : 'Sin pendientes hoy',
  );
  await expect(today.getByRole('listitem').nth(1)).toHaveText(`${guide.newCards} ${guide.newCards === 1 ? 'nueva' : 'nuevas'}`);
  await expect(guideCard(page, guide)).toContainText(`${guide.progress}%`);
}

const studyCard = (page: Page) => page.getByRole('article', { name: 'Tarjeta' });

/** The question of the card on screen. */
async function shownQuestion(page: Page): Promise<string> {
  const question = studyCard(page).getByRole('heading', { name: 'Pregunta', exact: true }).locator('xpath=following-sibling::p[1]');
  return ((await question.textContent()) ?? '').trim();
}

const CONGRATULATION = '¡Felicidades! Aprendiste todas las tarjetas';

/**
 * Marks the card whose answer is on screen and waits until the server has saved it. The page then says
 * what happens to the card, or, when it was the last one in the queue, congratulates.
 */
async function markCard(page: Page, correct: boolean, { last = false } = {}): Promise<void> {
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/ankis/flashcards/evaluate' && response.request().method() === 'POST',
    { timeout: NETWORK_TIMEOUT },
  );
  await page.getByRole('button', { name: correct ? 'La sabía' : 'No la sabía', exact: true }).click();
  expect((await saved).status()).toBe(200);
  if (last) await expect(page.getByRole('heading', { name: CONGRATULATION })).toBeVisible();
  else
    await expect(
      page.getByText(correct ? 'La sabías: esta tarjeta sale de la cola.' : 'No la sabías: volverá en la siguiente vuelta.'),
    ).toBeVisible();
}

/** 'Siguiente', then Space shows the answer of the next card. Returns that card's question. */
async function nextCardWithSpace(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: 'Mostrar respuesta' })).toBeVisible();
  const question = await shownQuestion(page);
  await page.keyboard.press('Space');
  await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
  return question;
}

/** The evaluations the server saved for this student, oldest first. */
async function evaluationsOf(database: E2eDatabase, email: string) {
  const { rows } = await database.pool.query<{ flashcard_id: string; correct: boolean }>(
    'select e.flashcard_id, e.correct from flashcard_evaluations e join users u on u.id = e.user_id where u.email = $1 order by e.created_at',
    [email],
  );
  return rows;
}

test.describe('las flashcards', () => {
  test('una estudiante abre una guía, repasa cada tarjeta hasta la felicitación y la guía muestra menos tarjetas nuevas', async ({
    page,
    smtp,
    database,
  }) => {
    test.setTimeout(150_000);
    const student = await newSignedInStudent(page, smtp, 'tarjetas');
    const before = await guidesFromApi(page);
    expect(before.length).toBeGreaterThan(0);
    // The shortest guide keeps the session short; every guide starts all new for a new student.
    const guide = [...before].sort((a, b) => a.flashcardsCount - b.flashcardsCount || a.guideName.localeCompare(b.guideName))[0]!;
    const total = guide.flashcardsCount;
    expect(guide).toMatchObject({ newCards: total, dueToday: 0, progress: 0 });

    await page
      .getByRole('link', { name: /Guías de Práctica Clínica/ })
      .first()
      .click();
    await page.waitForURL(/\/app\/flashcards$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Guías de Práctica Clínica' })).toBeVisible();
    for (const each of before) await expectGuideFigures(page, each);
    await expect(page.getByRole('link', { name: /Repaso del día/ })).toHaveCount(0);
    await captureScreens(page, 'flashcards-guides');
    await expectAccessible(page);

    await guideCard(page, guide).getByRole('link', { name: guide.guideName }).click();
    await page.waitForURL(new RegExp(`/app/flashcards/${guide.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: guide.guideName })).toBeVisible();
    await expect(page.getByText(`Actualización ${guide.yearOfUpdate} · ${total} tarjetas`)).toBeVisible();
    await expect(page.getByText(`Quedan ${total} de ${total}`)).toBeVisible();
    await expect(page.getByText(`Vuelta 1 · tarjeta 1 de ${total}`)).toBeVisible();

    // The first card: a click on it shows the answer.
    const seen = new Set([await shownQuestion(page)]);
    await studyCard(page).getByRole('heading', { name: 'Pregunta', exact: true }).click();
    await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mostrar respuesta' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: '¿La sabías?' })).toBeVisible();
    await captureScreens(page, 'flashcard');
    await expectAccessible(page);

    await markCard(page, true);
    await expect(page.getByRole('status').getByText('Evaluación guardada').first()).toBeVisible();
    await expect(page.getByText(`Quedan ${total - 1} de ${total}`)).toBeVisible();

    // The rest of the queue, each card shown with Space and marked as known.
    for (let learned = 1; learned < total; learned++) {
      seen.add(await nextCardWithSpace(page));
      await markCard(page, true, { last: learned === total - 1 });
      if (learned < total - 1)
        await expect(page.getByText(`${total - learned - 1 === 1 ? 'Queda' : 'Quedan'} ${total - learned - 1} de ${total}`)).toBeVisible();
    }
    expect(seen.size).toBe(total);
    await expect(page.getByText(`Marcaste como sabidas las ${total} tarjetas en 1 vuelta.`)).toBeVisible();
    await expect(page.getByText('Tu avance quedó guardado', { exact: false })).toBeVisible();

    // Restarting is practice: the cards come back, and nothing more is saved.
    await page.getByRole('button', { name: 'Reiniciar guía' }).click();
    await expect(page.getByText('Modo práctica: reiniciaste la sesión, así que tus respuestas ya no se guardan.')).toBeVisible();
    await expect(page.getByText(`Quedan ${total} de ${total}`)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'La sabía', exact: true }).click();
    await expect(page.getByText('La sabías: esta tarjeta sale de la cola.')).toBeVisible();

    const evaluations = await evaluationsOf(database, student.email);
    expect(evaluations).toHaveLength(total);
    expect(evaluations.every((evaluation) => evaluation.correct)).toBe(true);
    const { rows: states } = await database.pool.query<{ state: number }>(
      'select s.state from flashcard_states s join users u on u.id = s.user_id where u.email = $1 and s.guide_id = $2',
      [student.email, guide.id],
    );
    // Known once: in learning (ts-fsrs State.Learning), with a short-term step.
    expect(states).toHaveLength(total);
    expect(states.every((state) => state.state === 1)).toBe(true);

    await page.getByRole('navigation', { name: 'Flashcards' }).getByRole('link', { name: 'Volver a las guías' }).click();
    await page.waitForURL(/\/app\/flashcards$/);
    const after = await guidesFromApi(page);
    const guideAfter = after.find((each) => each.id === guide.id)!;
    expect(guideAfter.newCards).toBe(guide.newCards - total);
    expect(guideAfter.dueToday).toBeGreaterThanOrEqual(0);
    expect(guideAfter.dueToday).toBeLessThanOrEqual(total);
    for (const each of after) await expectGuideFigures(page, each);
    const dueToday = after.reduce((sum, each) => sum + each.dueToday, 0);
    if (dueToday > 0) {
      await expect(page.getByRole('link', { name: /Repaso del día/ })).toContainText(
        `${dueToday} ${dueToday === 1 ? 'tarjeta pendiente' : 'tarjetas pendientes'}`,
      );
    } else {
      await expect(page.getByRole('link', { name: /Repaso del día/ })).toHaveCount(0);
    }
  });

  test('una tarjeta marcada como no sabida se queda en la cola y vuelve antes de la felicitación', async ({ page, smtp, database }) => {
    test.setTimeout(150_000);
    const student = await newSignedInStudent(page, smtp, 'repaso');
    const guides = await guidesFromApi(page);
    const guide = [...guides].sort((a, b) => a.flashcardsCount - b.flashcardsCount || b.guideName.localeCompare(a.guideName))[0]!;
    const total = guide.flashcardsCount;
    expect(total).toBeGreaterThan(1);

    await page.goto('/app/flashcards');
    await guideCard(page, guide).getByRole('link', { name: guide.guideName }).click();
    await expect(page.getByRole('heading', { level: 1, name: guide.guideName })).toBeVisible();

    const missed = await shownQuestion(page);
    await page.keyboard.press('Space');
    await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
    await markCard(page, false);
    await expect(page.getByRole('status').getByText('Evaluación guardada').first()).toBeVisible();
    await expect(page.getByText(`Quedan ${total} de ${total}`)).toBeVisible();

    // The rest of the first pass, all known: the missed card does not come back within the pass.
    for (let position = 2; position <= total; position++) {
      const question = await nextCardWithSpace(page);
      expect(question).not.toBe(missed);
      await expect(page.getByText(`Vuelta 1 · tarjeta ${position} de ${total}`)).toBeVisible();
      await markCard(page, true);
    }
    await expect(page.getByText(`Queda 1 de ${total}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: CONGRATULATION })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await expect(page.getByText('Reinicia para repasar otra vez la tarjeta que sigue en la cola.')).toBeVisible();

    // 'Reiniciar flashcard' starts the second pass, with the card that was missed.
    await page.getByRole('button', { name: 'Reiniciar flashcard' }).click();
    await expect(page.getByText('Vuelta 2 · tarjeta 1 de 1')).toBeVisible();
    expect(await shownQuestion(page)).toBe(missed);
    await page.keyboard.press('Space');
    await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
    await markCard(page, true, { last: true });

    await expect(page.getByText(`Marcaste como sabidas las ${total} tarjetas en 2 vueltas.`)).toBeVisible();

    const evaluations = await evaluationsOf(database, student.email);
    expect(evaluations).toHaveLength(total + 1);
    const missedId = evaluations[0]!.flashcard_id;
    expect(evaluations.filter((evaluation) => evaluation.flashcard_id === missedId).map((evaluation) => evaluation.correct)).toEqual([
      false,
      true,
    ]);
  });
});
