import { sql } from 'drizzle-orm';
import { INVOICE_STATUSES, PAYMENT_STATUSES } from '@galeno/domain/lifecycles';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { discounts } from './discount-quiz.ts';

/**
 * A checkout and, once fulfilled, the payment. The row is created with the server's amount when the
 * checkout starts; fulfilment flips status from 'pending' to 'paid' exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the payment stays (accounting, the affiliate's earnings) without the person. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    planId: text('plan_id', { enum: ['1-week', '6-months', '1-year', 'lifetime'] }).notNull(),
    membershipMode: text('membership_mode', { enum: ['single', 'group'] }).notNull(),
    regularMembershipPrice: integer('regular_membership_price').notNull(),
    discountId: uuid('discount_id').references(() => discounts.id),
    discountPercent: integer('discount_percent').notNull().default(0),
    discountAmount: integer('discount_amount').notNull().default(0),
    amountPaid: integer('amount_paid').notNull(),
    affiliateShortId: text('affiliate_short_id'),
    affiliateEarnedAmount: integer('affiliate_earned_amount').notNull().default(0),
    /**
     * pending → paid, exactly once. A payment completed for something already used (the one-week offer,
     * lifetime access, a spent discount) becomes 'refunded' instead; an open checkout made stale by another
     * payment becomes 'expired'; an OXXO voucher issued and not yet paid is 'awaiting_payment' (the student sees
     * «Pago pendiente»), and one that lapsed unpaid becomes 'failed'.
     */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    refundReason: text('refund_reason', { enum: ['one_week_offer_used', 'lifetime_already', 'discount_used', 'account_deleted'] }),
    /** When the provider confirmed the refund; null on a refunded row means it is still to be sent. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** How the student chose to pay (issue 20): a card (installments offered where allowed) or cash at OXXO. */
    paymentMethod: text('payment_method', { enum: ['card', 'oxxo'] })
      .notNull()
      .default('card'),
    /** The meses sin intereses the student chose at the provider's page; null for one payment or OXXO (ux N21). */
    installmentMonths: integer('installment_months'),
    /** An OXXO voucher: where the student sees it and when it lapses. */
    voucherUrl: text('voucher_url'),
    voucherExpiresAt: timestamp('voucher_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_checkout_session_key').on(table.checkoutSessionId),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_affiliate_idx').on(table.affiliateShortId, table.paidAt),
  ],
);

/** A group purchase: the owner plus at most 4 invited members share the bought plan. */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the owner's account is deleted: the members keep the seats they were given. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: text('plan_id', { enum: ['1-week', '6-months', '1-year', 'lifetime'] }).notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The owner's access end when bought; members get the same plan from their activation. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('group_memberships_owner_idx').on(table.ownerUserId, table.createdAt),
    uniqueIndex('group_memberships_payment_key').on(table.paymentId),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupMemberships.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    alias: text('alias').notNull(),
    activatedUserId: uuid('activated_user_id').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_members_group_email_key').on(table.groupId, table.email),
    index('group_members_email_idx').on(table.email),
    // The group page of a member who is not the owner finds their seat by account.
    index('group_members_activated_user_idx').on(table.activatedUserId),
  ],
);

export type Payment = typeof payments.$inferSelect;

/**
 * «Solicitar factura» (issue 20): the fiscal data a student gave for one payment, until staff mark the CFDI issued
 * (stamping happens outside the app). One request per payment; the student can correct it while it is unissued.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Null once the account is deleted: an issued invoice's request is fiscal record, kept without the account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    postalCode: text('postal_code').notNull(),
    cfdiUse: text('cfdi_use').notNull(),
    /** Where the CFDI is sent. */
    email: text('email').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invoice_requests_payment_key').on(table.paymentId),
    index('invoice_requests_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'requested'`),
    index('invoice_requests_user_idx').on(table.userId),
  ],
);

export type InvoiceRequest = typeof invoiceRequests.$inferSelect;
