// `npm test`: every check of the repository, fastest to fail first, and how long each stage took (docs/testing.md).
// Lint and the type checks are single-threaded, so they share the machine's cores; the test suites each use every
// core already and run one after the other.
import { spawn } from 'node:child_process';
import os from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const stages = [
  {
    name: 'lint and types',
    parallel: [
      { label: 'lint', command: npm, args: ['run', 'lint'] },
      // One incremental build of the five projects (tsconfig.json's references): the domain package is checked once
      // and the others read its declarations; a second run checks only what changed.
      { label: 'types', command: npx, args: ['tsc', '-b'] },
    ],
  },
  { name: 'unit tests', parallel: [{ label: 'unit', command: npm, args: ['run', 'test:unit'] }], stream: true },
  { name: 'API tests', parallel: [{ label: 'api', command: npm, args: ['run', 'test:api'] }], stream: true },
  { name: 'end-to-end tests', parallel: [{ label: 'e2e', command: npm, args: ['run', 'test:e2e'] }], stream: true },
];

/** Runs one command; a streamed one writes as it goes, the others print their output once done (never interleaved). */
function run({ label, command, args }, stream) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!stream && (code !== 0 || output.trim())) process.stdout.write(`\n── ${label} ──\n${output}`);
      resolve({ label, code: code ?? 1, seconds });
    });
  });
}

/** At most `limit` commands at a time, in order. */
async function runAll(commands, limit, stream) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < commands.length) {
      const command = commands[next++];
      results.push(await run(command, stream));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, commands.length) }, worker));
  return results;
}

const timings = [];
const startedAll = Date.now();
const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
for (const stage of stages) {
  console.log(`\n▶ ${stage.name}`);
  const started = Date.now();
  const results = await runAll(stage.parallel, stage.stream ? 1 : cores, Boolean(stage.stream));
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name: stage.name, seconds });
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    console.error(`\n✗ ${stage.name}: ${failed.map((result) => result.label).join(', ')} failed`);
    process.exit(1);
  }
  console.log(`✓ ${stage.name} in ${seconds.toFixed(0)} s (${results.map((r) => `${r.label} ${r.seconds.toFixed(0)} s`).join(', ')})`);
}
const total = (Date.now() - startedAll) / 1000;
console.log(
  `\nnpm test: ${timings.map((timing) => `${timing.name} ${timing.seconds.toFixed(0)} s`).join(' · ')} · total ${(total / 60).toFixed(1)} min`,
);
