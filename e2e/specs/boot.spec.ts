import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot, startServer } from '../fixtures/server.ts';

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

  test('una configuración inválida detiene el arranque y nombra la variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('Configuración inválida');
  });
});
