import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  landingInitial: {
    jsGzipBytes: number;
    jsBrotliBytes: number;
    cssGzipBytes: number;
    files: string[];
    /** Whether the landing's first load carries React Router, which it runs without (decision 021). */
    loadsRouter: boolean;
  };
  /** Each route's own chunk, and whether loading it also loads the zod schemas (the forms and contracts chunk). */
  routeChunks: { src: string; jsGzipBytes: number; loadsSchemas: boolean }[];
}

/** A chunk that carries zod (its name follows whichever module Rollup put first, so look at the code). */
const carriesZod = (file: string) => /ZodError/.test(readFileSync(file, 'utf8'));
/** A chunk that carries React Router: one of its own error messages. */
const carriesRouter = (file: string) => readFileSync(file, 'utf8').includes('may be used only in the context of a <Router>');

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** What the server sends a browser that accepts brotli (every current one): the build's .br files, at the top level. */
const brotliSize = (file: string) =>
  brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;

/**
 * Gzipped bytes the landing loads first (the entry, the landing's island, which hydrates the pre-rendered landing
 * without the router, and their static imports) and per route chunk.
 */
export function measureBundles(distDir: string, landingSource = 'src/app/landing-island.tsx'): BundleReport {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Vite manifest at ${manifestPath}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const landingKey = Object.keys(manifest).find((key) => key === landingSource || manifest[key]?.src === landingSource);
  const keys = closure(entryKey);
  // Not found would silently leave the landing's own chunk out of its first load. main.tsx imports React DOM before
  // the island, which imports it too: the island's closure holds it.
  if (!landingKey) throw new Error(`No chunk for ${landingSource} in the Vite manifest`);
  closure(landingKey, keys);

  const zodKeys = new Set(
    Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js') && carriesZod(path.join(distDir, manifest[key]!.file))),
  );
  const jsFiles = [...keys].map((key) => manifest[key]!.file);
  const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
  const routeChunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => ({
      src: chunk.src ?? key,
      jsGzipBytes: gzipSize(path.join(distDir, chunk.file)),
      loadsSchemas: [...closure(key)].some((inner) => zodKeys.has(inner)),
    }))
    .sort((a, b) => b.jsGzipBytes - a.jsGzipBytes);

  return {
    landingInitial: {
      jsGzipBytes: jsFiles.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0),
      jsBrotliBytes: jsFiles.reduce((sum, file) => sum + brotliSize(path.join(distDir, file)), 0),
      cssGzipBytes: cssFiles.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0),
      files: [...jsFiles, ...cssFiles],
      loadsRouter: jsFiles.some((file) => carriesRouter(path.join(distDir, file))),
    },
    routeChunks,
  };
}
