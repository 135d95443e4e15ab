// How a server process starts, in one place: `npm start`, `npm run dev`, the tests and the bench use these arguments,
// and the Dockerfile's CMD says the same (scripts/deployment.test.ts checks it). Plain JavaScript: `npm start` runs
// before any TypeScript loader.
import path from 'node:path';

/**
 * `--no-memory-reducer`: V8 shrinks the heap once a process has been idle for a few seconds (the first minute after a
 * boot, a quiet hour). Under the load that follows, the shrunken young generation promotes what requests have in
 * flight and old-generation marking runs far more often: `/api/health` took 18.5–20 µs of CPU per request after 25 s
 * idle instead of 15.5–16.5 (issue 21). A server keeps its heap; it gives back no memory while idle.
 *
 * @type {readonly string[]}
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

/** The node arguments that run the API server of the repository at `repoRoot`, before any of the caller's own. */
export function serverArgs(repoRoot, ...extra) {
  return [...SERVER_NODE_FLAGS, '--import', 'tsx', ...extra, path.join(repoRoot, 'apps/api/src/server.ts')];
}
