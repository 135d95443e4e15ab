import { pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    name: text('name').notNull(),
    ownerEmail: text('owner_email').notNull(),
    commissionRate: real('commission_rate').notNull().default(0.15),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('affiliates_short_id_key').on(table.shortId)],
);
export type AffiliateRow = typeof affiliates.$inferSelect;
