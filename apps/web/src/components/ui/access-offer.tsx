import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { formatMXN } from '@galeno/domain/format';
import { getPlan } from '@galeno/domain/plans';
import { buttonClassName } from './button-styles';

/**
 * The one thing a locked control offers once access ended (issue 35, N4): a free account, which never paid, gets the
 * week at $19; an account that paid before gets «Renovar membresía». Never «prueba»: that word is the anonymous trial's.
 */
export function accessOffer(subscription: Pick<SubscriptionInfo, 'subscriptionType'> | null): { label: string; to: string } {
  if (subscription?.subscriptionType === 'free') {
    return { label: `1 semana por ${formatMXN(getPlan('1-week').basePrice)} MXN`, to: '/app/membership-pay/one-dollar' };
  }
  return { label: 'Renovar membresía', to: '/app/membership-pay' };
}

/** What a locked card shows in place of its buttons: that it needs the membership, and the one offer. */
export function LockedAction({ subscription }: { subscription: Pick<SubscriptionInfo, 'subscriptionType'> | null }) {
  const offer = accessOffer(subscription);
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800">
        <LockIcon />
        Disponible con tu membresía
      </span>
      <Link to={offer.to} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
        {offer.label}
      </Link>
    </div>
  );
}

/** The padlock beside «Disponible con tu membresía», wherever a control waits for a membership. */
export function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="9" width="12" height="8" rx="1.5" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
    </svg>
  );
}
