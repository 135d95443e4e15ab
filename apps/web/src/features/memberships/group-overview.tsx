import { useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { formatDate } from '@galeno/domain/format';
import { getPlan } from '@galeno/domain/plans';
import { resendGroupInvite, revokeGroupInvite, type GroupAffiliate, type GroupMembership } from './api';
import { membershipOfPlan } from './plan-pricing';
import { MEMBER_ACTIVATED, MEMBER_EXPIRED, MEMBER_PENDING } from './texts';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** The bought plan: its label, the five memberships and when it was bought. */
export function GroupPlanCard({ group }: { group: GroupMembership }) {
  return (
    <section aria-labelledby="group-plan-title" className={CARD}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Plan grupal</p>
      <h2 id="group-plan-title" className="mt-1 text-xl font-bold text-slate-900">
        Membresía {membershipOfPlan(getPlan(group.membershipType))}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        <Row term="Incluye">{group.seats} membresías</Row>
        <Row term="Fecha de compra">{formatDate(new Date(group.createdAt))}</Row>
        <Row term="Titular">
          <span className="break-all">{group.ownerEmail}</span>
          {group.isOwner && <span className="text-slate-600"> (tú)</span>}
        </Row>
      </dl>
    </section>
  );
}

/**
 * Seats in use (the owner's and every invitation that holds one) and, to the owner, invitations left and, once
 * one was sent, how many were accepted: «Invitaciones aceptadas: 1 de 2» (before the first «0 de 0» would say nothing).
 */
export function GroupUsage({ group }: { group: GroupMembership }) {
  const accepted = group.members.filter((member) => member.hasActivatedAccount).length;
  const invited = group.members.length;
  const columns = !group.isOwner ? '' : invited > 0 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <section aria-labelledby="group-usage-title" className={CARD}>
      <h2 id="group-usage-title" className="text-lg font-bold text-slate-900">
        Uso del grupo
      </h2>
      <dl className={`mt-3 grid gap-3 ${columns}`}>
        <Stat term="Membresías en uso" value={`${group.seatsInUse} de ${group.seats}`} />
        {group.isOwner && <Stat term="Invitaciones disponibles" value={String(group.invitesLeft)} />}
        {invited > 0 && <Stat term="Invitaciones aceptadas" value={`${accepted} de ${invited}`} />}
      </dl>
    </section>
  );
}

/**
 * Everyone invited, pending until they activate with the invited e-mail. The owner can resend a pending
 * invitation or revoke it (a typo, a change of mind), which frees its seat (issue 20).
 */
export function GroupMembers({ members }: { members: readonly GroupAffiliate[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  // The invitation whose revocation waits for «Sí, revocar»: a stray tap must not free the wrong seat (ux N15).
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const act = async (member: GroupAffiliate, action: 'resend' | 'revoke') => {
    setConfirming(null);
    setBusy(member.id);
    setNotice(null);
    try {
      await (action === 'resend' ? resendGroupInvite(member.id) : revokeGroupInvite(member.id));
      setNotice({
        tone: 'ok',
        text:
          action === 'resend'
            ? `Enviamos de nuevo la invitación a ${member.affiliateEmail}.`
            : `Revocaste la invitación a ${member.affiliateEmail}: ese lugar quedó libre.`,
      });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="group-members-title" className={CARD}>
      <h2 id="group-members-title" className="text-lg font-bold text-slate-900">
        Miembros invitados
      </h2>
      <p role="status" className={`text-sm font-semibold empty:hidden ${notice?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}>
        {notice?.text}
      </p>
      {members.length === 0 ? (
        <p className="mt-2 text-slate-700">Aún no has invitado a nadie.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{member.affiliateAlias}</p>
                <p className="break-all text-sm text-slate-600">{member.affiliateEmail}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <MemberStatus member={member} />
                {!member.hasActivatedAccount && (
                  <>
                    <button
                      type="button"
                      onClick={() => void act(member, 'resend')}
                      disabled={busy !== null}
                      aria-label={`Reenviar la invitación a ${member.affiliateEmail}`}
                      className={buttonClassName('secondary', 'sm')}
                    >
                      Reenviar
                    </button>
                    <button
                      type="button"
                      onClick={() => setConfirming(member.id)}
                      disabled={busy !== null}
                      aria-label={`Revocar la invitación a ${member.affiliateEmail}`}
                      aria-expanded={confirming === member.id}
                      className={buttonClassName('ghost', 'sm')}
                    >
                      Revocar
                    </button>
                  </>
                )}
              </div>
              {confirming === member.id && (
                <div role="group" aria-label="Confirmar" className="rounded-xl border border-red-200 bg-red-50 p-3 sm:basis-full">
                  <p className="break-words text-sm font-semibold text-red-950">
                    {`¿Revocar la invitación a ${member.affiliateEmail}? Su lugar quedará libre y su enlace dejará de servir.`}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button type="button" onClick={() => void act(member, 'revoke')} className={buttonClassName('danger', 'sm')}>
                      Sí, revocar
                    </button>
                    <button type="button" onClick={() => setConfirming(null)} className={buttonClassName('secondary', 'sm')}>
                      No, conservarla
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberStatus({ member }: { member: GroupAffiliate }) {
  if (!member.hasActivatedAccount) {
    return (
      <span
        className={`self-start rounded-full px-2.5 py-0.5 text-sm font-semibold sm:self-auto ${
          member.expired ? 'bg-slate-200 text-slate-800' : 'bg-amber-100 text-amber-900'
        }`}
      >
        {member.expired ? MEMBER_EXPIRED : MEMBER_PENDING}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-sm">
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900">{MEMBER_ACTIVATED}</span>
      {member.activatedAccountAt && <span className="text-slate-600">el {formatDate(new Date(member.activatedAccountAt))}</span>}
    </span>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600 sm:w-40 sm:shrink-0 sm:text-base">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
