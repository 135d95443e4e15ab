import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { PAYMENT_LIFECYCLE } from '@galeno/domain/lifecycles';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { discounts, publicDiscountClaims } from '../../db/schema/discount-quiz.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { groupMembers, payments } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { loggable } from '../../plugins/error-handler.ts';

/**
 * Before an account is deleted, its open checkouts are closed at the provider, so nobody pays for an account that
 * is gone. One paid in the meantime can no longer be closed: its fulfilment finds no account and refunds it
 * (memberships/service.ts: markPaid), so the deletion goes on whatever the provider answers.
 */
export async function expireOpenCheckouts(deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger }, user: User): Promise<void> {
  const { db, provider, log } = deps;
  const open = await db
    .select({ id: payments.id, checkoutSessionId: payments.checkoutSessionId })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.status, 'pending'), isNotNull(payments.checkoutSessionId)));
  for (const checkout of open) {
    try {
      await provider.expireCheckout(checkout.checkoutSessionId!);
      await db
        .update(payments)
        .set({ status: 'expired' })
        .where(and(eq(payments.id, checkout.id), inArray(payments.status, PAYMENT_LIFECYCLE.from('expired'))));
    } catch (error) {
      log.warn({ ...loggable(error), paymentId: checkout.id }, 'open checkout of a deleted account not expired');
    }
  }
}

/**
 * "Eliminar mi cuenta" (ARCO cancellation, issue 20), once an e-mail code confirmed it. The account and what
 * hangs on it go (sessions, answers, statistics, flashcards, flags, discounts: their foreign keys cascade);
 * what names the address elsewhere goes too (public claims, pending invitations, unsent e-mails) or loses the
 * address (a seat already taken). Payments stay, as accounting requires, without the person: their user and
 * discount links are cleared, the amounts kept. The address can sign up again afterwards.
 */
export async function deleteAccount(db: Db, user: User): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const own = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.userId, user.id));
    if (own.length > 0) {
      const ids = own.map((row) => row.id);
      await tx.update(payments).set({ discountId: null }).where(inArray(payments.discountId, ids));
    }
    await tx.delete(publicDiscountClaims).where(eq(publicDiscountClaims.email, user.email));
    await tx.delete(groupMembers).where(and(eq(groupMembers.email, user.email), isNull(groupMembers.activatedAt)));
    await tx.update(groupMembers).set({ email: 'cuenta eliminada', alias: '' }).where(eq(groupMembers.email, user.email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
