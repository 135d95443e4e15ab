import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundles } from './bundle-size.ts';
import { LIGHTHOUSE_BUDGETS, lighthouseOverBudget, medianRun, type LighthousePage } from './lighthouse.ts';

/** A built app in miniature: the entry, the landing's island with React DOM, and the router's start for other pages. */
function fakeDist(islandImports: string[]): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'galeno-bench-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'assets/index.js': 'import("./client.js");',
    'assets/client.js': 'export const hydrateRoot = () => {};'.repeat(20),
    'assets/landing-island.js': 'export const island = 1;',
    'assets/start.js': 'throw new Error("useNavigate() may be used only in the context of a <Router> component.");',
  };
  for (const [file, code] of Object.entries(files)) writeFileSync(path.join(dist, file), code);
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': {
        file: 'assets/index.js',
        isEntry: true,
        dynamicImports: ['_client.js', 'src/app/start.tsx', 'src/app/landing-island.tsx'],
      },
      '_client.js': { file: 'assets/client.js', isDynamicEntry: true },
      'src/app/start.tsx': { file: 'assets/start.js', isDynamicEntry: true, imports: ['_client.js'] },
      'src/app/landing-island.tsx': { file: 'assets/landing-island.js', isDynamicEntry: true, imports: islandImports },
    }),
  );
  return dist;
}

describe("the landing's first load", () => {
  it('counts the entry, the island and what it imports, not the router the other pages start with', () => {
    const { landingInitial } = measureBundles(fakeDist(['_client.js']));
    expect(landingInitial.files).toEqual(['assets/index.js', 'assets/landing-island.js', 'assets/client.js']);
    expect(landingInitial.loadsRouter).toBe(false);
    expect(landingInitial.jsBrotliBytes).toBeGreaterThan(0);
  });

  it('says so when the island pulls the router in', () => {
    expect(measureBundles(fakeDist(['_client.js', 'src/app/start.tsx'])).landingInitial.loadsRouter).toBe(true);
  });
});

const run = (performance: number, tbtMs: number, lcpMs = 1000): LighthousePage => ({
  path: '/',
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 800,
  lcpMs,
  tbtMs,
  cls: 0,
  failedAudits: [],
  runs: 1,
  spread: { tbtMs: [tbtMs, tbtMs], lcpMs: [lcpMs, lcpMs] },
});

describe('Lighthouse figures', () => {
  it('reports the median of a page’s runs as one whole run, the worse middle one for an even count', () => {
    const slow = run(93, 180);
    const middle = run(99, 60);
    const fast = run(100, 10);
    expect(medianRun([fast, slow, middle])).toBe(middle);
    expect(medianRun([fast, middle])).toBe(middle);
    expect(medianRun([run(100, 20), run(100, 90), run(100, 40)]).tbtMs).toBe(40);
    expect(() => medianRun([])).toThrow();
  });

  it('names each figure over its budget, by page', () => {
    const result = {
      measuredAt: '',
      version: '',
      preset: '',
      budgets: LIGHTHOUSE_BUDGETS,
      pages: [run(100, 62), { ...run(94, 130, 1600), path: '/login' }],
    };
    expect(lighthouseOverBudget(result)).toEqual([
      '/login performance 94 < 95',
      '/login LCP 1600 ms > 1500 ms',
      '/login TBT 130 ms > 100 ms',
    ]);
  });
});
