import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

const production = {
  NODE_ENV: 'production',
  APP_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  APP_ORIGIN: 'https://galeno.example',
};

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appWith(overrides: Record<string, string>) {
  const t = await createTestApp(overrides);
  apps.push(t);
  return t;
}

// Each case builds whole apps (several seconds each on a loaded machine).
describe('the API documentation at /api/docs', { timeout: 120_000 }, () => {
  it('is not published in production unless API_DOCS=true', async () => {
    const t = await appWith(production);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ errorMessage: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    }
  });

  it('where published (API_DOCS=true in production, or outside production) nobody may frame it', async () => {
    for (const t of [await appWith({ ...production, API_DOCS: 'true' }), await appWith({})]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("frame-ancestors 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('API_DOCS=false turns it off outside production too', async () => {
    const t = await appWith({ API_DOCS: 'false' });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
