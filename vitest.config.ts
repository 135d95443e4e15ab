import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The default output, and the tests that passed only on a retry, by name (issue 36).
    reporters: ['default', './scripts/flaky-reporter.ts'],
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app and database; PGlite is heavy, so keep files in few workers.
          maxWorkers: 2,
          // Files share a worker's process and imports (issue 36: 180 s → 112 s on PostgreSQL here); each still builds
          // its own app on its own fresh database.
          isolate: false,
          // Migrates once per run; each test database starts from that snapshot (docs/testing.md).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The repository scripts (`npm start`'s stale-build check) and the bench's own arithmetic.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
