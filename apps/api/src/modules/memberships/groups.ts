import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivationResponse, GroupInvitation, GroupMembership } from '@galeno/domain/contracts/payments';
import { normalizeEmail } from '@galeno/domain/forms';
import { membershipAfterPlan } from '@galeno/domain/membership';
import { getPlan, GROUP_INVITE_DAYS, GROUP_MAX_INVITES, GROUP_SEATS } from '@galeno/domain/plans';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { groupMembers, groupMemberships } from '../../db/schema/memberships.ts';
import { users, type User } from '../../db/schema/users.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { groupInviteEmail } from '../../mail/templates.ts';
import { loggable } from '../../plugins/error-handler.ts';

export const GROUP_MESSAGES = {
  noGroup: 'No tienes una membresía grupal activa.',
  full: `Tu grupo ya tiene ${GROUP_MAX_INVITES} invitaciones, el máximo de tu plan.`,
  duplicate: 'Ya invitaste a ese correo.',
  self: 'Tu cuenta ya forma parte del grupo: invita a otra persona.',
  sendFailed: 'No pudimos enviar la invitación. Intenta nuevamente.',
  notYourEmail: 'Solo la cuenta con el correo invitado puede activar esta membresía. Inicia sesión con ese correo.',
  noInvitation: 'No encontramos una invitación pendiente para este correo.',
  unverified: 'Confirma tu correo antes de activar: cierra sesión y vuelve a entrar con el código que te enviamos por correo.',
  activated: '¡Cuenta activada exitosamente!',
  expired: 'Esta invitación venció. Pide a quien te invitó que te la envíe de nuevo.',
  notPending: 'Esa invitación ya no está pendiente: ya se activó o se revocó.',
} as const;

const INVITE_MS = GROUP_INVITE_DAYS * 86_400_000;

/** A seat is taken by an activated member or by an invitation sent in the last 14 days (issue 20). */
function holdsSeat(now: Date): SQL {
  return or(isNotNull(groupMembers.activatedAt), gt(groupMembers.createdAt, new Date(now.getTime() - INVITE_MS)))!;
}

function isExpired(member: { activatedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return member.activatedAt === null && member.createdAt.getTime() <= now.getTime() - INVITE_MS;
}

/**
 * The group an owner manages: the oldest one that still has a free seat, else the newest. An owner who
 * bought a second group before using every seat of the first fills those first (a seat's plan runs from
 * its activation, so an older group's seat loses nothing), then the new group's.
 */
async function ownGroup(db: Db, userId: string, lock = false, now = new Date()) {
  const query = db
    .select()
    .from(groupMemberships)
    .where(eq(groupMemberships.ownerUserId, userId))
    .orderBy(desc(groupMemberships.createdAt));
  const groups = lock ? await query.for('update') : await query;
  if (groups.length <= 1) return groups[0] ?? null;
  const counts = await db
    .select({ groupId: groupMembers.groupId, members: count() })
    .from(groupMembers)
    .where(
      and(
        inArray(
          groupMembers.groupId,
          groups.map((group) => group.id),
        ),
        holdsSeat(now),
      ),
    )
    .groupBy(groupMembers.groupId);
  const used = new Map(counts.map((row) => [row.groupId, Number(row.members)]));
  return groups.findLast((group) => (used.get(group.id) ?? 0) < GROUP_MAX_INVITES) ?? groups[0]!;
}

/** The group the user owns, or the one they activated into. */
export async function getGroup(db: Db, user: User, now = new Date()): Promise<GroupMembership | null> {
  let group = await ownGroup(db, user.id);
  if (!group) {
    const [membership] = await db
      .select({ group: groupMemberships })
      .from(groupMembers)
      .innerJoin(groupMemberships, eq(groupMemberships.id, groupMembers.groupId))
      .where(eq(groupMembers.activatedUserId, user.id))
      .orderBy(desc(groupMembers.activatedAt))
      .limit(1);
    group = membership?.group ?? null;
  }
  if (!group) return null;
  // The owner's account may be gone (deleted): the members keep their seats and the page shows no address.
  const [owner] = group.ownerUserId ? await db.select({ email: users.email }).from(users).where(eq(users.id, group.ownerUserId)) : [];
  const members = await db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id)).orderBy(groupMembers.createdAt);
  const isOwner = group.ownerUserId === user.id;
  const holding = members.filter((member) => !isExpired(member, now)).length;
  return {
    id: group.id,
    membershipType: group.planId,
    ownerEmail: owner?.email ?? '',
    isOwner,
    createdAt: group.createdAt.toISOString(),
    seats: GROUP_SEATS,
    seatsInUse: Math.min(GROUP_SEATS, 1 + holding),
    invitesLeft: isOwner ? Math.max(0, GROUP_MAX_INVITES - holding) : 0,
    // Whom the owner invited, and the aliases the owner gave them, are the owner's to see: a member sees the plan only.
    members: (isOwner ? members : []).map((member) => ({
      id: member.id,
      affiliateEmail: member.email,
      affiliateAlias: member.alias,
      hasActivatedAccount: member.activatedAt !== null,
      activatedAccountAt: member.activatedAt?.toISOString() ?? null,
      groupMembership: group.id,
      invitedAt: member.createdAt.toISOString(),
      expired: isExpired(member, now),
    })),
  };
}

