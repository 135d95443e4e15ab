// drizzle-kit writes foreign keys as "public"."table"; the API tests run each file in its own schema
// (search_path), so migrations must name tables without a schema. Run after `drizzle-kit generate`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src/db/migrations');
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
  const full = path.join(folder, file);
  const sql = readFileSync(full, 'utf8');
  const stripped = sql.replaceAll('"public".', '');
  if (stripped !== sql) writeFileSync(full, stripped);
}
