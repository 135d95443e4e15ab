import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browser here. Its headless shell (package
// chromium-headless-shell, the same build without the full browser's UI) when installed, as Playwright itself uses
// for headless runs: the suite's browsers took a fifth less time than with the full `chromium` (issue 36).
// E2E_CHROMIUM names another binary. The flags keep Chromium from reaching for the network this machine does not have.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumLaunch = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  // The small content set the specs run on unless they are about the shipped bank (fixtures/small-content.ts).
  globalSetup: './fixtures/global-setup.ts',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  // Spec files shared between two workers, each with its own server, database and SMTP sink: one worker kept the
  // 2-core machine 74 % busy, two keep it full (issue 36: 7.2 → 5.9 min).
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry in CI (2 cores, a real server and Chromium); Playwright reports a pass on retry as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // Recording a trace of every test cost a fifth of the suite's CPU (issue 36): in CI only the retry of a failed test
    // records one (so a failure still leaves its trace); a local run keeps the trace of whatever fails.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 41) serves /app from its cache: the specs about the network, the routes and the
    // responses see the server itself; e2e/specs/offline.spec.ts lets it in.
    serviceWorkers: 'block',
  },
});
