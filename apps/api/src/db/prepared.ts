import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared query, built once per database and name. Drizzle rebuilds SQL on every call, which on the
 * hot paths (session lookup, random case) cost more than the query itself (see bench/).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (!query) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
