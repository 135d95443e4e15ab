// `npm start`: builds the web app when there is no build or it is stale (its sources or commit changed since,
// issue 21), then runs the API server, which migrates the database and serves the app on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeStamp, readStamp, staleReason } from './web-build-stamp.mjs';
import { serverArgs } from '../apps/api/server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const distDir = path.join(root, 'apps/web/dist');
const reason = existsSync(path.join(distDir, 'index.html')) ? staleReason(readStamp(distDir), computeStamp(root)) : 'primera vez';
if (reason) {
  console.log(`Compilando la aplicación web (${reason})...`);
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, serverArgs(root), {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
