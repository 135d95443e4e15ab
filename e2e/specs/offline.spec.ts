import type { Page } from '@playwright/test';
import type { ClinicGuideWithProgress } from '@galeno/domain/contracts/flashcards';
import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';
import { NETWORK_TIMEOUT } from '../fixtures/quiz.ts';

/*
 * Issue 41: the installed app without signal. The service worker is let in here (the other specs block it).
 */

const PHONE = { width: 360, height: 740 };
const GRADED_OFFLINE = 5;
const PACK_CASES_OFFLINE = 3;

/** Every answer the statistics count for the signed-in student. */
async function answeredInStats(page: Page): Promise<number> {
  const response = await page.request.get('/api/stats/summary');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totals: { answered: number } }).totals.answered;
}

const studyCard = (page: Page) => page.getByRole('article', { name: 'Tarjeta' });

async function gradeGood(page: Page) {
  await studyCard(page).getByRole('heading', { name: 'Pregunta', exact: true }).locator('xpath=following-sibling::p[1]').click();
  await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
  await page.getByRole('group', { name: '¿Qué tan bien la sabías?' }).getByRole('button', { name: /^Bien/ }).click();
}

test.describe('sin señal', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

  test('a 360 px: la app instalada abre sin red, califica 5 tarjetas y resuelve 3 casos de un paquete, sobrevive a una recarga y al volver la señal el servidor los tiene una sola vez', async ({
    page,
    context,
    database,
  }) => {
    test.setTimeout(120_000);
    const student = await signedInStudentFromFactory(page, database, 'sinsenal');
    // The service worker installs on the first signed-in page; from the next page on it serves the app.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const guides = (await (await page.request.get('/api/ankis/clinic-guides')).json()) as ClinicGuideWithProgress[];
    const guide = guides
      .filter((each) => each.newToday > GRADED_OFFLINE)
      .sort((a, b) => a.flashcardsCount - b.flashcardsCount || a.id.localeCompare(b.id))[0]!;
    const total = guide.newToday;

    // With signal she opens the guide once: its cards are kept on the phone.
    await page.goto(`/app/flashcards/${guide.id}`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText(`Quedan ${total} de ${total}`)).toBeVisible();

    // And she downloads a pack of 10 cases to answer on the way.
    await page.goto('/app/paquetes');
    await page.getByLabel('Casos').selectOption('10');
    await page.getByRole('button', { name: 'Descargar paquete' }).click();
    await expect(page.getByText('Paquete descargado: 10 casos listos para resolver sin conexión.')).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await expect(page.getByText('0 de 10 resueltos')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'packs');

    // The metro: no network at all. The installed app's start URL and the guide open from the phone.
    await context.setOffline(true);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: /^¡Hola/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('inicio-sin-senal.png'), fullPage: true });
    await page.goto('/app/flashcards');
    await page.goto(`/app/flashcards/${guide.id}`);
    await expect(page.getByRole('heading', { level: 1, name: guide.guideName })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toBeVisible();
    for (let graded = 0; graded < GRADED_OFFLINE; graded++) {
      await gradeGood(page);
      await expect(page.getByText(`Quedan ${total - graded - 1} de ${total}`)).toBeVisible();
    }
    await expect(page.getByText(`Sin conexión: ${GRADED_OFFLINE} calificaciones guardadas en este teléfono`)).toBeVisible();
    await expectAccessible(page);

    // A reload without signal loses nothing: the grades wait on the phone and the graded cards are not served again.
    await page.reload();
    await expect(page.getByText(`${GRADED_OFFLINE} calificaciones esperan la señal para enviarse.`)).toBeVisible();
    const left = total - GRADED_OFFLINE;
    await expect(page.getByText(`Quedan ${left} de ${left}`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('sin-senal.png') });

    // Three cases of the pack, graded on the phone with their explanations.
    await page.goto('/app/paquetes');
    await page.getByRole('link', { name: /^Resolver Paquete del/ }).click();
    for (let answered = 0; answered < PACK_CASES_OFFLINE; answered++) {
      await expect(page.getByText(`Caso ${answered + 1} de 10 · ${answered} ${answered === 1 ? 'resuelto' : 'resueltos'}`)).toBeVisible();
      const header = page.getByRole('button', { name: /^Pregunta 1 de \d+/ });
      const total = Number((await header.textContent())!.match(/^Pregunta 1 de (\d+)/)![1]);
      for (let question = 0; question < total; question++) await page.keyboard.press('a');
      await page.getByRole('button', { name: 'Calificar', exact: true }).click();
      await expect(page.getByText(new RegExp(`^Acertaste \\d+ de ${total} preguntas?\\.$`))).toBeVisible();
      if (answered === 0) await expectAccessible(page);
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await page.reload();
    await expect(page.getByText(`Caso ${PACK_CASES_OFFLINE + 1} de 10 · ${PACK_CASES_OFFLINE} resueltos`)).toBeVisible();
    await expect(
      page.getByText(`${GRADED_OFFLINE} calificaciones y ${PACK_CASES_OFFLINE} casos esperan la señal para enviarse.`),
    ).toBeVisible();
    await captureScreens(page, 'pack-offline');
    const packAnswers = () =>
      database.pool.query<{ question_id: string }>(
        "select a.question_id from answers a join users u on u.id = a.user_id join quiz_sessions s on s.id = a.quiz_session_id where u.email = $1 and s.kind = 'pack'",
        [student.email],
      );
    expect((await packAnswers()).rows).toHaveLength(0);
    const answeredBefore = await answeredInStats(page);
    expect(answeredBefore).toBe(0);
    const saved = () =>
      database.pool.query<{ client_key: string | null; grade: string }>(
        'select e.client_key, e.grade from flashcard_evaluations e join users u on u.id = e.user_id where u.email = $1',
        [student.email],
      );
    expect((await saved()).rows).toHaveLength(0);

    // The signal comes back weak: the server records the first grade but its answer is lost on the way back.
    let sends = 0;
    await context.route('**/api/ankis/flashcards/evaluate', async (route) => {
      if (++sends > 1) return route.continue();
      await route.fetch();
      return route.abort('connectionreset');
    });
    await context.setOffline(false);
    // The pack's answers go out; the grades stop at the first one, whose answer was lost.
    await expect(page.getByText(`${PACK_CASES_OFFLINE} casos enviados: ya cuentan en tus estadísticas.`)).toBeVisible({
      timeout: NETWORK_TIMEOUT,
    });
    await expect.poll(async () => (await saved()).rows.length, { timeout: NETWORK_TIMEOUT }).toBe(1);
    // For the phone nothing went out: it stopped at the first grade, and all five still wait, that one included.
    await page.waitForTimeout(1_000);
    expect(sends).toBe(1);
    expect((await saved()).rows).toHaveLength(1);
    // The next time the phone says it is online, everything goes out again, the first grade with the same key.
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(`${GRADED_OFFLINE} calificaciones enviadas: ya cuentan en tus estadísticas.`)).toBeVisible({
      timeout: NETWORK_TIMEOUT,
    });
    const { rows } = await saved();
    // Six sends (the first one twice), five grades recorded.
    expect(sends).toBe(GRADED_OFFLINE + 1);
    expect(rows).toHaveLength(GRADED_OFFLINE);
    expect(new Set(rows.map((row) => row.client_key)).size).toBe(GRADED_OFFLINE);
    expect(rows.every((row) => row.grade === 'good' && row.client_key !== null)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toHaveCount(0);

    // The three cases' answers, once each, in the pack's session; the statistics count them as answers given online.
    const recorded = (await packAnswers()).rows.map((row) => row.question_id);
    expect(recorded.length).toBeGreaterThanOrEqual(PACK_CASES_OFFLINE);
    expect(new Set(recorded).size).toBe(recorded.length);
    expect(await answeredInStats(page)).toBe(recorded.length);

    // The server counts them: the guide list has them as studied today.
    const after = ((await (await page.request.get('/api/ankis/clinic-guides')).json()) as ClinicGuideWithProgress[]).find(
      (each) => each.id === guide.id,
    )!;
    expect(after.newCards).toBe(guide.newCards - GRADED_OFFLINE);
  });
});