/** At most 4 invitations per group, enforced under a row lock so concurrent invites cannot overshoot. */
export async function invite(
  deps: { db: Db; mailer: Mailer; config: Config; log: FastifyBaseLogger },
  owner: User,
  input: { affiliateEmail: string; affiliateAlias: string },
) {
  const { db, config } = deps;
  const email = normalizeEmail(input.affiliateEmail);
  if (email === owner.email) throw new AppError('GROUP_SELF_INVITE', 400, GROUP_MESSAGES.self);
  const member = await db.transaction(async (tx) => {
    const group = await ownGroup(tx, owner.id, true);
    if (!group) throw forbidden(GROUP_MESSAGES.noGroup, 'NO_GROUP');
    const now = new Date();
    // A lapsed invitation frees its seat; inviting that e-mail again replaces it.
    await tx
      .delete(groupMembers)
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.email, email),
          isNull(groupMembers.activatedAt),
          lte(groupMembers.createdAt, new Date(now.getTime() - INVITE_MS)),
        ),
      );
    const existing = await tx
      .select({ email: groupMembers.email })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), holdsSeat(now)));
    if (existing.some((row) => row.email === email)) throw new AppError('GROUP_DUPLICATE_INVITE', 409, GROUP_MESSAGES.duplicate);
    if (existing.length >= GROUP_MAX_INVITES) throw new AppError('GROUP_FULL', 409, GROUP_MESSAGES.full);
    const [row] = await tx.insert(groupMembers).values({ groupId: group.id, email, alias: input.affiliateAlias }).returning();
    return { row: row!, planId: group.planId };
  });
  try {
    await deps.mailer.send(
      groupInviteEmail(
        { appName: config.APP_NAME, appOrigin: config.APP_ORIGIN },
        email,
        firstName(owner.name),
        getPlan(member.planId).title,
        invitationUrl(config.APP_ORIGIN, member.row.id),
      ),
    );
  } catch (error) {
    deps.log.error(loggable(error), 'group invitation e-mail failed');
    await db.delete(groupMembers).where(eq(groupMembers.id, member.row.id));
    throw new AppError('EMAIL_SEND_FAILED', 502, GROUP_MESSAGES.sendFailed);
  }
  return { success: true };
}

/** Only the signed-in account whose e-mail was invited can take the seat; it gets the group's plan in group mode. */
export async function activate(db: Db, user: User, email: string, now = new Date()): Promise<ActivationResponse> {
  if (normalizeEmail(email) !== user.email) throw forbidden(GROUP_MESSAGES.notYourEmail, 'NOT_INVITED_ACCOUNT');
  // The seat goes to whoever owns the invited address: an account that proved it with a code.
  if (user.verified === null) throw forbidden(GROUP_MESSAGES.unverified, 'EMAIL_NOT_CONFIRMED');
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ member: groupMembers, planId: groupMemberships.planId })
      .from(groupMembers)
      .innerJoin(groupMemberships, eq(groupMemberships.id, groupMembers.groupId))
      .where(and(eq(groupMembers.email, user.email), isNull(groupMembers.activatedAt)))
      .orderBy(desc(groupMembers.createdAt))
      .limit(1)
      .for('update');
    if (!invitation) throw notFound(GROUP_MESSAGES.noInvitation);
    if (isExpired(invitation.member, now)) throw new AppError('GROUP_INVITE_EXPIRED', 410, GROUP_MESSAGES.expired);
    await tx.update(groupMembers).set({ activatedUserId: user.id, activatedAt: now }).where(eq(groupMembers.id, invitation.member.id));
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    // The group's plan in group mode; a better plan still running is kept and the seat's time stacks on it.
    await tx
      .update(users)
      .set(membershipAfterPlan(fresh!, invitation.planId, 'group', now))
      .where(eq(users.id, user.id));
    return { success: true, message: GROUP_MESSAGES.activated, membershipDetails: { membershipType: invitation.planId } };
  });
}

