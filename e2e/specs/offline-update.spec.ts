import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, expectAccessible, startE2eServer } from '../fixtures/test.ts';
import { repoRoot, type RunningServer } from '../fixtures/server.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * Issue 41: a new deployment reaches an open app as «Hay una versión nueva de la app.», and «Actualizar» reloads into it.
 * This file's server serves a copy of the build, so the spec can deploy «the next build» (a changed service worker)
 * without touching the build the other specs use; it loads the small fixture content (e2e/fixtures/content).
 */

const test = base.extend<object, { build: string; server: RunningServer }>({
  build: [
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'galeno-build-'));
      cpSync(path.join(repoRoot, 'apps/web/dist'), dir, { recursive: true });
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ database, smtp, build }, use) => {
      const server = await startE2eServer(database, smtp, 60, {
        CONTENT_DIR: path.join(repoRoot, 'e2e/fixtures/content'),
        WEB_DIST_DIR: build,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

test('una versión nueva desplegada se ofrece con «Actualizar», y al tocarlo la app se recarga en ella', async ({ page, database, build }) => {
  await signedInStudentFromFactory(page, database, 'version');
  const activeWorker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { controlled: navigator.serviceWorker.controller !== null, waiting: registration.waiting !== null };
    });
  await activeWorker();
  await page.reload();
  expect(await activeWorker()).toEqual({ controlled: true, waiting: false });
  await expect(page.getByText('Hay una versión nueva de la app.')).toHaveCount(0);

  // The next build is deployed: its service worker differs from the one the phone has.
  appendFileSync(path.join(build, 'sw.js'), '\n// the next deployment\n');
  rmSync(path.join(build, 'sw.js.br'), { force: true });
  rmSync(path.join(build, 'sw.js.gz'), { force: true });
  // Opening the app again is when the browser looks for it; the new version waits for her, it never reloads by itself.
  await page.reload();
  const prompt = page.getByRole('status').filter({ hasText: 'Hay una versión nueva de la app.' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);

  await page.evaluate(() => sessionStorage.setItem('before-update', window.performance.timeOrigin.toString()));
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem('before-update') !== window.performance.timeOrigin.toString())).toBe(true);
  await expect(page.getByText('Hay una versión nueva de la app.')).toHaveCount(0);
  expect(await activeWorker()).toEqual({ controlled: true, waiting: false });
});
