import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './boot/prepare-database.ts';
import { buildApp } from './app.ts';
import { isDatabaseUnavailable, redactDatabaseUrl } from './db/availability.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A start that cannot reach its database says so in one line (what, where, what to check) and exits. */
async function openAndPrepare(config: Config) {
  const where = config.DATABASE_URL ? redactDatabaseUrl(config.DATABASE_URL) : `PGlite en ${config.DATA_DIR}`;
  let step = 'abrir la base de datos';
  try {
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      timeoutMs: config.DATABASE_TIMEOUT_MS,
    });
    // The boot lock's connection is the first to reach PostgreSQL; it guards the migrations.
    step = 'aplicar las migraciones';
    const seeded = await prepareDatabase(database, {
      databaseUrl: config.DATABASE_URL,
      contentRoot: config.CONTENT_DIR,
      onStep: (next) => (step = next === 'migrations' ? 'aplicar las migraciones' : 'cargar el contenido'),
    });
    return { database, seeded };
  } catch (error) {
    const detail = describeFailure(error);
    const hint = isDatabaseUnavailable(error)
      ? config.DATABASE_URL
        ? 'Revisa que PostgreSQL esté en marcha y acepte conexiones en esa dirección, y que DATABASE_URL sea correcta.'
        : `Revisa que ${config.DATA_DIR} exista y se pueda escribir.`
      : 'Revisa el detalle y la configuración (README, sección Configuration).';
    console.error(`Error al iniciar: no se pudo ${step} (${where}): ${detail}. ${hint}`);
    process.exit(1);
  }
}

function describeFailure(error: unknown): string {
  const failure = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const inner = Array.isArray(failure.errors) && failure.errors.length > 0 ? failure.errors[0] : failure.cause;
  if (inner && (!failure.message || String(failure.message).startsWith('Failed query'))) return describeFailure(inner);
  const code = typeof failure.code === 'string' ? `${failure.code} ` : '';
  return `${code}${String(failure.message ?? error)}`.split('\n')[0]!.slice(0, 300);
}

const config = readConfig();
const { database, seeded } = await openAndPrepare(config);
const app = await buildApp({ config, db: database.db, listen: database.listen });

/** How long a stop waits for the requests in flight before it gives up on them. */
const SHUTDOWN_BOUND_MS = 10_000;

/**
 * SIGTERM (a deploy, the orchestrator) or SIGINT (Ctrl-C): readiness fails at once and requests that still arrive get
 * 503 (app.draining), the server stops accepting connections, the requests in flight finish (at most
 * SHUTDOWN_BOUND_MS), then the background workers, the mailer, Redis and the database pool close and the process
 * exits 0. A stop that overruns its bound exits 1.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.draining.begin();
  app.log.info({ signal }, 'shutting down: draining the requests in flight');
  const force = setTimeout(() => {
    app.log.error(`shutdown took more than ${SHUTDOWN_BOUND_MS} ms: exiting with requests still open`);
    process.exit(1);
  }, SHUTDOWN_BOUND_MS);
  force.unref();
  try {
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ seeded }, 'content loaded');
app.log.info(`${config.APP_NAME} listo en ${config.APP_ORIGIN} (base de datos: ${database.kind})`);