/** The owner's pending invitation, locked, or a clear error: only a pending one can be revoked or resent. */
async function pendingInvitation(tx: Db, owner: User, memberId: string) {
  const [row] = await tx
    .select({ member: groupMembers, group: groupMemberships })
    .from(groupMembers)
    .innerJoin(groupMemberships, eq(groupMemberships.id, groupMembers.groupId))
    .where(and(eq(groupMembers.id, memberId), eq(groupMemberships.ownerUserId, owner.id)))
    .for('update');
  if (!row) throw notFound(GROUP_MESSAGES.noInvitation);
  if (row.member.activatedAt) throw new AppError('GROUP_INVITE_NOT_PENDING', 409, GROUP_MESSAGES.notPending);
  return row;
}

/** Revoking a pending invitation (a typo, a change of mind) frees its seat at once (issue 20). */
export async function revokeInvite(db: Db, owner: User, memberId: string) {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await pendingInvitation(tx, owner, memberId);
    await tx.delete(groupMembers).where(and(eq(groupMembers.id, memberId), isNull(groupMembers.activatedAt)));
  });
  return { success: true };
}

/** Sends a pending (or lapsed) invitation again; its 14 days start over, if a seat is free for a lapsed one. */
export async function resendInvite(
  deps: { db: Db; mailer: Mailer; config: Config; log: FastifyBaseLogger },
  owner: User,
  memberId: string,
) {
  const { db, config } = deps;
  const now = new Date();
  const invitation = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await pendingInvitation(tx, owner, memberId);
    if (isExpired(row.member, now)) {
      const [held] = await tx
        .select({ value: count() })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, row.group.id), holdsSeat(now)));
      if ((held?.value ?? 0) >= GROUP_MAX_INVITES) throw new AppError('GROUP_FULL', 409, GROUP_MESSAGES.full);
    }
    await tx.update(groupMembers).set({ createdAt: now }).where(eq(groupMembers.id, memberId));
    return row;
  });
  try {
    await deps.mailer.send(
      groupInviteEmail(
        { appName: config.APP_NAME, appOrigin: config.APP_ORIGIN },
        invitation.member.email,
        firstName(owner.name),
        getPlan(invitation.group.planId).title,
        invitationUrl(config.APP_ORIGIN, invitation.member.id),
      ),
    );
  } catch (error) {
    deps.log.error(loggable(error), 'group invitation e-mail failed');
    throw new AppError('EMAIL_SEND_FAILED', 502, GROUP_MESSAGES.sendFailed);
  }
  return { success: true };
}

/** The owner as the invitation names them: the first name only, the rest of their data stays private. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The invitation's own page (ux finding 17): its id is random and unguessable, and only the invited address receives it. */
export function invitationUrl(appOrigin: string, memberId: string): string {
  return `${appOrigin}/invitacion/${memberId}`;
}

/**
 * What the invitation page shows before anyone signs in: who invited (first name), to which plan, for which
 * address, and whether it can still be accepted. Nothing about the group's other members.
 */
export async function invitationSummary(db: Db, memberId: string, now = new Date()): Promise<GroupInvitation> {
  const [row] = await db
    .select({ member: groupMembers, group: groupMemberships, ownerName: users.name })
    .from(groupMembers)
    .innerJoin(groupMemberships, eq(groupMemberships.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMemberships.ownerUserId))
    .where(eq(groupMembers.id, memberId))
    .limit(1);
  if (!row) throw notFound('Esta invitación no existe o fue cancelada.');
  return {
    inviterName: firstName(row.ownerName),
    planId: row.group.planId,
    email: row.member.email,
    status: row.member.activatedAt ? 'activated' : isExpired(row.member, now) ? 'expired' : 'pending',
  };
}
