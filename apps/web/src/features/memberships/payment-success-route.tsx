import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { INVOICE_HOW_AND_WHEN } from '@galeno/domain/invoices';
import { fromTimestamp } from '@galeno/domain/membership';
import { getPlan, MEMBERSHIP_MODE_LABELS, paymentMethodText, REFUND_REASON_MESSAGES } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import type { CheckoutStatus } from './api';
import { membershipOfPlan } from './plan-pricing';
import { CONFIRMING_PAYMENT } from './texts';
import { useCheckoutStatus, type PollOptions } from './use-checkout-status';

/**
 * Route module for /app/membership-pay/success?session_id=… (spec: "The payment-success page has a
 * button to /app"). The provider sends the person here after paying; the page asks the server until the
 * payment is confirmed, then shows the new plan. The profile cache is dropped on success, so the home
 * header shows the new badge.
 */

export function Component() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim();
  if (!sessionId) return <MissingSession />;
  // A new session id starts a fresh check.
  return <PaymentSuccess key={sessionId} sessionId={sessionId} />;
}

export function PaymentSuccess({ sessionId, ...options }: { sessionId: string } & PollOptions) {
  const { state, checkAgain } = useCheckoutStatus(sessionId, options);
  useDocumentTitle(state.kind === 'paid' ? 'Pago confirmado' : 'Confirmación de pago');

  return (
    <div className="mx-auto max-w-xl">
      {/* One region for every state, so screen readers hear each change. */}
      <div
        aria-live="polite"
        aria-busy={state.kind === 'checking'}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        {state.kind === 'checking' && (
          <div className="flex flex-col items-center gap-4 py-6 text-center">
            <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{CONFIRMING_PAYMENT}</h1>
            <p className="text-slate-700">Esto toma solo unos segundos. No cierres esta página.</p>
          </div>
        )}
        {state.kind === 'paid' && <PaidSummary checkout={state.checkout} />}
        {state.kind === 'refunded' && <RefundedNotice checkout={state.checkout} />}
        {state.kind === 'expired' && (
          <StatusMessage title="Este pago ya no está disponible">
            <p>Ya completaste otro pago que incluía lo mismo, así que cerramos este para que no se cobre dos veces.</p>
            <Actions>
              <HomeLink />
            </Actions>
          </StatusMessage>
        )}
        {state.kind === 'failed' && (
          <StatusMessage title="Este pago no se completó">
            <p>La ficha de pago venció sin que recibiéramos el pago, así que no se hizo ningún cargo. Puedes elegir tu plan de nuevo.</p>
            <Actions>
              <Link to="/app/membership-pay" className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
                Elegir un plan
              </Link>
              <HomeLink />
            </Actions>
          </StatusMessage>
        )}
        {state.kind === 'awaiting' && <VoucherPending checkout={state.checkout} onCheckAgain={checkAgain} />}
        {state.kind === 'pending' && (
          <StatusMessage title="Tu pago está en proceso">
            <p>
              Aún no recibimos la confirmación del pago. Algunos métodos, como los pagos en efectivo en OXXO, pueden tardar unos minutos (o
              hasta el siguiente día hábil) en confirmarse.
            </p>
            <p className="mt-2">En cuanto se confirme, tu membresía se activará sola: no necesitas pagar de nuevo.</p>
            <Actions>
              <button type="button" onClick={checkAgain} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
                Revisar de nuevo
              </button>
              <HomeLink />
            </Actions>
          </StatusMessage>
        )}
        {state.kind === 'error' && (
          <StatusMessage title="No pudimos confirmar tu pago">
            <p role="alert">{state.message}</p>
            <p className="mt-2">Si ya pagaste, tu membresía se activará en cuanto recibamos la confirmación.</p>
            <Actions>
              <button type="button" onClick={checkAgain} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
                Revisar de nuevo
              </button>
              <HomeLink />
            </Actions>
          </StatusMessage>
        )}
      </div>
    </div>
  );
}

