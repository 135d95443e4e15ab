// The Docker and Compose deployment (issue 22, docs/deployment.md "Docker and Compose"): what compose.yaml, the
// Caddyfile and the Dockerfile promise, read from the files themselves, with no Docker needed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/api/src/config.ts';
import { SERVER_NODE_FLAGS } from '../apps/api/server-command.mjs';
import { POSTGRES_SETTINGS } from '../bench/database-activity.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  build?: string | { context?: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string | string[] };
  ports?: string[];
  volumes?: string[];
}

// Compose merges `<<: *app` (YAML 1.1 merge keys); the yaml package does when asked.
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = compose.services;
/** The app instances: app1, app2 and any added to scale out (docs/deployment.md). */
const apps = Object.keys(services).filter((name) => /^app\d+$/.test(name));

/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `$$`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (match, name: string | undefined, op?: string, arg?: string) => {
    if (match === '$$') return '$';
    const set = vars[name!];
    if (op === ':-') return set ? set : (arg ?? '');
    if (op === '-') return set ?? arg ?? '';
    if (op === ':?' && !set) throw new Error(`${name}: ${arg}`);
    if (op === '?' && set === undefined) throw new Error(`${name}: ${arg}`);
    return set ?? '';
  });
}

/** The variables a value reads (`${NAME...}`). */
const referenced = (value: string) => [...value.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!);

/** What an operator puts in `.env` for the production checks below. */
const operatorEnv: Record<string, string> = {
  APP_ORIGIN: 'https://galeno.example.mx',
  APP_SECRET: 'x'.repeat(48),
  POSTGRES_PASSWORD: 'c0ffee',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.mx:587',
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
  LEGAL_NAME: 'Ejemplo S.A. de C.V.',
  LEGAL_ADDRESS: 'Av. Reforma 1, CDMX',
  CONTACT_EMAIL: 'contacto@example.mx',
};

const envOf = (service: string, vars: Record<string, string> = operatorEnv) =>
  Object.fromEntries(Object.entries(services[service]!.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), vars)]));

