import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { InvoiceQueue, InvoiceQueueItem } from '@galeno/domain/contracts/invoices';
import { formatDate, formatMXN } from '@galeno/domain/format';
import { cfdiUseLabel, taxRegimeLabel } from '@galeno/domain/invoices';
import { getPlan } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { sessionStore, type SessionStore } from '../../lib/session';
import { fetchInvoiceQueue, markInvoiceIssued } from './api';
import { createStaffLoader, StaffQueuePage, type StaffLoaderData } from './staff-queue';

/**
 * /metrics/facturas (issue 20): the factura requests students sent from «Mi perfil › Pagos», oldest first. Staff stamp
 * each CFDI outside the app with these data, send it to the e-mail given, and mark it issued here; the server checks
 * staff. It lives with the other staff queues for their shared shell.
 */

export const INVOICES_PAGE_TITLE = 'Facturas solicitadas';

type LoaderData = StaffLoaderData<InvoiceQueue>;

export function createInvoicesLoader(store: Pick<SessionStore, 'ready'> = sessionStore) {
  return createStaffLoader(fetchInvoiceQueue, store);
}

export const loader = createInvoicesLoader();

export function Component() {
  useDocumentTitle(INVOICES_PAGE_TITLE);
  const data = useLoaderData() as LoaderData;
  return (
    <StaffQueuePage title={INVOICES_PAGE_TITLE} data={data}>
      {(loaded) => <Queue queue={loaded} />}
    </StaffQueuePage>
  );
}

function Queue({ queue }: { queue: InvoiceQueue }) {
  const [issued, setIssued] = useState<Record<string, string>>({});
  const open = queue.items.filter((item) => item.status === 'requested');
  const done = queue.items.filter((item) => item.status === 'issued');
  const left = queue.totalOpen - Object.keys(issued).length;
  return (
    <>
      <p className="text-slate-700">
        {left <= 0 ? 'No hay facturas por emitir.' : left === 1 ? '1 factura por emitir.' : `${left} facturas por emitir.`} Tímbralas fuera
        de la aplicación con estos datos, envíalas al correo indicado y márcalas como emitidas.
      </p>
      {open.length > 0 && (
        <section aria-labelledby="invoices-open-title" className="space-y-4">
          <h2 id="invoices-open-title" className="text-lg font-bold text-slate-900">
            Por emitir
          </h2>
          <ol className="space-y-4">
            {open.map((item) => (
              <li key={item.id}>
                <InvoiceCard
                  item={item}
                  issuedAt={issued[item.id] ?? null}
                  onIssued={(at) => setIssued((current) => ({ ...current, [item.id]: at }))}
                />
              </li>
            ))}
          </ol>
        </section>
      )}
      {done.length > 0 && (
        <section aria-labelledby="invoices-issued-title" className="space-y-4">
          <h2 id="invoices-issued-title" className="text-lg font-bold text-slate-900">
            Emitidas recientemente
          </h2>
          <ol className="space-y-4">
            {done.map((item) => (
              <li key={item.id}>
                <InvoiceCard item={item} issuedAt={item.issuedAt} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function InvoiceCard({
  item,
  issuedAt,
  onIssued,
}: {
  item: InvoiceQueueItem;
  /** When it was marked issued (here or before); null while open. */
  issuedAt: string | null;
  onIssued?: (at: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `invoice-${item.id}`;
  const markIssued = () => {
    setBusy(true);
    setError(null);
    markInvoiceIssued(item.id)
      .then((saved) => onIssued?.(saved.issuedAt ?? new Date().toISOString()))
      .catch((caught: unknown) => setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE))
      .finally(() => setBusy(false));
  };
  const rows: [string, string][] = [
    ['Membresía', `${getPlan(item.planId).title}${item.membershipMode === 'group' ? ' (grupal)' : ''}`],
    ['Pagado el', item.paidAt ? formatDate(new Date(item.paidAt)) : 'Sin fecha'],
    ['RFC', item.rfc],
    ['Nombre o razón social', item.legalName],
    ['Régimen fiscal', taxRegimeLabel(item.taxRegime)],
    ['Uso del CFDI', cfdiUseLabel(item.cfdiUse)],
    ['Código postal', item.postalCode],
    ['Enviar a', item.email],
    ['Solicitada el', formatDate(new Date(item.createdAt))],
  ];
  if (item.updatedAt !== item.createdAt && item.status === 'requested')
    rows.push(['Datos corregidos el', formatDate(new Date(item.updatedAt))]);
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={headingId} className="text-base font-bold text-slate-900">
        {item.reference} · {formatMXN(item.amountPaid)} MXN
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="mb-2 font-semibold break-words text-slate-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {issuedAt ? (
        <p role="status" className="mt-4 font-semibold text-emerald-800">
          Emitida el {formatDate(new Date(issuedAt))}.
        </p>
      ) : (
        <button type="button" disabled={busy} onClick={markIssued} className={buttonClassName('primary', 'md', 'mt-4 w-full sm:w-auto')}>
          {busy ? 'Guardando...' : 'Marcar como emitida'}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-900">
          {error}
        </p>
      )}
    </article>
  );
}
