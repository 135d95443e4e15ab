// `npm run affiliate:create -- <shortId> <name> <email> [rate]`: creates an affiliate in the server's database.
import { runWithDatabase } from '../../cli.ts';
import { createAffiliate } from './service.ts';

const [shortId, name, ownerEmail, rate] = process.argv.slice(2);
if (!shortId || !name || !ownerEmail) {
  console.error('Uso: npm run affiliate:create -- <shortId> <nombre> <correo> [comisión, p. ej. 0.15]');
  process.exit(2);
}

await runWithDatabase(async (db, config) => {
  const affiliate = await createAffiliate(db, { shortId, name, ownerEmail, commissionRate: rate === undefined ? 0.15 : Number(rate) });
  console.log(
    `Afiliado creado: ${affiliate.shortId} (${affiliate.name}, ${affiliate.ownerEmail}, comisión ${Math.round(affiliate.commissionRate * 100)}%)`,
  );
  console.log(`Enlace: ${config.APP_ORIGIN}/a/${affiliate.shortId}`);
});
