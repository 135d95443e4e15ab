// `npm run screenshots`: refreshes the phone screenshots README.md shows (docs/screenshots/) from the ones the e2e
// suite writes (e2e/artifacts/screenshots/, `npm run test:e2e`). Those are full-page; the README wants what a
// 360×740 phone shows first, small enough to keep in git, so each is cropped by Chromium rather than an image library.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from './fixtures/server.ts';
import { chromiumLaunch } from './playwright.config.ts';

const PHONE = { width: 360, height: 740 };
// The folder captureScreens (fixtures/test.ts) writes to; that module is not imported, it needs a test runner.
const screenshotDir = path.join(repoRoot, 'e2e/artifacts/screenshots');
const target = path.join(repoRoot, 'docs/screenshots');

/** README name ← e2e screenshot (the spec that writes it). */
const SCREENS: Record<string, string> = {
  landing: 'landing-mobile.png', // landing.spec.ts
  home: 'home-mobile.png', // accounts.spec.ts
  quiz: 'timed-quiz-low-mobile.png', // quiz.spec.ts: a Spanish case, with the clock running out
  flashcard: 'flashcard-mobile.png', // flashcards.spec.ts
  statistics: 'statistics-mobile.png', // quiz.spec.ts
};

const missing = Object.values(SCREENS).filter((file) => !existsSync(path.join(screenshotDir, file)));
if (missing.length) {
  console.error(`Missing in e2e/artifacts/screenshots: ${missing.join(', ')}. Run \`E2E_SCREENSHOTS=1 npm run test:e2e\` first.`);
  process.exit(1);
}

mkdirSync(target, { recursive: true });
const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 1 });
  for (const [name, file] of Object.entries(SCREENS)) {
    const png = readFileSync(path.join(screenshotDir, file)).toString('base64');
    await page.setContent(`<body style="margin:0"><img style="display:block" src="data:image/png;base64,${png}"></body>`);
    const height = await page.locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalHeight));
    const out = path.join(target, `${name}.png`);
    await page.screenshot({ path: out, clip: { x: 0, y: 0, width: PHONE.width, height: Math.min(height, PHONE.height) } });
    console.log(`${path.relative(repoRoot, out)} ← ${file} (${Math.round(statSync(out).size / 1024)} KB)`);
  }
} finally {
  await browser.close();
}