/** An OXXO voucher was issued: the membership starts when the store payment is confirmed (issue 20). */
function VoucherPending({ checkout, onCheckAgain }: { checkout: CheckoutStatus; onCheckAgain: () => void }) {
  const plan = getPlan(checkout.planId);
  return (
    <StatusMessage title="Pago pendiente">
      <p>
        Tu ficha para pagar {formatMXN(checkout.amountPaid)} MXN en OXXO está lista
        {checkout.voucherExpiresAt ? `; págala antes del ${formatDate(new Date(checkout.voucherExpiresAt))}` : ''}. Tu membresía{' '}
        {membershipOfPlan(plan)} se activará sola cuando OXXO confirme el pago, normalmente al siguiente día hábil.
      </p>
      <p className="mt-2">
        Referencia: <strong>{checkout.reference}</strong>. No necesitas pagar de nuevo: también verás este pago en tu perfil.
      </p>
      <Actions>
        <button type="button" onClick={onCheckAgain} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
          Revisar de nuevo
        </button>
        <Link to="/app" className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
          Ir al inicio
        </Link>
        {checkout.voucherUrl && (
          <a href={checkout.voucherUrl} target="_blank" rel="noopener" className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
            Ver mi ficha de pago
          </a>
        )}
      </Actions>
    </StatusMessage>
  );
}

/** Two tabs paid for one one-time purchase: the second payment went back, and the student is told so. */
function RefundedNotice({ checkout }: { checkout: CheckoutStatus }) {
  return (
    <StatusMessage title="Te devolvimos este pago">
      <p role="alert">
        Recibimos tu pago de {formatMXN(checkout.amountPaid)} MXN, pero no pudimos aplicarlo.{' '}
        {checkout.refundReason ? REFUND_REASON_MESSAGES[checkout.refundReason] : ''}
      </p>
      <p className="mt-2">
        Te devolvimos el pago completo al mismo medio de pago; según tu banco puede tardar de 5 a 10 días hábiles en verse. También te lo
        enviamos por correo. Tu membresía actual no cambió.
      </p>
      <Actions>
        <HomeLink />
      </Actions>
    </StatusMessage>
  );
}

function PaidSummary({ checkout }: { checkout: CheckoutStatus }) {
  const { subscriptionInfo } = checkout;
  const plan = getPlan(checkout.planId);
  const end = subscriptionInfo.membershipEndDate ? fromTimestamp(subscriptionInfo.membershipEndDate) : null;
  const group = checkout.membershipMode === 'group';
  return (
    <div>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-12 text-emerald-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">¡Pago confirmado!</h1>
      <p className="mt-1 text-slate-700">
        Tu membresía {membershipOfPlan(plan)}
        {group ? ` (${MEMBERSHIP_MODE_LABELS.group})` : ''} ya está activa. ¡A estudiar para el ENARM!
      </p>
      <dl className="mt-5 divide-y divide-slate-100">
        {/* What was bought, never the account type («Premium»), which the purchase never names (ux N21). */}
        <Row term="Membresía">
          {plan.title}
          {group ? ` (${MEMBERSHIP_MODE_LABELS.group})` : ''}
        </Row>
        <Row term="Días restantes">{daysLeftText(subscriptionInfo.daysLeft)}</Row>
        {end && <Row term="Vigente hasta">{formatDate(end)}</Row>}
        <Row term="Monto pagado">{formatMXN(checkout.amountPaid)} MXN</Row>
        <Row term="Forma de pago">{paymentMethodText(checkout.paymentMethod, checkout.installmentMonths, checkout.amountPaid)}</Row>
        <Row term="Referencia">{checkout.reference}</Row>
      </dl>
      <p className="mt-4 text-sm text-slate-700">Te enviamos el recibo por correo. {INVOICE_HOW_AND_WHEN}</p>
      <Actions>
        {group && (
          <Link to="/app/group-membership" className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
            Invitar a mi grupo
          </Link>
        )}
        <HomeLink />
      </Actions>
    </div>
  );
}

/** The server's daysLeft is null for lifetime memberships, which have no end. */
function daysLeftText(days: number | null): string {
  if (days === null) return 'Sin fecha de término (de por vida)';
  return days === 1 ? '1 día' : `${days} días`;
}

function MissingSession() {
  useDocumentTitle('Confirmación de pago');
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <StatusMessage title="No encontramos tu pago">
        <p>Este enlace no indica qué pago revisar. Si acabas de pagar, tu membresía aparecerá en el inicio en unos minutos.</p>
        <Actions>
          <Link to="/app/membership-pay" className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
            Ver membresías
          </Link>
          <HomeLink />
        </Actions>
      </StatusMessage>
    </div>
  );
}

function StatusMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

function HomeLink() {
  return (
    <Link to="/app" className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
      Ir al inicio
    </Link>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600 sm:w-40 sm:shrink-0 sm:text-base">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
