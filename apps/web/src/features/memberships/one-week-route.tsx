import { useState } from 'react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Link } from 'react-router';
import { formatMXN } from '@galeno/domain/format';
import { getPlan, type PaymentMethod } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { AccountRequired } from '../../components/ui/account-required';
import { fetchQuotes } from './api';
import { BackToHome } from './back-to-home';
import { payButtonLabel, PaymentMethodChoice } from './payment-confirmation';
import { CancelledCheckoutNotice, FreeHoursGivenUpNotice, PendingVoucherNotice } from './purchase-notices';
import { MembershipsRouteError } from './route-error';
import { loadForAccount } from './route-loading';
import { REDIRECTING_TO_PAYMENT } from './texts';
import { useCheckout } from './use-checkout';

/**
 * Route module for /app/membership-pay/one-dollar (spec: one-week offer): one week of full access for
 * 19 MXN, paid once by card, never renewed. The price comes from the plan table; the server charges the
 * same fixed amount (the offer is never discounted).
 */

const TITLE = '1 semana de acceso completo';

const INCLUDED = [
  'Acceso completo durante 7 días: casos clínicos, preguntas, cronómetro, especialidades y flashcards de las GPC',
  'Pago único con tarjeta o en efectivo en OXXO',
  'Sin renovación automática: no se hará ningún otro cargo',
] as const;

export function loader({ request }: LoaderFunctionArgs) {
  return loadForAccount(request, fetchQuotes);
}

export function Component() {
  useDocumentTitle('Oferta de 1 semana');
  const user = useRequiredUser();
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const { startCheckout, redirecting } = useCheckout();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const quote = data?.quotes.find((q) => q.planId === '1-week' && q.membershipMode === 'single');
  const amount = quote?.finalPrice ?? getPlan('1-week').basePrice;

  if (user.isTrial || !data) {
    return (
      <AccountRequired title={TITLE} reason="Para comprar la oferta de 1 semana necesitas una cuenta. Regístrate gratis o inicia sesión." />
    );
  }

  if (quote?.unavailableReason) {
    return (
      <div className="mx-auto max-w-xl space-y-6">
        <BackToHome />
        <section aria-labelledby="one-week-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 id="one-week-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Ya usaste la oferta de 1 semana
          </h1>
          <p className="mt-2 text-slate-700">
            La oferta de 1 semana se puede comprar una sola vez por cuenta. Elige una de las membresías disponibles.
          </p>
          <Link to="/app/membership-pay" className={buttonClassName('primary', 'md', 'mt-6 w-full sm:w-auto')}>
            Ver membresías
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <BackToHome />
      {searchParams.get('cancelado') === '1' && <CancelledCheckoutNotice />}
      <PendingVoucherNotice vouchers={data.pendingVouchers} />
      <section aria-labelledby="one-week-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Oferta de una semana</p>
        <h1 id="one-week-title" className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {TITLE}
        </h1>
        <p className="mt-4">
          <span className="text-5xl font-extrabold tracking-tight text-slate-900">{formatMXN(amount)}</span>
          <span className="ml-1 text-lg text-slate-600">MXN</span>
          <span className="mt-1 block text-slate-700">Pago único por 7 días</span>
        </p>
        <ul className="mt-6 space-y-3 text-slate-800">
          {INCLUDED.map((item) => (
            <li key={item} className="flex gap-3">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mt-0.5 size-5 shrink-0 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M4.5 10.5l3.5 3.5 7.5-8" />
              </svg>
              {item}
            </li>
          ))}
        </ul>
        <PaymentMethodChoice
          method={method}
          onChange={setMethod}
          options={{ installmentMonths: quote?.installmentMonths ?? [], oxxo: quote?.oxxo ?? false }}
          amount={amount}
          disabled={redirecting}
        />
        <FreeHoursGivenUpNotice givenUp={data.freeHoursGivenUp} />
        <button
          type="button"
          onClick={() => void startCheckout({ planId: '1-week', mode: 'single', paymentMethod: method })}
          disabled={redirecting}
          className={buttonClassName('primary', 'lg', 'mt-8 w-full')}
        >
          {redirecting ? REDIRECTING_TO_PAYMENT : payButtonLabel(method, amount)}
        </button>
        <p className="mt-3 text-center text-sm text-slate-600">Te llevaremos a la página segura de nuestro proveedor de pagos.</p>
        <p aria-live="polite" className="sr-only">
          {redirecting ? REDIRECTING_TO_PAYMENT : ''}
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <MembershipsRouteError title="No pudimos cargar la oferta" />;
}
