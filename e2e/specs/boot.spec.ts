import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateBank, writeBank } from '../../apps/api/src/test/bank.ts';
import { startServer } from '../fixtures/server.ts';

test.describe('el arranque', () => {
  test('sin configuración usa PGlite en un directorio nuevo y sirve la página de inicio', async ({ page }) => {
    const server = await startServer();
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      await page.goto(server.url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(server.output()).not.toMatch(/error/i);
    } finally {
      await server.stop();
    }
  });

  test('con CONTENT_DIR sirve el banco generado de las pruebas y del benchmark, y cuenta exactamente lo que trae', async ({ page }) => {
    // The same deterministic generator as the API tests and the benchmark.
    const contentDir = mkdtempSync(path.join(tmpdir(), 'galeno-e2e-content-'));
    writeBank(
      contentDir,
      generateBank({ cases: 40, questionsPerCase: 3, singles: 10, guides: 2, cardsPerGuide: 6, prefix: 'e2e', spread: 'taxonomy' }),
    );
    const server = await startServer({ CONTENT_DIR: contentDir });
    try {
      const counts = await (await fetch(`${server.url}/api/visits/public-counts`)).json();
      // Questions are counted exactly; cards, like students, are shown rounded down (12 → 10).
      expect(counts).toMatchObject({ ownQuestions: 40 * 3 + 10, mirQuestions: 0, flashcards: 10 });
      await page.goto(server.url);
      await expect(page.getByText('130 preguntas propias ENARM', { exact: true })).toBeVisible();
    } finally {
      await server.stop();
      rmSync(contentDir, { recursive: true, force: true });
    }
  });
});
