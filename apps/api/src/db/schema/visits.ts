import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per visitor (hashed IP), link (the origin path without its query) and Mexico City day; repeats
 * that day raise timesVisited. Neither a new query string nor a new User-Agent makes a new unique visit.
 */
export const landingVisits = pgTable(
  'landing_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originPath: text('origin_path').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    ipMasked: text('ip_masked').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    referer: text('referer'),
    affiliateShortId: text('affiliate_short_id'),
    timesVisited: integer('times_visited').notNull().default(1),
    /** The visit's day in Mexico City. */
    visitDay: date('visit_day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('landing_visits_origin_visitor_day_key').on(table.originPath, table.visitorHash, table.visitDay),
    index('landing_visits_created_at_idx').on(table.createdAt),
    index('landing_visits_affiliate_idx').on(table.affiliateShortId, table.createdAt),
  ],
);

export const ctaClicks = pgTable(
  'cta_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buttonClicked: text('button_clicked').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cta_clicks_created_at_idx').on(table.createdAt)],
);

export type LandingVisit = typeof landingVisits.$inferSelect;
export type CtaClick = typeof ctaClicks.$inferSelect;
