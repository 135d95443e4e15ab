import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * "Reportar un error": what a student reported about a question or a flashcard, until staff resolve it. The item is
 * named by kind and id without a foreign key, so a report outlives an edit or retirement of its item; the reporter
 * is kept only while the account exists.
 */
export const itemReports = pgTable(
  'item_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemKind: text('item_kind', { enum: ['question', 'flashcard'] }).notNull(),
    itemId: text('item_id').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (table) => [
    index('item_reports_open_idx')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.resolvedAt} is null`),
    index('item_reports_user_created_idx').on(table.userId, table.createdAt),
  ],
);
