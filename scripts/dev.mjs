// `npm run dev`: the API with reload on port 3001 and Vite's dev server (proxying /api to it) on 3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from '../apps/api/server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, serverArgs(root, '--watch'), {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '3001', APP_ORIGIN: 'http://localhost:3000', ...process.env },
  }),
  spawn(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
