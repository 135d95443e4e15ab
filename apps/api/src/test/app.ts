import type { FastifyInstance } from 'fastify';
import { testConfig, type Config } from '../config.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite in memory, or a fresh PostgreSQL schema in CI). */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-build', ...overrides });
  // Each response the suite sees proves the compiled serializer writes what Zod would (decision 023).
  const app = await buildApp({ config, db: database.db, listen: database.listen, verifyResponses: true });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
