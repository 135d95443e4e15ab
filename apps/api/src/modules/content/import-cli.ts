// `npm run content:import -- <file>`: imports questions into the database the server uses
// (DATABASE_URL, or PGlite under DATA_DIR).
import { ConfigError, loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/client.ts';
import { importFile } from './import.ts';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run content:import -- <archivo.json>');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const report = await importFile(database.db, file);
  for (const skip of report.skipped) console.log(`skipped ${skip.id}: ${skip.reason}`);
  console.log(`imported: ${report.imported.length}, updated: ${report.updated.length}, skipped: ${report.skipped.length}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
