import type { Page } from '@playwright/test';
import type { ClinicGuideWithProgress } from '@galeno/domain/contracts/flashcards';
import { test, expect, expectAccessible } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';
import { NETWORK_TIMEOUT } from '../fixtures/quiz.ts';

/*
 * Issue 41: the installed app without signal. The service worker is let in here (the other specs block it).
 */

const PHONE = { width: 360, height: 740 };
const GRADED_OFFLINE = 5;

const studyCard = (page: Page) => page.getByRole('article', { name: 'Tarjeta' });

async function gradeGood(page: Page) {
  await studyCard(page).getByRole('heading', { name: 'Pregunta', exact: true }).locator('xpath=following-sibling::p[1]').click();
  await expect(studyCard(page).getByRole('heading', { name: 'Respuesta', exact: true })).toBeVisible();
  await page.getByRole('group', { name: '¿Qué tan bien la sabías?' }).getByRole('button', { name: /^Bien/ }).click();
}

test.describe('sin señal', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

  test('a 360 px: la app instalada abre sin red, califica 5 tarjetas, sobrevive a una recarga y al volver la señal el servidor las tiene una sola vez', async ({
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

    // The metro: no network at all. The installed app's start URL and the guide open from the phone.
    await context.setOffline(true);
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
    await expect.poll(async () => (await saved()).rows.length, { timeout: NETWORK_TIMEOUT }).toBe(1);
    // For the phone nothing went out: all five still wait, the first one included.
    await expect(page.getByText(`Sin conexión: ${GRADED_OFFLINE} calificaciones guardadas en este teléfono`)).toBeVisible();
    expect(sends).toBe(1);
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
    await expect(page.getByText(/calificaciones? guardadas? en este teléfono/)).toHaveCount(0);
    expect(new Set(rows.map((row) => row.client_key)).size).toBe(GRADED_OFFLINE);
    expect(rows.every((row) => row.grade === 'good' && row.client_key !== null)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toHaveCount(0);

    // The server counts them: the guide list has them as studied today.
    const after = ((await (await page.request.get('/api/ankis/clinic-guides')).json()) as ClinicGuideWithProgress[]).find(
      (each) => each.id === guide.id,
    )!;
    expect(after.newCards).toBe(guide.newCards - GRADED_OFFLINE);
  });
});
