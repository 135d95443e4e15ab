import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { MEMBERSHIP_MODE_LABELS, OXXO_VOUCHER_DAYS, type MembershipMode, type PaymentMethod, type Plan } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { durationText, GROUP_OFFER, hasDiscount, type Price } from './plan-pricing';
import { REDIRECTING_TO_PAYMENT } from './texts';

export interface PaymentConfirmationProps {
  plan: Plan;
  mode: MembershipMode;
  price: Price;
  /** What the server allows for this price: meses sin intereses and OXXO. */
  options: { installmentMonths: readonly number[]; oxxo: boolean };
  /** When access would end if bought now, and when the running paid membership ends (null: none running). */
  accessUntil: string | null;
  currentAccessUntil: string | null;
  redirecting: boolean;
  onBack: () => void;
  onPay: (method: PaymentMethod) => void;
}

/** «Pagar $930 MXN», or for OXXO «Generar ficha OXXO por $930 MXN»: the amount is on the button (ux finding 16). */
export function payButtonLabel(method: PaymentMethod, amount: number): string {
  return method === 'oxxo' ? `Generar ficha OXXO por ${formatMXN(amount)} MXN` : `Pagar ${formatMXN(amount)} MXN`;
}

/** The second stage (spec section 4, "Membership purchase"): what is being bought and for how much, then the provider. */
export function PaymentConfirmation({
  plan,
  mode,
  price,
  options,
  accessUntil,
  currentAccessUntil,
  redirecting,
  onBack,
  onPay,
}: PaymentConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
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
        <Row term="Acceso hasta">{accessUntil ? formatDate(new Date(accessUntil)) : 'Sin fecha de término'}</Row>
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
      {currentAccessUntil && (
        <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          Ya tienes una membresía activa hasta el {formatDate(new Date(currentAccessUntil))}. Esta compra no la reemplaza: se suma al final
          {accessUntil ? `, y tu acceso quedaría hasta el ${formatDate(new Date(accessUntil))}` : ''}.
        </p>
      )}
      <PaymentMethodChoice method={method} onChange={setMethod} options={options} amount={price.finalPrice} disabled={redirecting} />
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
          onClick={() => onPay(method)}
          disabled={redirecting}
          className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
        >
          {redirecting ? REDIRECTING_TO_PAYMENT : payButtonLabel(method, price.finalPrice)}
        </button>
      </div>
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

/** Card (with meses sin intereses where the amount allows) or cash at OXXO, as a radio group. */
export function PaymentMethodChoice({
  method,
  onChange,
  options,
  amount,
  disabled,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  options: { installmentMonths: readonly number[]; oxxo: boolean };
  amount: number;
  disabled: boolean;
}) {
  const cardHintId = useId();
  const oxxoHintId = useId();
  const longest = options.installmentMonths.at(-1);
  const choices: { value: PaymentMethod; label: string; hint: string; hintId: string }[] = [
    {
      value: 'card',
      label: 'Tarjeta de crédito o débito',
      hint: longest
        ? `Puedes pagar hasta en ${longest} meses sin intereses (desde ${formatMXN(Math.ceil(amount / longest))} MXN al mes) con tarjetas de crédito participantes.`
        : 'El pago se confirma al momento.',
      hintId: cardHintId,
    },
  ];
  if (options.oxxo) {
    choices.push({
      value: 'oxxo',
      label: 'Efectivo en OXXO',
      hint: `Te damos una ficha para pagar en cualquier OXXO en los próximos ${OXXO_VOUCHER_DAYS} días. Tu membresía se activa cuando OXXO confirma el pago, normalmente al siguiente día hábil.`,
      hintId: oxxoHintId,
    });
  }
  return (
    <fieldset className="mt-5" disabled={disabled}>
      <legend className="text-base font-bold text-slate-900">¿Cómo quieres pagar?</legend>
      <div className="mt-2 grid gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-xl border-2 border-slate-200 p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="payment-method"
              value={choice.value}
              checked={method === choice.value}
              onChange={() => onChange(choice.value)}
              aria-describedby={choice.hintId}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">{choice.label}</span>
              <span id={choice.hintId} className="block text-sm text-slate-700">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
