import type { AffiliatePayment, Registration } from '@galeno/domain/contracts/affiliates';
import { displayedDiscountPercent } from '@galeno/domain/contracts/affiliates';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { getPlan, MEMBERSHIP_MODE_LABELS } from '@galeno/domain/plans';
import { AFFILIATE_RECENT_REGISTRATIONS } from '@galeno/domain/timings';

export const NO_REGISTRATIONS = 'Aún no hay registros';

/** 'Últimos N registros', N being how many are listed (at most AFFILIATE_RECENT_REGISTRATIONS). */
export function latestCaption(count: number): string {
  return count === 1 ? 'Último registro' : `Últimos ${count} registros`;
}

/**
 * 'Registros recientes' (spec: affiliate dashboard): the latest sign-ups through the link, newest
 * first, each with what it paid. People are not named: the affiliate sees dates and amounts only.
 */
export function RecentRegistrations({ registrations }: { registrations: readonly Registration[] }) {
  const shown = registrations.slice(0, AFFILIATE_RECENT_REGISTRATIONS);
  return (
    <section aria-labelledby="recent-registrations-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="recent-registrations-title" className="text-lg font-bold text-slate-900">
          Registros recientes
        </h2>
        {shown.length > 0 && (
          <p id="recent-registrations-caption" className="text-sm text-slate-600">
            {latestCaption(shown.length)}
          </p>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="px-4 py-10 text-center text-slate-600 sm:px-5">{NO_REGISTRATIONS}</p>
      ) : (
        // A scrolling region is focusable so keyboard users can scroll it too.
        <div
          role="region"
          aria-labelledby="recent-registrations-title recent-registrations-caption"
          tabIndex={0}
          className="max-h-[28rem] overflow-y-auto rounded-b-2xl"
        >
          <ol className="divide-y divide-slate-100">
            {shown.map((registration) => (
              <RegistrationItem key={registration.userRegisteredId} registration={registration} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

function RegistrationItem({ registration }: { registration: Registration }) {
  const { payments } = registration;
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          Registro del <time dateTime={registration.registeredAt}>{formatDate(new Date(registration.registeredAt))}</time>
        </p>
        <p className={`text-sm font-medium ${payments.length > 0 ? 'text-emerald-800' : 'text-slate-600'}`}>
          {payments.length === 0 ? 'Sin pagos todavía' : payments.length === 1 ? '1 pago' : `${payments.length} pagos`}
        </p>
      </div>
      {payments.length > 0 && (
        <ul className="mt-2 space-y-2">
          {payments.map((payment, index) => (
            <PaymentItem key={`${payment.paidAt}-${index}`} payment={payment} />
          ))}
        </ul>
      )}
    </li>
  );
}

function PaymentItem({ payment }: { payment: AffiliatePayment }) {
  const discount = displayedDiscountPercent(payment);
  return (
    <li className="rounded-xl bg-slate-50 px-3 py-2">
      <p className="text-sm font-semibold text-slate-900">
        {getPlan(payment.membershipType).title} · {MEMBERSHIP_MODE_LABELS[payment.membershipMode]}
        <span className="font-normal text-slate-600">
          {' '}
          · <time dateTime={payment.paidAt}>{formatDate(new Date(payment.paidAt))}</time>
        </span>
      </p>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Pagó</dt>
          <dd className="font-semibold text-slate-900">{formatMXN(payment.amountPaid)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Descuento</dt>
          <dd className="font-semibold text-slate-900">{discount}%</dd>
        </div>
        <div>
          <dt className="text-slate-600">Tu ganancia</dt>
          <dd className="font-semibold text-emerald-800">{formatMXN(payment.affiliateEarnedAmount)}</dd>
        </div>
      </dl>
    </li>
  );
}
