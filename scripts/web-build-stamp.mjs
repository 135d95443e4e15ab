// Which sources a web build was made from, so `npm start` never serves a stale build (issue 21). The stamp is
// written into apps/web/dist by the Vite build and compared on start. Plain JavaScript: `npm start` runs it
// before anything else, with no TypeScript loader.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.build-stamp.json';

/** Everything the web bundle is made from, relative to the repository root. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build-plugins.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'scripts/web-build-stamp.mjs',
];

function filesUnder(root, relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/**
 * A hash of the sources' paths and contents. Contents, not mtimes: a fresh clone, a checkout or a copy sets
 * every mtime anew, and a hash over a few MB takes tens of milliseconds.
 */
export function hashWebSources(root) {
  const hash = createHash('sha256');
  const files = WEB_SOURCES.flatMap((source) => filesUnder(root, source))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The checked-out commit, or null without git metadata (a downloaded archive) or without git itself. */
export function currentCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** @returns {{ commit: string | null, sourceHash: string }} */
export function computeStamp(root) {
  return { commit: currentCommit(root), sourceHash: hashWebSources(root) };
}

/** The stamp in a build, or null when there is none or it cannot be read (a build from before stamps). */
export function readStamp(distDir) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(distDir, STAMP_FILE), 'utf8'));
    return typeof stamp?.sourceHash === 'string'
      ? { commit: typeof stamp.commit === 'string' ? stamp.commit : null, sourceHash: stamp.sourceHash }
      : null;
  } catch {
    return null;
  }
}

/**
 * Why a build must be rebuilt, or null when it is current. A commit is compared only when both sides know
 * one (a clone without git metadata falls back to the sources' hash); another commit may bring other
 * dependencies even when the sources are the same.
 * @param {{ commit: string | null, sourceHash: string } | null} built
 * @param {{ commit: string | null, sourceHash: string }} current
 * @returns {string | null}
 */
export function staleReason(built, current) {
  if (!built) return 'la compilación no tiene sello';
  if (built.sourceHash !== current.sourceHash) return 'el código de la aplicación web cambió';
  if (built.commit && current.commit && built.commit !== current.commit) return 'la compilación es de otro commit';
  return null;
}
