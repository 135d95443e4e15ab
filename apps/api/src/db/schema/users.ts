import { sql } from 'drizzle-orm';
import { boolean, date, integer, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed: one account per address. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** Digits only. */
    phoneNumber: text('phone_number').notNull(),
    speciality: text('speciality'),
    subscriptionType: text('subscription_type', { enum: ['free', 'one_week', 'monthly', 'lifetime'] })
      .notNull()
      .default('free'),
    membershipMode: text('membership_mode', { enum: ['individual', 'group'] })
      .notNull()
      .default('individual'),
    membershipStart: timestamp('membership_start', { withTimezone: true }).notNull().defaultNow(),
    /** Null means lifetime access. */
    membershipEnd: timestamp('membership_end', { withTimezone: true }),
    /**
     * A free account's 2 hours start with its first graded answer or flashcard (issue 19); until then this is null
     * and `membershipEnd` is a hold of FREE_HOURS_HOLD_DAYS.
     */
    freeHoursStartedAt: timestamp('free_hours_started_at', { withTimezone: true }),
    affiliateShortId: text('affiliate_short_id'),
    /** When the student accepted the aviso de privacidad and terms at signup, and which version (issue 20). */
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    privacyNoticeVersion: text('privacy_notice_version'),
    verified: timestamp('verified_at', { withTimezone: true }),
    /**
     * When the owner, signed in after proving the address, confirmed the birth date and phone as a way in.
     * Until then (and for data typed at signup, before anyone proved the address) they open nothing.
     */
    fallbackConfirmedAt: timestamp('fallback_confirmed_at', { withTimezone: true }),
    /** When a «No fui yo» link was last followed: links for logins up to then are spent (not-me.ts). */
    notMeReportedAt: timestamp('not_me_reported_at', { withTimezone: true }),
    /** The device (plugins/device.ts) that signed up: an affiliate chosen at signup stays only if the same device proves the address. */
    signupDeviceKey: text('signup_device_key'),
    /**
     * The bank setting ('galeno', 'mir', 'ambos'; decision 013, issue 37): every mode draws from it. Our own bank until
     * the student turns MIR on.
     */
    preferredBank: text('preferred_bank', { enum: ['ambos', 'galeno', 'mir'] })
      .notNull()
      .default('galeno'),
    /** Whether draws include the items written in English (decision 012). */
    includeEnglish: boolean('include_english').notNull().default(true),
    /** Whether draws with MIR on include the MIR items without an explanation (only the official key); off unless asked. */
    includeUnexplainedMir: boolean('include_unexplained_mir').notNull().default(false),
    /** When the account was shown the line on what MIR items are (once, the first time MIR is on); null before. */
    mirNoticeSeenAt: timestamp('mir_notice_seen_at', { withTimezone: true }),
    /** Her study plan's settings (issue 40): exam date, hours per weekday, days off; null until she sets it. */
    studyPlan: jsonb('study_plan').$type<{ examDate: string; hoursByWeekday: number[]; daysOff?: string[]; digest?: 'no' | 'diario' | 'dias-de-estudio' }>(),
    /** The Mexico City day of the last plan digest e-mail (YYYY-MM-DD), so a morning sends one. */
    planDigestSentOn: text('plan_digest_sent_on'),
    /** Up to when the student has seen the changes to items she answered («Novedades» on the home); null: since she joined. */
    bankChangesSeenAt: timestamp('bank_changes_seen_at', { withTimezone: true }),
    /** The ENARM the student prepares for (the first-run screen asks; issue 19). */
    examYear: smallint('exam_year'),
    /** New flashcards a day the study sessions introduce (the profile changes it). */
    newCardsPerDay: integer('new_cards_per_day').notNull().default(20),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_idx').on(table.createdAt),
    index('users_affiliate_idx')
      .on(table.affiliateShortId)
      .where(sql`${table.affiliateShortId} is not null`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
