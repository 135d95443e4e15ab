import type { AffiliateMetrics } from '@galeno/domain/contracts/affiliates';
import { formatMXN } from '@galeno/domain/format';
import { CopyLink } from '../../components/ui/copy-link';
import { useDocumentTitle } from '../../lib/document-title';
import { RecentRegistrations } from './recent-registrations';

export const DASHBOARD_TITLE = 'Panel de métricas';
export const DEMO_BADGE = 'Datos de demostración';

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/**
 * /affiliate-metrics/{shortId} (spec: affiliate dashboard), mobile first: the link to share, four
 * figures, the latest registrations with their payments, and how the figures are counted.
 */
export function AffiliateDashboard({ metrics, origin }: { metrics: AffiliateMetrics; origin: string }) {
  useDocumentTitle(DASHBOARD_TITLE);
  const { affiliate } = metrics;

  return (
    <div className="space-y-6">
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{DASHBOARD_TITLE}</h1>
          {metrics.isDemo && (
            <span className="inline-flex rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
              {DEMO_BADGE}
            </span>
          )}
        </div>
        <p className="mt-1 text-slate-700">{affiliate.name}</p>
        {metrics.isDemo && (
          <p className="mt-2 text-sm text-slate-600">
            Este panel de ejemplo muestra cifras ficticias para que veas cómo se ven tus métricas cuando tengas un enlace de afiliado.
          </p>
        )}
      </div>

      <div className="rounded-2xl border border-slate-200 bg-white p-4 pb-1 shadow-sm sm:p-5 sm:pb-2">
        <p className="mb-3 text-sm text-slate-600">Comparte este enlace: quien se registre desde él cuenta como tu referido.</p>
        <CopyLink label="Tu enlace de afiliado" value={`${origin}/a/${affiliate.shortId}`} />
      </div>

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Resumen
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Visitas únicas" value={integer.format(metrics.uniqueVisitsCount)} />
          <Figure label="Registros totales" value={integer.format(metrics.totalRegistrationsCount)} />
          <Figure label="Visitas Últimas 24 horas" value={integer.format(metrics.visitsLast24Hours)} />
          <Figure
            label="Pagos totales"
            value={formatMXN(metrics.totalPaymentsAmount)}
            note={`Tus ganancias: ${formatMXN(metrics.totalEarnedAmount)}`}
          />
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <RecentRegistrations registrations={metrics.recentRegistrations} />
        <HowItWorks />
      </div>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="order-first mb-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-3xl">{value}</dd>
      {note && <dd className="mt-1 text-sm font-medium text-emerald-800">{note}</dd>}
    </div>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-950 sm:p-5">
      <h2 id="how-it-works-title" className="flex items-center gap-2 text-lg font-bold">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-brand-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="10" cy="10" r="8" />
          <path d="M10 9v5M10 6h.01" />
        </svg>
        ¿Cómo se calculan tus métricas?
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed">
        <li>
          <strong>Comisión:</strong> ganas un porcentaje de cada pago que hace una persona que se registró con tu enlace. Se calcula sobre
          lo que pagó, ya con su descuento, y aparece como «Tu ganancia» en cada pago.
        </li>
        <li>
          <strong>Visitas únicas:</strong> cada persona que abre tu enlace cuenta una vez por dispositivo y navegador; si vuelve a abrirlo,
          no se suma otra visita.
        </li>
        <li>
          <strong>Visitas Últimas 24 horas:</strong> las visitas únicas que abrieron tu enlace durante el último día.
        </li>
        <li>
          <strong>Registros totales:</strong> las cuentas creadas desde tu enlace.
        </li>
        <li>
          <strong>Pagos totales:</strong> la suma de lo que han pagado tus referidos.
        </li>
      </ul>
    </section>
  );
}
