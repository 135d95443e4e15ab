import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

// A build as apps/web/build-plugins.ts leaves it: each text file with its .br and .gz siblings.
const asset = `console.log(${JSON.stringify('galeno '.repeat(400))});`;
const shell = `<html><head><title>%APP_NAME%</title></head><body>${'<p>Preparación para el ENARM</p>'.repeat(60)}</body></html>`;
let t: TestApp;
const dist = mkdtempSync(path.join(tmpdir(), 'galeno-dist-'));
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), shell);
  const assetPath = path.join(dist, 'assets', 'index-abc123.js');
  writeFileSync(assetPath, asset);
  writeFileSync(`${assetPath}.br`, brotliCompressSync(asset));
  writeFileSync(`${assetPath}.gz`, gzipSync(asset));
  t = await createTestApp({ WEB_DIST_DIR: dist, APP_NAME: 'Galeno' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('built assets', () => {
  it('are sent as their brotli sibling when the client accepts br', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file from the build as it is, not compressed a second time.
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(asset);
  });

  it('are sent as their gzip sibling when the client accepts only gzip', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(asset);
  });

  it('are sent as they are otherwise', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(asset);
    }
  });
});

describe('the HTML shell', () => {
  it('is compressed with the brand filled in', async () => {
    const response = await get('/app/perfil', 'br;q=1, gzip;q=0.5');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>Galeno</title>');

    const gzipped = await get('/app/perfil', 'gzip, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('<title>Galeno</title>');

    const plain = await get('/app/perfil');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Galeno</title>');
  });
});

describe('API responses', () => {
  it('above 1 KB are compressed when the client asks', async () => {
    const response = await get('/api/docs/json', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi');

    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });

  it('/api/health is never compressed', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
