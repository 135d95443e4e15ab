import { formatDate, formatMXN } from '@galeno/domain/format';
import { getPlan } from '@galeno/domain/plans';
import type { PendingVoucher, Quotes } from './api';

/** Back from a cancelled checkout (`cancelado=1`): nothing was charged (ux finding 16). */
export function CancelledCheckoutNotice() {
  return (
    <p role="status" className="rounded-2xl border border-slate-200 bg-white p-4 font-medium text-slate-800">
      Cancelaste el pago; no se hizo ningún cargo. Puedes elegir tu plan de nuevo cuando quieras.
    </p>
  );
}

/**
 * An OXXO voucher issued and not paid yet: said before the student pays a second time for the same thing. Paying
 * it activates the membership by itself.
 */
export function PendingVoucherNotice({ vouchers }: { vouchers: readonly PendingVoucher[] }) {
  if (vouchers.length === 0) return null;
  return (
    <section aria-labelledby="pending-voucher-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 id="pending-voucher-title" className="font-bold">
        Pago pendiente
      </h2>
      <ul className="mt-1 space-y-2">
        {vouchers.map((voucher) => (
          <li key={voucher.paymentId}>
            <p>
              Tienes una ficha de OXXO por {formatMXN(voucher.amountPaid)} MXN (membresía {getPlan(voucher.planId).title}
              {voucher.membershipMode === 'group' ? ', grupal' : ''})
              {voucher.voucherExpiresAt ? ` que vence el ${formatDate(new Date(voucher.voucherExpiresAt))}` : ''}. Si ya pagaste, tu
              membresía se activará sola en cuanto OXXO lo confirme: no pagues de nuevo.
            </p>
            {voucher.voucherUrl && (
              <a
                href={voucher.voucherUrl}
                target="_blank"
                rel="noopener"
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
              >
                Ver mi ficha de pago {voucher.reference}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const FREE_HOURS_GIVEN_UP = {
  unstarted:
    'Aún no empiezan tus horas de estudio gratis. Si compras la semana ahora, empieza hoy y renuncias a ellas: no se guardan para después. Si prefieres, úsalas primero y compra la semana cuando terminen.',
  running: 'La semana empieza hoy y reemplaza lo que te queda de tus horas gratis: no se suman.',
} as const;

/**
 * Said before paying (ux N22): a plan bought on a free account replaces its hours, never stacks on them. The server
 * says which case applies, from the same rule fulfilment follows.
 */
export function FreeHoursGivenUpNotice({ givenUp }: { givenUp: Quotes['freeHoursGivenUp'] }) {
  if (!givenUp) return null;
  return (
    <section
      role="note"
      aria-labelledby="free-hours-given-up-title"
      className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="free-hours-given-up-title" className="font-bold">
        Renuncias a tus horas gratis
      </h2>
      <p className="mt-1">{FREE_HOURS_GIVEN_UP[givenUp]}</p>
    </section>
  );
}
