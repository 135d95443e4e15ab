import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CONTENT_KINDS } from '@galeno/domain/content';
import type { Db } from '../db/client.ts';
import { contentLoads } from '../db/schema/content.ts';
import { contentRoot, GUIDELINES_FILE, readContent } from '../modules/content/files.ts';
import { loadContent, type LoadReport } from '../modules/content/load.ts';
import { importFile, type ImportReport } from '../modules/content/import.ts';
import { wordModel } from '../modules/content/formats/model.ts';
import { EXTERNAL_BANKS, externalFiles } from '../modules/content/external.ts';
import { drawSimulacroForms } from '../modules/simulacros/forms.ts';

/**
 * Bumped when the loader stores rows differently, or derives something new from content (6: the simulacro forms),
 * so every deployment loads its content again once.
 */
const LOADER_VERSION = '6';
const LOAD_NAME = 'content';

/** One digest of every content file (its path and bytes): equal digests mean nothing to load. */
export function digestContent(root = contentRoot): string {
  const hash = createHash('sha256').update(`loader:${LOADER_VERSION}\n`);
  for (const kind of Object.keys(CONTENT_KINDS).sort()) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, kind))
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const name of names)
      hash
        .update(`${kind}/${name}\0`)
        .update(readFileSync(path.join(root, kind, name)))
        .update('\0');
  }
  // Items take their guideline's title, code and year from the registry.
  try {
    hash.update(`${GUIDELINES_FILE}\0`).update(readFileSync(path.join(root, GUIDELINES_FILE)));
  } catch {
    // No registry in this folder (generated test banks).
  }
  return hash.digest('base64url');
}

const EXTERNAL_LOAD_NAME = 'external';

/**
 * One digest of the external banks (data and key reviews), and of our own content, whose tagged items train
 * the classifier that places the MIR questions: they load together, in order.
 */
function digestExternal(root: string, contentDigest: string): string {
  const hash = createHash('sha256').update(`loader:${LOADER_VERSION}\n`).update(contentDigest);
  for (const bank of EXTERNAL_BANKS) {
    const dir = path.join(root, 'external', bank);
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const name of names)
      hash
        .update(`${bank}/${name}\0`)
        .update(readFileSync(path.join(dir, name)))
        .update('\0');
  }
  return hash.digest('base64url');
}

async function lastDigest(db: Db, name: string) {
  const [last] = await db.select({ digest: contentLoads.digest }).from(contentLoads).where(eq(contentLoads.name, name));
  return last?.digest;
}

async function recordDigest(db: Db, name: string, digest: string) {
  await db
    .insert(contentLoads)
    .values({ name, digest, loadedAt: new Date() })
    .onConflictDoUpdate({ target: contentLoads.name, set: { digest, loadedAt: new Date() } });
}

/** Loads the external banks when any of their files changed since the last load (idempotent imports). */
export async function seedExternalBanks(
  db: Db,
  root = contentRoot,
  contentDigest = digestContent(root),
): Promise<ImportReport[] | { skipped: true }> {
  const digest = digestExternal(root, contentDigest);
  if ((await lastDigest(db, EXTERNAL_LOAD_NAME)) === digest) return { skipped: true };
  const reports: ImportReport[] = [];
  const files = EXTERNAL_BANKS.flatMap((bank) => externalFiles(root, bank));
  const model = files.length > 0 ? wordModel(root) : undefined;
  for (const file of files) reports.push(await importFile(db, file, model));
  await recordDigest(db, EXTERNAL_LOAD_NAME, digest);
  return reports;
}

export type SeedReport = (LoadReport & { skipped: false }) | { skipped: true };

/**
 * Loads content/ at start (decision 011): when no file changed since the last load, nothing is read,
 * validated or written; otherwise new and changed items are written and removed ones retired.
 */
export async function seedContent(db: Db, root = contentRoot): Promise<SeedReport> {
  // One read of content/ for both digests: the external banks depend on it too (it trains their classifier).
  const digest = digestContent(root);
  await seedExternalBanks(db, root, digest);
  if ((await lastDigest(db, LOAD_NAME)) === digest) return { skipped: true };
  const { items, problems, superseded } = readContent(root);
  if (problems.length > 0) {
    throw new Error(`content/ is not valid (run npm run content:check):\n${problems.map((p) => `${p.file}: ${p.message}`).join('\n')}`);
  }
  const report = await loadContent(db, items, { superseded: superseded.map((citation) => citation.itemId) });
  await recordDigest(db, LOAD_NAME, digest);
  // The simulacro forms the bank can newly fill, once the content they are drawn from is in.
  await drawSimulacroForms(db);
  return { ...report, skipped: false };
}
