import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What content/ looked like when it was last loaded (a digest of every file), so a start with nothing
 * changed reads and writes no content at all (docs/decisions/011).
 */
export const contentLoads = pgTable('content_loads', {
  name: text('name').primaryKey(),
  digest: text('digest').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The figures the bank draws itself (issue 38): each SVG once, named by a hash of its bytes, so a question's figure
 * is served with a long cache and a changed drawing is a new name. Rows are written when content/ is loaded and never
 * removed (a retired question may still point at its figure in a student's history).
 */
export const figures = pgTable('figures', {
  id: text('id').primaryKey(),
  svg: text('svg').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
