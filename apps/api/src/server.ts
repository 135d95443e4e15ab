import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate, openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedContent } from './seed.ts';

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

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
const seeded = await seedContent(database.db);
const app = await buildApp({ config, db: database.db });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
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
