import { useEffect, useId, useState } from 'react';
import type { InvoiceRequest } from '@galeno/domain/contracts/invoices';
import type { PaymentRecord } from '@galeno/domain/contracts/payments';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { getPlan } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { fetchInvoiceRequests } from './invoice-api';
import { PaymentInvoice } from './invoice-request';

const STATUS_LABELS: Record<PaymentRecord['status'], string> = {
  paid: 'Pagado',
  // An OXXO voucher not paid yet.
  awaiting_payment: 'Pago pendiente',
  refunded: 'Reembolsado',
  // An OXXO voucher that lapsed unpaid: said in words, so its amount is never read as a charge (ux N10).
  failed: 'Ficha vencida: no se hizo ningún cargo',
};

/** `invoices` is null when the factura requests could not be read: the payments still show, without their factura controls. */
type State =
  | { status: 'loading' }
  | { status: 'ready'; payments: PaymentRecord[]; invoices: InvoiceRequest[] | null }
  | { status: 'error'; message: string };

/** «Pagos» (issue 20): every payment, from the record fulfilment writes, with the reference a receipt quotes. */
export function PaymentsBlock() {
  const id = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const accountEmail = useSession().user?.email ?? '';
  // A saved request replaces the payment's earlier one (one per payment).
  const saveInvoice = (saved: InvoiceRequest) =>
    setState((current) =>
      current.status === 'ready' && current.invoices
        ? { ...current, invoices: [saved, ...current.invoices.filter((invoice) => invoice.paymentId !== saved.paymentId)] }
        : current,
    );
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      api.memberships.paymentHistory({ signal: controller.signal }),
      fetchInvoiceRequests(controller.signal).then(
        ({ requests }) => requests,
        () => null,
      ),
    ]).then(
      ([{ payments }, invoices]) => setState({ status: 'ready', payments, invoices }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Pagos
      </h2>
      {state.status === 'loading' && (
        <p role="status" className="mt-2 text-slate-600">
          Cargando tus pagos...
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="mt-2 text-red-900">
          <p>No pudimos cargar tus pagos. {state.message}</p>
          <button
            type="button"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
            className={buttonClassName('secondary', 'sm', 'mt-2')}
          >
            Reintentar
          </button>
        </div>
      )}
      {state.status === 'ready' && state.payments.length === 0 && <p className="mt-2 text-slate-700">Aún no tienes pagos.</p>}
      {state.status === 'ready' && state.payments.length > 0 && (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {state.payments.map((payment) => (
              <li key={payment.id} className="py-3">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-semibold text-slate-900">
                      Membresía {getPlan(payment.planId).title}
                      {payment.membershipMode === 'group' ? ' (grupal)' : ''}
                    </p>
                    <p className="text-sm text-slate-600">
                      {formatDate(new Date(payment.paidAt ?? payment.createdAt))} · Referencia {payment.reference}
                      {payment.discountPercent > 0 ? ` · ${payment.discountPercent}% de descuento` : ''}
                    </p>
                  </div>
                  <p className="flex items-center gap-2 sm:flex-col sm:items-end sm:gap-0">
                    <span className={payment.status === 'failed' ? 'text-sm text-slate-500 line-through' : 'font-bold text-slate-900'}>
                      {formatMXN(payment.amountPaid)} MXN
                    </span>
                    <span className={`text-sm font-semibold ${payment.status === 'paid' ? 'text-emerald-800' : 'text-slate-600'}`}>
                      {STATUS_LABELS[payment.status]}
                    </span>
                  </p>
                </div>
                {payment.status === 'awaiting_payment' && (
                  <p className="mt-1 text-sm text-amber-950">
                    Ficha de OXXO{payment.voucherExpiresAt ? `: págala antes del ${formatDate(new Date(payment.voucherExpiresAt))}` : ''}.
                    Tu membresía se activará sola cuando OXXO confirme el pago.{' '}
                    {payment.voucherUrl && (
                      <a
                        href={payment.voucherUrl}
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-brand-800 underline underline-offset-2"
                      >
                        Ver mi ficha de pago
                      </a>
                    )}
                  </p>
                )}
                {state.invoices && (
                  <PaymentInvoice
                    payment={payment}
                    request={state.invoices.find((invoice) => invoice.paymentId === payment.id)}
                    lastRequest={state.invoices[0]}
                    accountEmail={accountEmail}
                    onSaved={saveInvoice}
                  />
                )}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">
            Cada pago te llega también por correo como recibo.{' '}
            {state.invoices
              ? 'Para pedir factura (CFDI) de un pago, usa «Solicitar factura»: te la enviamos por correo.'
              : 'Si necesitas factura, escríbenos con la referencia.'}
          </p>
        </>
      )}
    </section>
  );
}
