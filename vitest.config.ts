import { defineConfig } from 'vitest/config';

/** The API files (both projects): each builds its own app on its own database from the run's migrated snapshot. */
const api = {
  include: ['apps/api/src/**/*.test.ts'],
  environment: 'node' as const,
  // Each file builds its own app and database; PGlite is heavy, so keep files in few workers.
  maxWorkers: 2,
  // Files share a worker's process and imports (issue 36: 180 s → 112 s on PostgreSQL here).
  isolate: false,
  // Migrates once per run; each test database starts from that snapshot (docs/testing.md).
  globalSetup: ['apps/api/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const ISOLATED_API_FILES = [
  'apps/api/src/db/outage.test.ts',
  'apps/api/src/db/silent-database.test.ts',
  'apps/api/src/multi-instance.test.ts',
  'apps/api/src/modules/health/ready.test.ts',
  'apps/api/src/modules/auth/session-changes.test.ts',
  'apps/api/src/db/notifications.test.ts', // patches the driver's Client to see queued statements
];

export default defineConfig({
  test: {
    // The default output, and the tests that passed only on a retry, by name (issue 36).
    reporters: ['default', './scripts/flaky-reporter.ts'],
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      { test: { ...api, name: 'api', exclude: ISOLATED_API_FILES } },
      // Files that cut, silence or terminate database connections run each in a process of its own, so what one of
      // them leaves behind (a client whose connection it cut) can never fail another file.
      { test: { ...api, name: 'api-isolated', include: ISOLATED_API_FILES, isolate: true } },
      {
        // The repository scripts (`npm start`'s stale-build check) and the bench's own arithmetic.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
