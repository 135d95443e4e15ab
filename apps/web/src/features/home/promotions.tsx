import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { buttonClassName } from '../../components/ui/button-styles';
import { CopyLink } from '../../components/ui/copy-link';
import { api } from '../../lib/api';
import { DiscountQuizBanner } from './discount-quiz-banner';
import { OneWeekOfferBanner } from './membership-banners';

/*
 * The promotions of the home page (issue 19): below studying, one at a time, each dismissible. What was
 * dismissed is remembered on this device for this account, and the next promotion takes its place.
 */

type PromotionId = 'won-discount' | 'one-week' | 'discount-quiz' | 'group-plan' | 'invite';

const storageKey = (userId: string) => `galeno:promociones-ocultas:${userId}`;

function readDismissed(userId: string): PromotionId[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is PromotionId => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function saveDismissed(userId: string, ids: PromotionId[]) {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(ids));
  } catch {
    // Private mode: the promotion is hidden for this visit only.
  }
}

/** The discount this account won and has not used (0 when none), read from the server's quotes. */
function useWonDiscount(enabled: boolean): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api.memberships.quotes({ signal: controller.signal }).then(
      (quotes) => setPercent(quotes.discountPercent),
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled]);
  return percent;
}

export function Promotions({
  userId,
  isTrial,
  subscription,
}: {
  userId: string;
  isTrial: boolean;
  /** Null while the profile loads (and for a trial). */
  subscription: SubscriptionInfo | null;
}) {
  const [dismissed, setDismissed] = useState<PromotionId[]>(() => readDismissed(userId));
  const type = subscription?.subscriptionType ?? null;
  const payable = !isTrial && type !== null && type !== 'lifetime';
  const wonPercent = useWonDiscount(payable);

  // In order of value to the student; the spec's discount banner is not shown to lifetime or monthly accounts.
  const available: PromotionId[] = [];
  if (payable && wonPercent > 0) available.push('won-discount');
  if (type === 'free') available.push('one-week');
  if (wonPercent === 0 && (isTrial || (type !== null && type !== 'lifetime' && type !== 'monthly'))) available.push('discount-quiz');
  if (payable && subscription?.membershipMode !== 'group') available.push('group-plan');
  if (!isTrial) available.push('invite');
  const current = available.find((id) => !dismissed.includes(id));
  if (!current) return null;

  const dismiss = () => {
    const next = [...dismissed, current];
    setDismissed(next);
    saveDismissed(userId, next);
  };

  return (
    <div>
      {promotion(current, wonPercent)}
      <div className="mt-1 flex justify-end">
        <button type="button" onClick={dismiss} className={buttonClassName('ghost', 'sm')}>
          No me interesa
        </button>
      </div>
    </div>
  );
}

function promotion(id: PromotionId, wonPercent: number): ReactNode {
  switch (id) {
    case 'won-discount':
      return (
        <PromotionCard
          title={`Tienes ${wonPercent}% de descuento en tu membresía`}
          text="Lo ganaste en la ruleta; se aplica en tu próximo pago."
        >
          <Link to={`/app/membership-pay?discount=${wonPercent}`} className={buttonClassName('primary', 'md')}>
            Usar ahora
          </Link>
        </PromotionCard>
      );
    case 'one-week':
      return <OneWeekOfferBanner />;
    case 'discount-quiz':
      return <DiscountQuizBanner />;
    case 'group-plan':
      return (
        <PromotionCard
          title="Estudien en grupo y paguen menos"
          text="Con la membresía grupal, cada integrante tiene su propia cuenta y sus estadísticas."
        >
          <Link to="/app/membership-pay?mode=group" className={buttonClassName('secondary', 'md')}>
            Ver la membresía grupal
          </Link>
        </PromotionCard>
      );
    case 'invite':
      return (
        <PromotionCard
          title="Invita a tus compañeros"
          text="Comparte este enlace para que se registren gratis y estudien contigo para el ENARM."
        >
          <CopyLink label="Enlace de registro" value={`${pageOrigin()}/signup`} />
        </PromotionCard>
      );
  }
}

function PromotionCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <p className="mt-1 text-slate-700">{text}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** This page's origin; none while the home's first frame is rendered on the server (prerender.tsx). */
function pageOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}
