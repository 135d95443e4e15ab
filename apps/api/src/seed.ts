import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CONTENT_KINDS } from '@galeno/domain/content';
import type { Db } from './db/client.ts';
import { contentLoads } from './db/schema/content.ts';
import { contentRoot, readContent } from './modules/content/files.ts';
import { loadContent, type LoadReport } from './modules/content/load.ts';

/** Bumped when the loader stores rows differently, so every deployment loads its content again once. */
const LOADER_VERSION = '2';
const LOAD_NAME = 'content';

/** One digest of every content file (its path and bytes): equal digests mean nothing to load. */
export function digestContent(root = contentRoot): string {
  const hash = createHash('sha256').update(`loader:${LOADER_VERSION}\n`);
  for (const kind of Object.keys(CONTENT_KINDS).sort()) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, kind)).filter((name) => name.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const name of names) hash.update(`${kind}/${name}\0`).update(readFileSync(path.join(root, kind, name))).update('\0');
  }
  return hash.digest('base64url');
}

export type SeedReport = (LoadReport & { skipped: false }) | { skipped: true };

/**
 * Loads content/ at start (decision 011): when no file changed since the last load, nothing is read,
 * validated or written; otherwise new and changed items are written and removed ones retired.
 */
export async function seedContent(db: Db, root = contentRoot): Promise<SeedReport> {
  const digest = digestContent(root);
  const [last] = await db.select({ digest: contentLoads.digest }).from(contentLoads).where(eq(contentLoads.name, LOAD_NAME));
  if (last?.digest === digest) return { skipped: true };
  const { items, problems } = readContent(root);
  if (problems.length > 0) {
    throw new Error(`content/ is not valid (run npm run content:check):\n${problems.map((p) => `${p.file}: ${p.message}`).join('\n')}`);
  }
  const report = await loadContent(db, items);
  await db
    .insert(contentLoads)
    .values({ name: LOAD_NAME, digest, loadedAt: new Date() })
    .onConflictDoUpdate({ target: contentLoads.name, set: { digest, loadedAt: new Date() } });
  return { ...report, skipped: false };
}
