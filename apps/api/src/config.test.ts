import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverArgs } from '../server-command.mjs';
import { ConfigError, loadConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('loadConfig', () => {
  it('gives working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.APP_NAME).toBe('Galeno');
    expect(config.APP_SHORT_NAME).toBe('galeno');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ORIGIN).toBe('http://localhost:3000');
    expect(config.FREE_ACCESS_HOURS).toBe(2);
    expect(config.TRIAL_SECONDS).toBe(300);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reports every bad field at once', () => {
    try {
      loadConfig({ PORT: '-1', TRIAL_SECONDS: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).fields.map((line) => line.split(':')[0])).toEqual(['PORT', 'TRIAL_SECONDS']);
    }
  });

  it('requires a long secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(production).APP_SECRET).toHaveLength(32);
  });

  it('requires real e-mail and payments in production (no outbox, no test-mode checkout)', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('parses lists and origins', () => {
    const config = loadConfig({ STAFF_EMAILS: ' Ana@Example.com, , luis@example.com', APP_ORIGIN: 'https://galeno.mx', PORT: '8080' });
    expect(config.STAFF_EMAILS).toEqual(['ana@example.com', 'luis@example.com']);
    expect(config.APP_ORIGIN).toBe('https://galeno.mx');
    expect(config.PORT).toBe(8080);
  });

  it('reads TRUST_PROXY as none, a hop count or the proxies’ addresses, and refuses a bare true in production', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.4', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true no se admite en producción/);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });
});

describe('the server process', () => {
  it('stops at once with exit code 1 when the configuration is bad, naming the variable, before it opens anything', () => {
    // The entry point `npm start` runs (server-command.mjs); moved here from the e2e suite, it needs no browser.
    const result = spawnSync(process.execPath, serverArgs(repoRoot), {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuración inválida');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
