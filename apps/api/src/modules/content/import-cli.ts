// `npm run content:import -- <file>`: imports questions into the database the server uses.
import { runWithDatabase } from '../../cli.ts';
import { importFile } from './import.ts';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run content:import -- <archivo.json>');
  process.exit(2);
}

await runWithDatabase(async (db) => {
  const report = await importFile(db, file);
  for (const skip of report.skipped) console.log(`skipped ${skip.id}: ${skip.reason}`);
  console.log(`imported: ${report.imported.length}, updated: ${report.updated.length}, skipped: ${report.skipped.length}`);
});
