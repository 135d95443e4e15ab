import type { Db } from './db/client.ts';
import { readContent } from './modules/content/files.ts';
import { loadContent, type LoadReport } from './modules/content/load.ts';

/** Loads content/ into the database at every start: an upsert by stable id, so it is idempotent. */
export async function seedContent(db: Db): Promise<LoadReport> {
  const { items, problems } = readContent();
  if (problems.length > 0) {
    throw new Error(`content/ is not valid (run npm run content:check):\n${problems.map((p) => `${p.file}: ${p.message}`).join('\n')}`);
  }
  return loadContent(db, items);
}
