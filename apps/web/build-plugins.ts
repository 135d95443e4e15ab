import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { computeStamp, STAMP_FILE, type WebBuildStamp } from '../../scripts/web-build-stamp.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dot folders and files (the Vite manifest, the build stamp) are never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` next to each text file of the build, at the highest levels (the build pays once, every
 * visit gains), so the server only picks a file by Accept-Encoding (@fastify/static `preCompressed`). A variant
 * that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'galeno:precompress',
    // The browser's build only: the server-side bundle (dist-ssr) is read from disk by the API, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Writes which commit and sources the build was made from into the build, so `npm start` rebuilds a stale one
 * (scripts/web-build-stamp.mjs). Taken when the build starts: sources edited during the build make it stale.
 */
export function buildStamp(): Plugin {
  let outDir = '';
  let stamp: WebBuildStamp | null = null;
  return {
    name: 'galeno:build-stamp',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      stamp = computeStamp(repoRoot);
    },
    async closeBundle() {
      if (stamp) await writeFile(path.join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    },
  };
}

/**
 * main.tsx imports React DOM and the app dynamically, so that each is evaluated in a task of its own. Those imports
 * are made at every start of the shell, so the shell preloads them with the entry, as Vite does for static imports:
 * they download in parallel with the entry instead of after it. `except` names the entry's dynamic imports that only a
 * pre-rendered page runs (the landing's island): the API preloads a pre-rendered page's own chunks itself.
 */
export function preloadStartImports({ except = [] }: { except?: string[] } = {}): Plugin {
  return {
    name: 'galeno:preload-start-imports',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return [];
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (preloaded.has(fileName)) return;
          preloaded.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const imported of chunk.imports) visit(imported);
          files.push(fileName);
        };
        const skipped = (fileName: string) => {
          const chunk = bundle[fileName];
          const source = chunk?.type === 'chunk' ? chunk.facadeModuleId : null;
          return source != null && except.some((module) => source.endsWith(`/${module}`));
        };
        for (const imported of entry.dynamicImports) if (!skipped(imported)) visit(imported);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
