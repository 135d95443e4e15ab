import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BankChangeKind } from '@galeno/domain/bank-changes';

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

/**
 * «Novedades del banco» (issue 39): every change to an item a student may have answered or studied, recorded as it
 * happens: by the content loader (a key, an explanation or a guideline version changed, an item retired) and by the
 * staff's report queue (resolved as corrected). `before` and `after` hold what changed (the key's text), shown only to
 * the students who answered the item, never on the public page.
 */
export const bankChanges = pgTable(
  'bank_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind', { enum: ['question', 'flashcard'] }).notNull(),
    itemId: text('item_id').notNull(),
    kind: text('kind').$type<BankChangeKind>().notNull(),
    /** The one-line reason shown in public (never the key). */
    reason: text('reason').notNull(),
    before: text('before'),
    after: text('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_changes_at_idx').on(table.at), index('bank_changes_item_idx').on(table.itemKind, table.itemId, table.at)],
);
