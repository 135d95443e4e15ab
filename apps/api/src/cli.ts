import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate, openDatabase, type Db } from './db/client.ts';

/**
 * Runs a command-line task against the database the server uses (DATABASE_URL, or PGlite under
 * DATA_DIR), migrated first. Errors are printed in one line and set a non-zero exit code.
 */
export async function runWithDatabase(task: (db: Db, config: Config) => Promise<void>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    await task(database.db, config);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
