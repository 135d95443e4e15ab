// `npm run affiliate:create -- <shortId> <name> <email> [rate]`: creates an affiliate in the server's database.
import { ConfigError, loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/client.ts';
import { createAffiliate } from './service.ts';

const [shortId, name, ownerEmail, rate] = process.argv.slice(2);
if (!shortId || !name || !ownerEmail) {
  console.error('Uso: npm run affiliate:create -- <shortId> <nombre> <correo> [comisión, p. ej. 0.15]');
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
  const affiliate = await createAffiliate(database.db, { shortId, name, ownerEmail, commissionRate: rate === undefined ? 0.15 : Number(rate) });
  console.log(`Afiliado creado: ${affiliate.shortId} (${affiliate.name}, ${affiliate.ownerEmail}, comisión ${Math.round(affiliate.commissionRate * 100)}%)`);
  console.log(`Enlace: ${config.APP_ORIGIN}/a/${affiliate.shortId}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
