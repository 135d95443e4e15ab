import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ReportedItem, ReportQueue } from '@galeno/domain/contracts/reports';
import { REPORT_REASONS } from '@galeno/domain/reports';
import { formatDate } from '@galeno/domain/format';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { sessionStore, type SessionStore } from '../../lib/session';
import { createStaffLoader, StaffQueuePage, type StaffLoaderData } from './staff-queue';
import { fetchReportQueue, resolveReports } from './api';

/**
 * /metrics/reportes: what students reported with "Reportar un error", grouped by item, most reported first. A
 * reviewer fixes the item in content/ (or decides it stands) and resolves its reports; the server checks staff.
 */

export const REPORTS_PAGE_TITLE = 'Errores reportados';

type LoaderData = StaffLoaderData<ReportQueue>;

export function createReportsLoader(store: Pick<SessionStore, 'ready'> = sessionStore) {
  return createStaffLoader(fetchReportQueue, store);
}

export const loader = createReportsLoader();

export function Component() {
  useDocumentTitle(REPORTS_PAGE_TITLE);
  const data = useLoaderData() as LoaderData;
  return (
    <StaffQueuePage title={REPORTS_PAGE_TITLE} data={data}>
      {(loaded) => <Queue queue={loaded} />}
    </StaffQueuePage>
  );
}

const keyOf = (item: ReportedItem) => `${item.itemKind}:${item.itemId}`;

function Queue({ queue }: { queue: ReportQueue }) {
  const [resolved, setResolved] = useState<Record<string, number>>({});
  const open = queue.totalOpen - Object.values(resolved).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <p className="text-slate-700">
        {open === 0
          ? 'No hay reportes pendientes.'
          : `${open} ${open === 1 ? 'reporte pendiente' : 'reportes pendientes'} en ${queue.items.length - Object.keys(resolved).length} elementos.`}
      </p>
      <ol className="space-y-4">
        {queue.items.map((item) => (
          <li key={keyOf(item)}>
            <ReportCard
              item={item}
              resolved={resolved[keyOf(item)] !== undefined}
              onResolved={(count) => setResolved((current) => ({ ...current, [keyOf(item)]: count }))}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function ReportCard({ item, resolved, onResolved }: { item: ReportedItem; resolved: boolean; onResolved: (count: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `report-${item.itemKind}-${item.itemId}`;
  const act = (resolution: 'corregido' | 'sin-cambios') => {
    setBusy(true);
    setError(null);
    resolveReports(item.itemKind, item.itemId, resolution)
      .then((result) => onResolved(result.resolved))
      .catch((caught: unknown) => setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE))
      .finally(() => setBusy(false));
  };
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-base font-bold text-slate-900">
        {item.openReports} {item.openReports === 1 ? 'reporte' : 'reportes'} · {item.itemKind === 'question' ? 'Pregunta' : 'Tarjeta'}{' '}
        <span className="font-normal text-slate-600">({item.itemId})</span>
      </h2>
      <p className="mt-2 leading-relaxed text-slate-800">{item.text}</p>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        {item.reasons.map((entry) => (
          <li key={entry.reason} className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">
            {REPORT_REASONS[entry.reason]}: {entry.count}
          </li>
        ))}
      </ul>
      {item.details.length > 0 && (
        <ul className="mt-3 space-y-2 text-sm text-slate-700">
          {item.details.map((entry, index) => (
            <li key={index} className="rounded-lg bg-slate-50 p-3">
              «{entry.detail}» <span className="text-slate-500">· {formatDate(new Date(entry.createdAt))}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">Primer reporte: {formatDate(new Date(item.firstReportedAt))}</p>
      {resolved ? (
        <p role="status" className="mt-4 font-semibold text-slate-900">
          Reportes resueltos.
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <button type="button" disabled={busy} onClick={() => act('corregido')} className={buttonClassName('primary')}>
            Corregido
          </button>
          <button type="button" disabled={busy} onClick={() => act('sin-cambios')} className={buttonClassName('secondary')}>
            Sin cambios
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-900">
          {error}
        </p>
      )}
    </article>
  );
}
