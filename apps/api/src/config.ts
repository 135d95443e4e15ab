import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NETWORK_DAILY_CEILING_DEFAULT } from '@galeno/domain/timings';
import { WHEEL_SPINS_PER_NETWORK_DAY_DEFAULT } from '@galeno/domain/discount-quiz';

/** The legal data of a development install: plainly placeholders, and the pages say so. */
export const LEGAL_PLACEHOLDERS = {
  name: 'Razón social por configurar (LEGAL_NAME)',
  address: 'Domicilio por configurar (LEGAL_ADDRESS)',
  email: 'privacidad@ejemplo.invalid',
} as const;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce.number({ error: 'debe ser un número entero' }).int('debe ser un número entero').min(min).max(max),
  );

/** `a.b.c.d`, `::1`, or either with a `/prefix` (a CIDR range). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (Fastify's `trustProxy`): `false` (none, the default),
 * a hop count (`1`: one load balancer in front), or a list of proxy addresses and CIDR ranges. A bare
 * `true` trusts whatever `X-Forwarded-For` a client sends; it is refused in production (see below).
 */
const trustProxy = z.preprocess(
  (value) => (value === undefined ? '' : String(value).trim()),
  z.string().transform((value, ctx): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops === 0 ? false : hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isAddressOrRange(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry));
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `debe ser false, un número de saltos (1-10) o una lista de direcciones IP o rangos CIDR de los proxies (no válido: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: integer(3000, 0, 65535),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'debe ser una URL postgres://' }).optional()),
    /**
     * PostgreSQL: how long a connection attempt and a statement may take before the request gets a 503. A database
     * that goes silent without closing its connections would otherwise hold requests for the minutes TCP takes.
     */
    DATABASE_TIMEOUT_MS: integer(5000, 100, 600_000),
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: 'debe ser una URL redis://' }).optional()),
    APP_ORIGIN: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)://' }).optional()),
    APP_NAME: z.string().trim().min(1).default('Galeno'),
    /** Who runs the service, for the privacy notice, terms and contact pages (issue 20); the defaults say they are placeholders. */
    LEGAL_NAME: z.string().trim().min(1).default(LEGAL_PLACEHOLDERS.name),
    LEGAL_ADDRESS: z.string().trim().min(1).default(LEGAL_PLACEHOLDERS.address),
    CONTACT_EMAIL: z.email({ error: 'debe ser un correo válido' }).default(LEGAL_PLACEHOLDERS.email),
    /** The support chat (WhatsApp) and the video channel; without them the app hides those links (issue 20). */
    SUPPORT_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)://' }).optional()),
    VIDEO_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)://' }).optional()),
    APP_SHORT_NAME: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'solo minúsculas, números y guiones')
      .default('galeno'),
    APP_SECRET: optionalString,
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp://' }).optional()),
    MAIL_FROM: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)://' }).optional()),
    FREE_ACCESS_HOURS: integer(2, 0, 24 * 365),
    TRIAL_SECONDS: integer(300, 1, 24 * 3600),
    /** Trials and public discount-quiz participations a network address may start a day, across its devices (decision 019). */
    NETWORK_DAILY_CEILING: integer(NETWORK_DAILY_CEILING_DEFAULT, 1, 100_000),
    /** Prizes the public discount wheel may draw a day on one network address, across its devices (issue 34, F3). */
    WHEEL_SPINS_PER_NETWORK_DAY: integer(WHEEL_SPINS_PER_NETWORK_DAY_DEFAULT, 1, 100_000),
    STAFF_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The OpenAPI document and Swagger UI under /api/docs: on outside production, off in production unless `true`. */
    API_DOCS: optionalString.pipe(z.enum(['true', 'false'], { error: 'debe ser true o false' }).optional()),
    TRUST_PROXY: trustProxy,
    WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** The content loaded at start (decision 011); tests and benchmarks point it at a generated bank. */
    CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
    RATE_LIMIT_MAX: integer(300, 1, 1_000_000),
    /** Multiplies every route's own per-IP budget (OTP requests, logins...); end-to-end runs speak from one address. */
    RATE_LIMIT_ROUTE_FACTOR: integer(1, 1, 10_000),
    /** The prefix of the limits' keys in REDIS_URL: instances that share budgets use the same one. */
    RATE_LIMIT_NAMESPACE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'solo letras, números, «:», «_» y «-» (hasta 64)')
      .default('galeno-rl-'),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'es obligatorio en producción' });
    }
    // In production codes must reach real inboxes and payments real money: no outbox, no test-mode checkout.
    if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'es obligatorio en producción' });
    }
    if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'es obligatorio en producción' });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'es obligatorio cuando STRIPE_SECRET_KEY está definido' });
    }
    // `true` believes any X-Forwarded-For a client writes: each request could claim a new address and
    // start its limits afresh. Production names its proxies (a hop count or their addresses).
    if (config.NODE_ENV === 'production' && config.TRUST_PROXY === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'true no se admite en producción: indica el número de proxies delante de la app (por ejemplo 1) o sus direcciones IP o rangos CIDR',
      });
    }
    if (config.APP_SECRET && config.APP_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'debe tener al menos 32 caracteres' });
    }
  })
  .transform((config) => ({
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    CONTENT_DIR: path.resolve(config.CONTENT_DIR),
    APP_ORIGIN: config.APP_ORIGIN ?? `http://localhost:${config.PORT}`,
    // Development only: a fixed secret keeps hashed IPs stable across restarts; production must set its own.
    APP_SECRET: config.APP_SECRET ?? 'development-secret-not-for-production-use',
    MAIL_FROM: config.MAIL_FROM ?? `${config.APP_NAME} <no-responder@${config.APP_SHORT_NAME}.mx>`,
    // Every route, staff ones included, is listed there: a production install publishes it only on purpose.
    API_DOCS: config.API_DOCS === undefined ? config.NODE_ENV !== 'production' : config.API_DOCS === 'true',
  }));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly fields: string[]) {
    super(`Configuración inválida:\n${fields.map((line) => `  - ${line}`).join('\n')}`);
  }
}

/** Parses the environment once at boot; a bad value throws a ConfigError naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(entorno)'}: ${issue.message}`));
  }
  return result.data;
}

/** A config for tests and tools: defaults plus overrides, never the real environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...overrides });
}

/** The PostgreSQL that API tests run against as well as PGlite (CI sets it). */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}
