// Lighthouse (its default mobile config: simulated slow 4G, 4× CPU slowdown) on the public pages.
// Lighthouse is not a workspace dependency on purpose: its dependency tree brings an old @types/pg into the
// workspace. It is installed once into a directory outside the repository and run as a CLI.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LIGHTHOUSE_VERSION = '12.8.2';
const INSTALL_DIR = process.env.LIGHTHOUSE_DIR ?? path.join(tmpdir(), 'galeno-lighthouse');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The same flags as the e2e Chromium (e2e/playwright.config.ts), headless: this machine has no network to reach for.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

export const LIGHTHOUSE_PAGES = ['/', '/login', '/signup', '/discount-quiz'] as const;

/**
 * Each page is measured this many times and its median run reported, as Lighthouse's own guidance on variability
 * advises: one run on a shared 2-core machine can be off by a long task or a late paint.
 */
const RUNS_PER_PAGE = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

/** Budgets from issue 21: `npm run bench` fails when a page's median run is over one of them. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.05,
} as const;

export interface LighthousePage {
  path: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Null for a signed-in page, which is not scored on SEO. */
  seo: number | null;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points in accessibility, best practices or SEO, by id: what to fix first. */
  failedAudits: string[];
  /** How many runs the median was taken from, and the spread of the timings over them. */
  runs: number;
  spread: { tbtMs: [number, number]; lcpMs: [number, number] };
}

export interface LighthouseResult {
  measuredAt: string;
  version: string;
  preset: string;
  pages: LighthousePage[];
  budgets: typeof LIGHTHOUSE_BUDGETS;
}

function lighthouseBin(): string {
  const bin = path.join(INSTALL_DIR, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${INSTALL_DIR} (outside the workspace)…`);
    execFileSync('npm', ['install', '--prefix', INSTALL_DIR, '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], {
      stdio: 'inherit',
    });
  }
  return bin;
}

interface LighthouseReport {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; scoreDisplayMode: string; details?: { items?: { issueType?: string }[] } }
  >;
}

/** On a busy machine Chrome's trace is sometimes lost (NO_NAVSTART, NO_FCP): such a run is repeated, up to four times. */
async function runWithRetries(bin: string, url: string, options: RunOptions): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(bin, url, options);
    } catch (error) {
      if (attempt === 4) throw error;
      console.warn(`Lighthouse ${url}: attempt ${attempt} failed, trying again (${(error as Error).message.split('\n')[1] ?? ''})`);
    }
  }
}

interface RunOptions {
  categories: readonly string[];
  /** Request headers for one run (a signed-in page's session cookie), asked for before each run. */
  headers?: (() => Promise<Record<string, string>>) | undefined;
}

async function runOnce(bin: string, url: string, { categories, headers }: RunOptions): Promise<LighthouseReport> {
  const extraHeaders = headers ? [`--extra-headers=${JSON.stringify(await headers())}`] : [];
  const child = spawn(
    bin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...extraHeaders,
    ],
    { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse ${url} exited ${code}:\n${stderr}`);
  return JSON.parse(stdout) as LighthouseReport;
}

const score = (report: LighthouseReport, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
const metric = (report: LighthouseReport, audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;

/**
 * The median of a page's runs: ordered by performance score, then by TBT and LCP from worst to best, the middle one
 * (with an even count, the worse of the two middle ones). One whole run, so its figures belong together.
 */
export function medianRun<T extends { performance: number; tbtMs: number; lcpMs: number }>(runs: T[]): T {
  if (runs.length === 0) throw new Error('no Lighthouse run to take a median from');
  const ordered = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs || b.lcpMs - a.lcpMs);
  return ordered[Math.floor((ordered.length - 1) / 2)]!;
}

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/** The public pages' categories; a signed-in page is not for search engines, so it is not scored on SEO. */
const PUBLIC_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const SIGNED_IN_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * Runs Lighthouse on each page of the server at `baseUrl` (the public pages unless told), one page at a time,
 * RUNS_PER_PAGE times each.
 */
export async function runLighthouse(
  baseUrl: string,
  { pages: pagePaths = LIGHTHOUSE_PAGES, categories = PUBLIC_CATEGORIES, headers }: Partial<RunOptions> & { pages?: readonly string[] } = {},
): Promise<LighthouseResult> {
  const bin = lighthouseBin();
  const pages: LighthousePage[] = [];
  let version = LIGHTHOUSE_VERSION;
  for (const pagePath of pagePaths) {
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS_PER_PAGE; run++) {
      const report = await runWithRetries(bin, `${baseUrl}${pagePath}`, { categories, headers });
      version = report.lighthouseVersion;
      runs.push(pageFigures(pagePath, report));
    }
    const median = medianRun(runs);
    pages.push({
      ...median,
      runs: runs.length,
      spread: { tbtMs: range(runs.map((run) => run.tbtMs)), lcpMs: range(runs.map((run) => run.lcpMs)) },
    });
  }
  return {
    measuredAt: new Date().toISOString(),
    version,
    preset: `mobile (Lighthouse default: simulated slow 4G, 4× CPU slowdown), median of ${RUNS_PER_PAGE} runs per page`,
    pages,
    budgets: LIGHTHOUSE_BUDGETS,
  };
}

