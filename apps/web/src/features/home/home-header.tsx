import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { fromTimestamp, membershipBadge, PURCHASE_LINK_LABELS, purchaseLinkFor } from '@galeno/domain/membership';
import { BrandMark } from '../../components/ui/brand-mark';
import { ExternalLink } from '../../components/ui/external-link';
import { supportChatUrl } from '../../lib/external-links';
import { GroupIcon, HelpIcon, ProfileIcon, RenewIcon, TagIcon } from './home-icons';

export const TRIAL_BADGE = 'Prueba gratuita';

/**
 * The dashboard's header (spec: home dashboard): the account-type badge and icon links. Group only in
 * group mode; the purchase link says what it does (issue 19): «Hazte miembro» with a tag to someone who
 * never paid, «Renovar membresía» once a paid one ended, «Extender membresía» in its last 30 days, none
 * for a fresh or lifetime membership; profile hidden for trials; help always, in a new tab. The badge
 * and the account links wait for the profile; help never does.
 */
export function HomeHeader({ isTrial, subscription }: { isTrial: boolean; subscription: SubscriptionInfo | null }) {
  // The header does not tick: whether the membership is active is judged when the page opens.
  const [openedAt] = useState(() => new Date());
  const badge = isTrial ? TRIAL_BADGE : subscription ? membershipBadge(subscription.subscriptionType, subscription.membershipMode) : null;
  const end = subscription?.membershipEndDate ? fromTimestamp(subscription.membershipEndDate) : null;
  const showGroup = !isTrial && subscription?.membershipMode === 'group';
  const support = supportChatUrl();
  const purchase = !isTrial && subscription ? purchaseLinkFor(subscription.subscriptionType, end, openedAt) : null;

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6">
        <Link to="/app" className="rounded-lg text-lg text-slate-900">
          <BrandMark />
          <span className="sr-only">, inicio</span>
        </Link>
        {!badge && !isTrial && (
          // Her badge's place while the profile loads: on a phone it has a line of its own, and the page must not
          // jump when it arrives (Lighthouse's CLS, issue 41).
          <p aria-hidden="true" className="invisible order-last w-full sm:hidden">
            <span className="inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold">&nbsp;</span>
          </p>
        )}
        {badge && (
          <p className="order-last w-full sm:order-none sm:w-auto">
            <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
              <span className="sr-only">Tipo de cuenta: </span>
              {badge}
            </span>
          </p>
        )}
        <nav aria-label="Tu cuenta" className="ml-auto">
          <ul className="flex items-center gap-1">
            {showGroup && <IconLink to="/app/group-membership" label="Mi grupo" icon={<GroupIcon />} />}
            {purchase && (
              <IconLink
                to="/app/membership-pay"
                label={PURCHASE_LINK_LABELS[purchase]}
                icon={purchase === 'join' ? <TagIcon /> : <RenewIcon />}
              />
            )}
            {!isTrial && <IconLink to="/app/profile" label="Mi perfil" icon={<ProfileIcon />} />}
            {support && (
              <li>
                <ExternalLink href={support} title="Ayuda" className={ICON_LINK}>
                  <HelpIcon />
                  <span className="sr-only">Ayuda por chat</span>
                </ExternalLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

const ICON_LINK = 'grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-brand-800';

function IconLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <li>
      <Link to={to} title={label} className={ICON_LINK}>
        {icon}
        <span className="sr-only">{label}</span>
      </Link>
    </li>
  );
}
