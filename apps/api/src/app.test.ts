import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
const dist = mkdtempSync(path.join(tmpdir(), 'galeno-dist-'));
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><meta name="application-name" content="%APP_NAME%"><meta name="galeno:support-url" content="%SUPPORT_URL%"><meta name="galeno:video-url" content="%VIDEO_URL%"></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  t = await createTestApp({ WEB_DIST_DIR: dist, APP_NAME: 'Galeno <MX>', SUPPORT_URL: 'https://wa.me/5215512345678' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers its contract as JSON, uncached', async () => {
    for (const [url, body] of [
      ['/api/health', '{"status":"ok","database":"ok"}'],
      ['/api/health/live', '{"status":"ok"}'],
      ['/api/health/ready', '{"status":"ready","database":"ok","redis":"not-configured"}'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).toBe(body);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-length']).toBe(String(body!.length));
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security headers', () => {
  it('are set on API and page responses', async () => {
    for (const url of ['/api/health', '/api/no-existe', '/cualquier-ruta']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("give pages the document's policy and API answers, which are JSON, the strictest one in a few bytes", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cualquier-ruta' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toBeDefined();
    for (const url of ['/api/health', '/api/no-existe']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['permissions-policy']).toBeUndefined();
    }
  });
});

describe('static SPA', () => {
  it('serves index.html for unknown pages with the brand filled in and no caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/profile?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('content="Galeno &#60;MX&#62;"');
    // The support link from configuration; no video channel configured, so none (the page hides the link).
    expect(response.body).toContain('<meta name="galeno:support-url" content="https://wa.me/5215512345678">');
    expect(response.body).toContain('<meta name="galeno:video-url" content="">');
  });

  it('serves the web app manifest with the brand, opening on the student home, standalone (issue 41)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      short_name: 'Galeno <MX>',
      start_url: '/app',
      display: 'standalone',
      lang: 'es-MX',
      theme_color: '#0f766e',
    });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  });

  it('has the browser ask for the service worker on every visit, so a new deployment is found at once (issue 41)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, never the HTML shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/old-chunk-zzz.js' });
    expect(response.statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404 in Spanish', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the zod contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/visits/landing', '/api/visits/cta']));
    expect(spec.paths['/api/visits/landing'].post.requestBody.content['application/json'].schema.properties.originPath).toBeDefined();
  });
});
