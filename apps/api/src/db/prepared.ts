import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
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

// Column references in these statements carry their own names, so no casing applies.
const dialect = new PgDialect();

/**
 * A statement written in SQL (one the query builder cannot express: data-modifying CTEs, JSON results), prepared
 * once per database and name like `prepared`: PostgreSQL parses and plans such statements, which run several
 * passes, once per connection instead of on every call (issue 22). Values go in as `sql.placeholder(name)`; the rows
 * come back as the driver gives them, under their SQL names.
 */
export function preparedSql<Row>(db: Db, name: string, build: () => SQL): { execute(values: Record<string, unknown>): Promise<Row[]> } {
  return prepared(db, `sql:${name}`, (pdb) => {
    const query = pdb._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name.replaceAll('-', '_'), false);
    return {
      async execute(values: Record<string, unknown>) {
        return ((await query.execute(values)) as { rows: Row[] }).rows;
      },
    };
  });
}
