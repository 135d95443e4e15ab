import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/test/server-process.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p95Ms?: number;
  non2xx: number;
  errors: number;
}

export async function load(
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    overallRate?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 8,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok', database: 'ok' });
http.createServer((req, res) => { res.setHeader('content-type', 'application/json; charset=utf-8'); res.end(body); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send && process.send('ready'));
`;

/** A bare node:http server in its own process, the yardstick for our own server. */
export async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGKILL') };
}
