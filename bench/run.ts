// `npm run bench`: bundle sizes and HTTP throughput, printed as a table and written to bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from '../e2e/fixtures/server.ts';
import { measureBundles } from './bundle-size.ts';
import { load, startBareServer } from './http-load.ts';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const LANDING_JS_BUDGET_KB = 130;
const HEALTH_RATIO_FLOOR = 0.3;

const bundles = measureBundles(path.join(repoRoot, 'apps/web/dist'));
console.log('\nBundles (gzip)');
console.table({
  'landing: initial JS': { KB: kb(bundles.landingInitial.jsGzipBytes), budget: LANDING_JS_BUDGET_KB },
  'landing: initial CSS': { KB: kb(bundles.landingInitial.cssGzipBytes), budget: '' },
  ...Object.fromEntries(bundles.routeChunks.map((chunk) => [`route chunk ${chunk.src}`, { KB: kb(chunk.jsGzipBytes), budget: '' }])),
});

// The database the health route checks: PostgreSQL when DATABASE_URL is set, PGlite otherwise.
const databaseUrl = process.env.DATABASE_URL;
const bare = await startBareServer();
const server = await startServer({ LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
let bareResult, healthResult;
try {
  await load(bare.url, { seconds: 2 });
  bareResult = await load(bare.url);
  await load(`${server.url}/api/health`, { seconds: 2 });
  healthResult = await load(`${server.url}/api/health`);
} finally {
  bare.stop();
  await server.stop();
}
const ratio = Math.round((healthResult.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100;

console.log(`\nHTTP (autocannon, 10 connections, 8 s; database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
console.table({
  'bare node:http': { 'req/s': bareResult.requestsPerSecond, 'p99 ms': bareResult.p99Ms },
  'GET /api/health': { 'req/s': healthResult.requestsPerSecond, 'p99 ms': healthResult.p99Ms },
  'ratio health / bare': { 'req/s': ratio, 'p99 ms': '' },
});

const results = {
  measuredAt: new Date().toISOString(),
  database: databaseUrl ? 'postgres' : 'pglite',
  bundles: {
    landingInitialJsGzipKB: kb(bundles.landingInitial.jsGzipBytes),
    landingInitialCssGzipKB: kb(bundles.landingInitial.cssGzipBytes),
    landingInitialFiles: bundles.landingInitial.files,
    routeChunks: bundles.routeChunks.map((chunk) => ({ src: chunk.src, jsGzipKB: kb(chunk.jsGzipBytes) })),
    budgetKB: LANDING_JS_BUDGET_KB,
  },
  http: { bare: bareResult, health: healthResult, healthToBareRatio: ratio, ratioFloor: HEALTH_RATIO_FLOOR },
};
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to bench/results/latest.json');

const failures = [
  kb(bundles.landingInitial.jsGzipBytes) > LANDING_JS_BUDGET_KB && `landing initial JS ${kb(bundles.landingInitial.jsGzipBytes)} KB > ${LANDING_JS_BUDGET_KB} KB`,
  ratio < HEALTH_RATIO_FLOOR && `health/bare ratio ${ratio} < ${HEALTH_RATIO_FLOOR}`,
].filter(Boolean);
if (failures.length) {
  console.error(`\nOver budget: ${failures.join('; ')}`);
  process.exitCode = 1;
}