/** One run's figures: a page's before the median is taken. */
type RunFigures = Omit<LighthousePage, 'runs' | 'spread'>;

function pageFigures(pagePath: string, report: LighthouseReport): RunFigures {
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const audit = report.audits[ref.id];
        return audit && audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 1;
      })
      .map((ref) => {
        // "Issues logged in DevTools" says nothing without the kind of issue (a CSP report, a cookie warning…).
        const kinds = (report.audits[ref.id]?.details?.items ?? []).flatMap((item) => item.issueType ?? []);
        return kinds.length ? `${ref.id} (${kinds.join(', ')})` : ref.id;
      }),
  );
  return {
    path: pagePath,
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: report.categories.seo ? score(report, 'seo') : null,
    fcpMs: Math.round(metric(report, 'first-contentful-paint')),
    lcpMs: Math.round(metric(report, 'largest-contentful-paint')),
    tbtMs: Math.round(metric(report, 'total-blocking-time')),
    cls: Math.round(metric(report, 'cumulative-layout-shift') * 1000) / 1000,
    failedAudits: [...new Set(failedAudits)],
  };
}

export function printLighthouse(result: LighthouseResult): void {
  const b = LIGHTHOUSE_BUDGETS;
  console.log(`\nLighthouse ${result.version}, ${result.preset}`);
  console.table({
    ...Object.fromEntries(
      result.pages.map((page) => [
        page.path,
        {
          perf: page.performance,
          a11y: page.accessibility,
          BP: page.bestPractices,
          SEO: page.seo ?? '—',
          'FCP ms': page.fcpMs,
          'LCP ms': page.lcpMs,
          'TBT ms': page.tbtMs,
          CLS: page.cls,
          'runs: TBT, LCP ms': `${page.spread.tbtMs.join('–')}, ${page.spread.lcpMs.join('–')}`,
        },
      ]),
    ),
    budget: {
      perf: `≥ ${b.performance}`,
      a11y: b.accessibility,
      BP: b.bestPractices,
      SEO: b.seo,
      'FCP ms': '',
      'LCP ms': `≤ ${b.lcpMs}`,
      'TBT ms': `≤ ${b.tbtMs}`,
      CLS: `≤ ${b.cls}`,
      'runs: TBT, LCP ms': '',
    },
  });
  for (const page of result.pages) {
    if (page.failedAudits.length) console.log(`${page.path}: audits losing points: ${page.failedAudits.join(', ')}`);
  }
}

/** What is over the Lighthouse budgets, one entry per page and figure. */
export function lighthouseOverBudget(result: LighthouseResult): string[] {
  const b = LIGHTHOUSE_BUDGETS;
  return result.pages.flatMap((page) =>
    [
      page.performance < b.performance && `performance ${page.performance} < ${b.performance}`,
      page.accessibility < b.accessibility && `accessibility ${page.accessibility} < ${b.accessibility}`,
      page.bestPractices < b.bestPractices && `best practices ${page.bestPractices} < ${b.bestPractices}`,
      page.seo !== null && page.seo < b.seo && `SEO ${page.seo} < ${b.seo}`,
      page.lcpMs > b.lcpMs && `LCP ${page.lcpMs} ms > ${b.lcpMs} ms`,
      page.tbtMs > b.tbtMs && `TBT ${page.tbtMs} ms > ${b.tbtMs} ms`,
      page.cls > b.cls && `CLS ${page.cls} > ${b.cls}`,
    ]
      .filter((entry): entry is string => Boolean(entry))
      .map((entry) => `${page.path} ${entry}`),
  );
}

/** What is over the Lighthouse budgets, printed; the caller fails the bench with it. */
export function reportLighthouseBudgets(result: LighthouseResult): string[] {
  const over = lighthouseOverBudget(result);
  if (over.length) console.error(`\nOver budget (Lighthouse): ${over.join('; ')}`);
  return over;
}
