import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from '../../server-command.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  output(): string;
  /** The exit code once the process has ended (null while it runs). */
  readonly exitCode: number | null;
  /** Resolves with the exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** Polls GET /api/health/ready until it answers 200; throws with the output when the process ends or time runs out. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends a signal (SIGTERM: a graceful stop). */
  signal(name: NodeJS.Signals): void;
  /** SIGKILL when still running, and its data directory removed. */
  kill(): Promise<void>;
}

/**
 * The real server (`apps/api/src/server.ts`, as `npm start` runs it) in a child process on a free port, with a fresh
 * data directory and only the environment given (plus PATH and HOME). It does not wait: call `ready()`, so a test can
 * start several at the same moment.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'galeno-server-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, serverArgs(repoRoot), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent-web-build',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return {
    url,
    port,
    output: () => log,
    get exitCode() {
      return child.exitCode;
    },
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server on ${port} exited (${child.exitCode}):\n${log}`);
        try {
          if ((await fetch(`${url}/api/health/ready`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`server on ${port} did not become ready:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    signal(name) {
      child.kill(name);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
