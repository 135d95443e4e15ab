// `npm run content:import -- <file>`: imports questions (our format, HEAD-QA or CasiMedicos) into the database the server uses.
import { runWithDatabase } from '../../cli.ts';
import { FormatError, importFile } from './import.ts';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run content:import -- <archivo.json>');
  process.exit(2);
}

await runWithDatabase(async (db) => {
  try {
    const report = await importFile(db, file);
    for (const skip of report.skipped) console.log(`skipped ${skip.id}: ${skip.reason}`);
    for (const held of report.held) console.log(`held ${held.id}: ${held.reason}`);
    for (const id of report.retired) console.log(`retired ${id} (review decision)`);
    for (const id of report.released) console.log(`released ${id}: held before, served now`);
    for (const alias of report.aliases) console.log(`alias ${alias.aliasId} → ${alias.questionId}: ${alias.reason}`);
    console.log(`${report.format} → bank '${report.bank}'`);
    console.log(
      `imported: ${report.imported.length}, already there: ${report.updated.length}, skipped: ${report.skipped.length}, held for review: ${report.held.length}, retired: ${report.retired.length}, released: ${report.released.length}, aliases: ${report.aliases.length}, explanations attached: ${report.attached}`,
    );
    console.log(`classified: ${Object.entries(report.classified).map(([area, count]) => `${area} ${count}`).join(', ')}`);
  } catch (error) {
    if (error instanceof FormatError) {
      console.error(`Nothing imported: record ${error.item}, field ${error.field}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
});
