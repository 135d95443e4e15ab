// Where students spend their time (issue 41): Lighthouse on the signed-in home, a quiz and a flashcard session, and the
// responsiveness of a tap (INP) on an answer option and on a flashcard grade, on a phone with a 4× slower CPU.
// `npm run bench -- --signed-in` writes bench/results/signed-in.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createUser, sessionCookieFor } from '../apps/api/src/test/factories.ts';
import { createE2eDatabase } from '../e2e/fixtures/database.ts';
import { chromiumLaunch } from '../e2e/playwright.config.ts';
import { repoRoot, startServer } from '../e2e/fixtures/server.ts';
import { printLighthouse, reportLighthouseBudgets, runLighthouse, SIGNED_IN_CATEGORIES, type LighthouseResult } from './lighthouse.ts';

/** Issue 41: a tap answers within this (Core Web Vitals' «good» INP). */
export const INP_BUDGET_MS = 200;
const CPU_SLOWDOWN = 4;

export interface InteractionResult {
  page: string;
  what: string;
  /** Taps made. */
  interactions: number;
  /**
   * The slowest interaction's duration (input to next paint): INP for a page with this few interactions; 16 when none
   * reached 16 ms (the smallest Event Timing reports).
   */
  inpMs: number;
}

/**
 * Records every interaction's Event Timing entry on the page (a PerformanceObserver from before the app starts); the
 * slowest of them is the page's INP.
 */
const OBSERVE_INTERACTIONS = `
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__interactions.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

export async function measureSignedIn(): Promise<{ lighthouse: LighthouseResult; interactions: InteractionResult[] }> {
  const database = await createE2eDatabase();
  const server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' });
  const connection = await openDatabase({ databaseUrl: database.url });
  try {
    const student = await createUser(connection.db, { email: 'bench-signed-in@galeno.test', name: 'Mariana Bench' });
    /** A fresh session per run: the app rotates its token on opening, and a run must not inherit the last one's. */
    const cookie = async () => `galeno_session=${(await sessionCookieFor(connection.db, student)).galeno_session}`;
    const guides = (await (await fetch(`${server.url}/api/ankis/clinic-guides`, { headers: { cookie: await cookie() } })).json()) as {
      id: string;
      flashcardsCount: number;
    }[];
    const guide = [...guides].sort((a, b) => a.flashcardsCount - b.flashcardsCount || a.id.localeCompare(b.id))[0]!;
    const flashcardsPage = `/app/flashcards/${guide.id}`;

    const pages = ['/app', '/app/quick-quiz', flashcardsPage];
    const browser = await chromium.launch(chromiumLaunch);
    // A server in service is warm: one visit of each page first, so the first measured run does not pay for the
    // server's first reads of the build and the database (LCP 2.0–2.5 s on that run, ~1.0 s on the next ones).
    {
      const context = await browser.newContext();
      const [name, value] = (await cookie()).split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      for (const pagePath of pages) await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      await context.close();
    }

    const lighthouse = await runLighthouse(server.url, {
      pages,
      categories: SIGNED_IN_CATEGORIES,
      headers: async () => ({ Cookie: await cookie() }),
    });

    const interactions: InteractionResult[] = [];
    try {
      const open = async (pagePath: string) => {
        const context = await browser.newContext({
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
          locale: 'es-MX',
        });
        const [name, value] = (await cookie()).split('=') as [string, string];
        await context.addCookies([{ name, value, url: server.url }]);
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_INTERACTIONS);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(`${server.url}${pagePath}`);
        return { page, context };
      };
      const slowest = async (page: Page, taps: number) => {
        const durations = await page.evaluate(() => (globalThis as unknown as { __interactions: number[] }).__interactions);
        // Event Timing reports no interaction under 16 ms: none reported means every tap painted within 16 ms.
        return { interactions: taps, inpMs: Math.round(Math.max(16, ...durations)) };
      };

      // A quiz: tap an option of each question of the first case.
      {
        const { page, context } = await open('/app/quick-quiz');
        const radios = page.getByRole('radio');
        await radios.first().waitFor();
        // The page arrives drawn by the server with its options disabled until the app takes it over (decision 032):
        // the taps measured are the app's.
        await page.waitForSelector('input[type="radio"]:enabled');
        // Each question is a fieldset of radios whose whole row (the label) is what a finger taps.
        const questions = page.locator('fieldset:has(input[type="radio"])');
        const groups = await questions.count();
        for (let group = 0; group < groups; group++) await questions.nth(group).locator('label').first().tap();
        await page.waitForTimeout(500);
        interactions.push({ page: '/app/quick-quiz', what: 'tap an answer option of each question', ...(await slowest(page, groups)) });
        await context.close();
      }
      // A flashcard session: tap the card to show the answer, then a grade, three times.
      {
        const { page, context } = await open(flashcardsPage);
        for (let card = 0; card < 3; card++) {
          await page.getByRole('button', { name: 'Mostrar respuesta' }).tap();
          await page.getByRole('group', { name: '¿Qué tan bien la sabías?' }).getByRole('button', { name: /^Bien/ }).tap();
          await page.getByRole('button', { name: 'Mostrar respuesta' }).waitFor();
        }
        await page.waitForTimeout(500);
        interactions.push({ page: flashcardsPage, what: 'show the answer and grade it «Bien», three cards', ...(await slowest(page, 6)) });
        await context.close();
      }
    } finally {
      await browser.close();
    }
    return { lighthouse, interactions };
  } finally {
    await connection.close();
    await server.stop();
    await database.drop();
  }
}

export async function runSignedIn(): Promise<boolean> {
  const { lighthouse, interactions } = await measureSignedIn();
  printLighthouse(lighthouse);
  console.log(`\nTaps on a phone with a ${CPU_SLOWDOWN}× slower CPU (INP budget ${INP_BUDGET_MS} ms):`);
  console.table(
    Object.fromEntries(interactions.map((entry) => [entry.page, { what: entry.what, taps: entry.interactions, 'INP ms': entry.inpMs }])),
  );
  const file = path.join(repoRoot, 'bench/results/signed-in.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), lighthouse, interactions, inpBudgetMs: INP_BUDGET_MS }, null, 2)}\n`,
  );
  const overInp = interactions
    .filter((entry) => entry.inpMs > INP_BUDGET_MS)
    .map((entry) => `${entry.page} INP ${entry.inpMs} ms > ${INP_BUDGET_MS} ms`);
  if (overInp.length) console.error(`Over budget (INP): ${overInp.join('; ')}`);
  return reportLighthouseBudgets(lighthouse).length === 0 && overInp.length === 0;
}