describe('compose.yaml', () => {
  it('runs two app instances, PostgreSQL, Redis and a proxy', () => {
    expect(apps).toEqual(expect.arrayContaining(['app1', 'app2']));
    expect(Object.keys(services).sort()).toEqual([...apps, 'postgres', 'proxy', 'redis'].sort());
    for (const app of apps) {
      const build = services[app]!.build;
      expect(typeof build === 'string' ? build : build?.context).toBe('.');
    }
    expect(services.postgres!.image).toBe('postgres:16-alpine');
    expect(services.postgres!.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(String(services.postgres!.healthcheck?.test)).toMatch(/pg_isready/);
    expect(services.redis!.image).toBe('redis:7-alpine');
    expect(services.proxy!.image).toMatch(/^caddy:2/);
  });

  it('runs PostgreSQL with the settings the cohort bench recommends for this workload (issue 36)', () => {
    const command = services.postgres!.command ?? [];
    expect(command[0]).toBe('postgres');
    const passed = Object.fromEntries(
      command
        .slice(1)
        .filter((_, index) => index % 2 === 1)
        .map((pair) => pair.split('=') as [string, string]),
    );
    expect(command.slice(1).filter((_, index) => index % 2 === 0).every((flag) => flag === '-c')).toBe(true);
    expect(passed).toEqual(POSTGRES_SETTINGS);
    // docs/deployment.md gives the same values to whoever runs PostgreSQL without Compose.
    for (const [name, value] of Object.entries(POSTGRES_SETTINGS)) expect(read('docs/deployment.md')).toContain(`${name} = ${value}`);
  });

  it('points every app at the shared database and Redis, behind one proxy', () => {
    for (const app of apps) {
      const env = envOf(app);
      const database = new URL(env.DATABASE_URL!);
      expect(database.protocol).toBe('postgres:');
      expect(database.hostname).toBe('postgres');
      expect(database.password).toBe(operatorEnv.POSTGRES_PASSWORD);
      const redis = new URL(env.REDIS_URL!);
      expect(redis.protocol).toBe('redis:');
      expect(redis.hostname).toBe('redis');
      expect(env.TRUST_PROXY).toBe('1');
      expect(env.NODE_ENV).toBe('production');
      // TRUST_PROXY=1 holds only while nothing but the proxy reaches the apps: their port stays unpublished.
      expect(services[app]!.ports).toBeUndefined();
      expect(services[app]!.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
      expect(String(services[app]!.healthcheck?.test)).toContain('/api/health');
    }
  });

  it('takes every secret from .env and ships none', () => {
    const secrets = ['APP_SECRET', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
    for (const app of apps) {
      const environment = services[app]!.environment!;
      for (const name of [...secrets, 'APP_ORIGIN'])
        expect(environment[name], `${app} ${name}`).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
      expect(environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
      // Without any of them compose stops with the message instead of starting an app with a default.
      for (const name of [...secrets, 'POSTGRES_PASSWORD']) {
        expect(() => envOf(app, { ...operatorEnv, [name]: '' }), name).toThrow(name);
      }
    }
    expect(services.postgres!.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
  });

  it('gives the apps a configuration the production server accepts, in variables it reads', () => {
    const configSource = read('apps/api/src/config.ts');
    for (const app of apps) {
      const env = envOf(app);
      for (const name of Object.keys(env)) expect(configSource, name).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
      const config = loadConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(config.TRUST_PROXY).toBe(1);
      expect(config.APP_ORIGIN).toBe(operatorEnv.APP_ORIGIN);
    }
  });

  it('documents every variable it reads in deploy/env.example', () => {
    const example = read('deploy/env.example');
    const names = new Set(
      Object.values(services).flatMap((service) => Object.values(service.environment ?? {}).flatMap((value) => referenced(String(value)))),
    );
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
    // Blank: an operator who forgets one gets compose's error, not a sample value.
    for (const name of ['APP_SECRET', 'POSTGRES_PASSWORD', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});

describe('deploy/Caddyfile', () => {
  const mount = services.proxy!.volumes?.find(
    (volume) => volume.endsWith(':/etc/caddy/Caddyfile:ro') || volume.endsWith(':/etc/caddy/Caddyfile'),
  );
  const file = mount?.split(':')[0] ?? '';

  it('is the file the proxy mounts', () => {
    expect(file).toBe('./deploy/Caddyfile');
    expect(existsSync(path.join(root, file))).toBe(true);
    expect(services.proxy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
  });

  it('balances over every app instance, checks /api/health and compresses', () => {
    const caddyfile = read(file)
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(apps.map((app) => `${app}:3000`).sort());
    expect(caddyfile).toMatch(/health_uri\s+\/api\/health\b/);
    expect(caddyfile).toMatch(/encode\s+zstd\s+gzip/);
    expect(caddyfile).toContain('{$APP_ORIGIN}');
    // Rewriting X-Forwarded-For or Accept-Encoding would undo TRUST_PROXY=1 or the app's precompressed brotli.
    expect(caddyfile).not.toMatch(/header_up\s+[-+]?(X-Forwarded-For|Accept-Encoding)/i);
  });
});

describe('Dockerfile', () => {
  // One instruction per entry: continuation lines joined, comments dropped.
  const instructions = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const line of instructions) {
    if (/^FROM\s/i.test(line)) stages.push([line]);
    else stages.at(-1)?.push(line);
  }
  const runtime = stages.at(-1) ?? [];
  const stageName = (stage: string[]) => /\sAS\s+(\S+)/i.exec(stage[0]!)?.[1];

  it('builds in stages and runs as a user other than root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const users = runtime.filter((line) => /^USER\s/i.test(line));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
  });

  it('builds the web app in a build stage and copies it into the runtime', () => {
    const builders = stages.filter((stage) => stage.some((line) => /^RUN\s.*npm run build/.test(line)));
    expect(builders.length).toBe(1);
    const builder = stageName(builders[0]!);
    expect(runtime).toContainEqual(expect.stringMatching(new RegExp(`^COPY\\s+--from=${builder}\\s+\\S*apps/web/dist\\s`)));
    expect(runtime).toContainEqual(expect.stringMatching(new RegExp(`^COPY\\s+--from=${builder}\\s+\\S*apps/web/dist-ssr\\s`)));
  });

  it('ships production dependencies only', () => {
    const installs = stages.flatMap((stage) =>
      stage.filter((line) => /^RUN\s.*npm (ci|install)/.test(line)).map((line) => ({ stage, line })),
    );
    const production = installs.filter(({ line }) => /--omit=dev/.test(line));
    expect(production.length).toBe(1);
    // The runtime takes its node_modules from that stage, never from the build stage's full install.
    const source = stageName(production[0]!.stage);
    const copiedFrom = runtime.flatMap((line) => /^COPY\s+--from=(\S+)/.exec(line)?.[1] ?? []);
    expect(copiedFrom).toContain(source);
    for (const { stage } of installs.filter(({ line }) => !/--omit=dev/.test(line))) {
      expect(runtime.filter((line) => line.startsWith(`COPY --from=${stageName(stage)} `))).not.toContainEqual(
        expect.stringMatching(/node_modules|\s\/app\s/),
      );
    }
  });

  it('runs the server in production, on 3000, with a health check, without rebuilding', () => {
    expect(runtime).toContainEqual(expect.stringMatching(/^ENV\s.*NODE_ENV=production/));
    expect(runtime).toContain('EXPOSE 3000');
    expect(runtime).toContainEqual(expect.stringMatching(/^HEALTHCHECK\s.*CMD\s.*node.*\/api\/health/));
    const cmd = runtime.filter((line) => /^CMD\s/.test(line)).at(-1) ?? '';
    expect(cmd).toContain('apps/api/src/server.ts');
    // The same node flags as every other start (apps/api/server-command.mjs).
    for (const flag of SERVER_NODE_FLAGS) expect(cmd).toContain(`"${flag}"`);
    // `npm start` (scripts/start.mjs) would rebuild the web app when it finds its sources changed: not in the image.
    expect(cmd).not.toMatch(/npm|start\.mjs/);
  });

  it('keeps dependencies, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data', '.env']) expect(ignored).toContain(entry);
  });
});
