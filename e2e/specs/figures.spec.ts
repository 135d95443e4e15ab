import path from 'node:path';
import { test as base, captureScreens, expect, expectAccessible, startE2eServer } from '../fixtures/test.ts';
import type { RunningServer } from '../fixtures/server.ts';
import { repoRoot } from '../fixtures/server.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * A question whose stem shows a figure the bank draws itself (issue 38): an ECG, on a phone. This file's server
 * loads a small content folder of its own (`e2e/fixtures/content`: one ECG question), so the spec creates what it
 * asserts about and does not depend on which ECG items the shipped bank holds.
 */

const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({ database, smtp }, use) => {
      const server = await startE2eServer(database, smtp, 60, { CONTENT_DIR: path.join(repoRoot, 'e2e/fixtures/content') });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const PHONE = { width: 360, height: 740 };
const ECG_QUESTION = 'q-e2e-ecg-001';

test.use({ viewport: PHONE });

test('un ECG a 360 px: se ve en la tarjeta, se amplía a pantalla completa al doble, se cierra y se responde', async ({
  page,
  database,
}) => {
  await signedInStudentFromFactory(page, database, 'ecg');
  // The student flagged the question earlier; «Repasar marcadas» serves it.
  const flagged = await page.request.put(`/api/quiz/flags/${ECG_QUESTION}`, { data: { flagged: true } });
  expect(flagged.ok()).toBe(true);
  await page.goto('/app/marcadas');
  await page.getByRole('button', { name: 'Repasar marcadas' }).click();

  const figure = page.getByRole('img', { name: /Electrocardiograma de 12 derivaciones/ });
  await expect(figure).toBeVisible();
  // The drawing fills the card's width on the phone, its height kept in proportion (the page reserved it).
  const box = (await figure.boundingBox())!;
  expect(box.width).toBeGreaterThan(280);
  expect(box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.height / box.width).toBeCloseTo(520 / 1040, 1);
  // The SVG arrives (the box is reserved before it does), and it is the image the server drew (not a broken image).
  await expect.poll(() => figure.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1040);

  await captureScreens(page, 'ecg-figure');
  await page.getByRole('button', { name: 'Ampliar figura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Electrocardiograma de ingreso' });
  await expect(dialog).toBeVisible();
  // It opens at the drawing's own size (the card already shows it fitted), and goes to twice that or back to fit.
  const full = dialog.getByRole('img', { name: /Electrocardiograma de 12 derivaciones/ });
  await expect(dialog.getByRole('button', { name: 'Tamaño real' })).toHaveAttribute('aria-pressed', 'true');
  expect((await full.boundingBox())!.width).toBe(1040);
  await dialog.getByRole('button', { name: 'Ajustar' }).click();
  expect((await full.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await dialog.getByRole('button', { name: 'Doble' }).click();
  await expect(dialog.getByRole('button', { name: 'Doble' })).toHaveAttribute('aria-pressed', 'true');
  expect((await full.boundingBox())!.width).toBe(2080);
  // Scrolled sideways to read the later leads, as on a phone.
  const scroller = dialog.getByTestId('figura-ampliada');
  await scroller.evaluate((element) => element.scrollTo({ left: 1200 }));
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(1000);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ampliar figura' })).toBeFocused();

  // Answered as any question: the key and the explanation show, and the figure stays to read again.
  await page.locator('label', { hasText: 'Flutter auricular con conducción 2:1' }).click();
  await page.getByRole('button', { name: 'Calificar' }).click();
  await expect(page.getByText(/Ondas F en dientes de sierra/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ampliar figura' })).toBeEnabled();

  // The guideline line under the explanation opens the registry entry the item follows (issue 39).
  const line = page.getByText(
    'Guía de práctica clínica de prueba (figuras de extremo a extremo) (E2E-001-24, versión 2024) · verificada en diciembre de 2026',
  );
  await expect(line).toBeVisible();
  const entry = page.locator('details').filter({ has: line });
  await expect(entry.getByText('Versión que sigue')).toBeHidden();
  await line.click();
  await expect(entry.getByRole('definition').filter({ hasText: 'E2E-001-24' })).toBeVisible();
  await expect(entry.getByRole('link', { name: /el documento/ })).toHaveAttribute('href', 'https://example.org/gpc-e2e-001-24.pdf');
  await expectAccessible(page);
});
