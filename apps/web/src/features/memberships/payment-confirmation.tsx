import { useEffect, useRef, type ReactNode } from 'react';
import { formatMXN } from '@galeno/domain/format';
import { MEMBERSHIP_MODE_LABELS, type MembershipMode, type Plan } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { durationText, GROUP_OFFER, hasDiscount, type Price } from './plan-pricing';
import { REDIRECTING_TO_PAYMENT } from './texts';

export interface PaymentConfirmationProps {
  plan: Plan;
  mode: MembershipMode;
  price: Price;
  redirecting: boolean;
  onBack: () => void;
  onPay: () => void;
}

/** The second stage (spec section 4, "Membership purchase"): what is being bought and for how much, then the provider. */
export function PaymentConfirmation({ plan, mode, price, redirecting, onBack, onPay }: PaymentConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The stage replaces the cards: start keyboard and screen-reader users at its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const discounted = hasDiscount(price);

  return (
    <section aria-labelledby="payment-confirmation-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <p className="text-sm font-semibold text-brand-800">Paso 2 de 2</p>
      <h2 id="payment-confirmation-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900">
        Confirma tu compra
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        <Row term="Membresía">{plan.title}</Row>
        <Row term="Tipo de membresía">
          {MEMBERSHIP_MODE_LABELS[mode]}
          {mode === 'group' && <span className="block text-sm text-slate-600">{GROUP_OFFER}</span>}
        </Row>
        <Row term="Duración">{durationText(plan)}</Row>
        {discounted && (
          <>
            <Row term="Precio regular">
              <s>{formatMXN(price.regularPrice)} MXN</s>
            </Row>
            <Row term="Descuento">{price.discountPercent}%</Row>
          </>
        )}
        <Row term="Total a pagar">
          <span className="text-2xl font-extrabold text-slate-900">{formatMXN(price.finalPrice)} MXN</span>
        </Row>
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        Pago único, sin renovación automática. Te llevaremos a la página segura de nuestro proveedor de pagos para completarlo.
      </p>
      {mode === 'group' && <p className="mt-2 text-sm text-slate-700">Después del pago podrás invitar a 4 personas desde «Mi grupo».</p>}
      <p className="mt-2 text-sm text-slate-700">
        Al pagar aceptas los{' '}
        <a href="/terminos" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
          términos y condiciones
        </a>{' '}
        y la{' '}
        <a href="/reembolsos" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
          política de reembolsos
        </a>
        .
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onBack} disabled={redirecting} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
          Atrás
        </button>
        <button
          type="button"
          onClick={onPay}
          disabled={redirecting}
          aria-describedby="payment-confirmation-total"
          className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
        >
          {redirecting ? REDIRECTING_TO_PAYMENT : 'Confirmar y pagar'}
        </button>
      </div>
      <p id="payment-confirmation-total" className="sr-only">
        Total: {formatMXN(price.finalPrice)} MXN
      </p>
      <p aria-live="polite" className="sr-only">
        {redirecting ? REDIRECTING_TO_PAYMENT : ''}
      </p>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600 sm:w-44 sm:shrink-0 sm:text-base">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
