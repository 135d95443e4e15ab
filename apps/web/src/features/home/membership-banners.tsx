import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { EXTEND_OFFER_DAYS, fromTimestamp } from '@galeno/domain/membership';
import { getPlan } from '@galeno/domain/plans';
import { accessOffer } from '../../components/ui/access-offer';
import { buttonClassName } from '../../components/ui/button-styles';
import { CountdownClock, useCountdown } from '../../components/ui/countdown';

/** «Prueba» is the anonymous trial's word (issue 35, N4): a free account's hours end. */
export const FREE_EXPIRED = 'Tus horas gratis terminaron';
export const MEMBERSHIP_EXPIRED = 'El tiempo de tu membresía ha terminado';
export const FREE_HOURS_WAITING = 'Tus 2 horas de estudio gratis te esperan';

/**
 * Time left on the membership (spec section 4, "Membership countdown"): a free account's hours tick down
 * every second; a paid membership shows the date it is active until (issue 19: no ticking countdown for
 * paying members), with «Extender membresía» in its last 30 days; the expired text when it is over;
 * nothing for lifetime accounts.
 */
export function MembershipCountdownBanner({ subscription }: { subscription: SubscriptionInfo }) {
  const end = subscription.membershipEndDate;
  const pending = subscription.freeHoursPending === true;
  const remainingMs = useCountdown(end && !pending ? fromTimestamp(end).getTime() : null);
  const free = subscription.subscriptionType === 'free';
  if (pending) {
    // The free hours wait for the first answer (issue 19): no clock is running yet.
    return (
      <section aria-labelledby="membership-countdown-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
        <h2 id="membership-countdown-title" className="text-lg font-bold text-brand-950">
          {FREE_HOURS_WAITING}
        </h2>
        <p className="mt-1 text-brand-950">Empiezan con tu primera respuesta, así que úsalas cuando tengas tiempo de aprovecharlas.</p>
      </section>
    );
  }
  if (end === null || remainingMs === null) return null;

  if (remainingMs === 0) {
    const offer = accessOffer(subscription);
    return (
      <section aria-labelledby="membership-countdown-title" className="rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5">
        <h2 id="membership-countdown-title" className="text-lg font-bold text-red-900">
          {free ? FREE_EXPIRED : MEMBERSHIP_EXPIRED}
        </h2>
        <p className="mt-1 text-red-900">
          {free ? 'Hazte miembro para seguir estudiando.' : 'Renueva tu membresía para seguir practicando.'} Tus resultados y estadísticas
          siguen disponibles.
        </p>
        <Link to={offer.to} className={buttonClassName('primary', 'md', 'mt-3')}>
          {offer.label}
        </Link>
      </section>
    );
  }

  if (!free) {
    // A paying member gets the date, not a clock ticking away their money (issue 19); "Extender" only near the end.
    const endDate = fromTimestamp(end);
    const extend = remainingMs <= EXTEND_OFFER_DAYS * 86_400_000;
    return (
      <section
        aria-labelledby="membership-countdown-title"
        className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <h2 id="membership-countdown-title" className="text-lg font-bold text-brand-950">
          Tu membresía está activa hasta el {formatDate(endDate)}
        </h2>
        {extend && (
          <Link to="/app/membership-pay" className={buttonClassName('secondary', 'md', 'shrink-0')}>
            Extender membresía
          </Link>
        )}
      </section>
    );
  }

  const title = 'Tus horas gratis terminan en';
  return (
    <section
      aria-labelledby="membership-countdown-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <h2 id="membership-countdown-title" className="text-lg font-bold text-brand-950">
        {title}
      </h2>
      <CountdownClock remainingMs={remainingMs} label={title} />
    </section>
  );
}

/** Free accounts also see the one-week offer (spec section 4): 19 MXN once, no renewal. */
export function OneWeekOfferBanner() {
  const price = `${formatMXN(getPlan('1-week').basePrice)} MXN`;
  return (
    <section
      aria-labelledby="one-week-offer-title"
      // surface-dark: the default brand-700 focus ring would vanish on brand-800 (index.css).
      className="surface-dark flex flex-col gap-3 rounded-2xl bg-brand-800 p-4 text-white sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div>
        <h2 id="one-week-offer-title" className="text-lg font-bold">
          1 semana de acceso completo por {price}
        </h2>
        <p className="mt-1 text-brand-50">Pago único, sin renovación automática. Todos los modos de examen durante 7 días.</p>
      </div>
      <Link to="/app/membership-pay/one-dollar" className={buttonClassName('inverse', 'md', 'shrink-0')}>
        Aprovechar oferta
      </Link>
    </section>
  );
}
