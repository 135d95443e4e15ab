import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What content/ looked like when it was last loaded (a digest of every file), so a start with nothing
 * changed reads and writes no content at all (docs/decisions/011).
 */
export const contentLoads = pgTable('content_loads', {
  name: text('name').primaryKey(),
  digest: text('digest').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
