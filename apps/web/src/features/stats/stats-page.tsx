import type { ReactNode } from 'react';
import { AccountRequired } from '../../components/ui/account-required';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { BANK_CHOICE_LABELS, BANK_CHOICES, type BankChoice } from '@galeno/domain/banks';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { AccuracyChart } from './accuracy-chart';
import { RecentEvaluations } from './recent-evaluations';
import { Recommendations } from './recommendations';
import { ScoreBandBadge } from '../../components/ui/score-band-badge';
import { SpecialityCards } from './speciality-cards';
import { BANK_PARAM, isEmptyView, toStatsView, type StatsLoaderData, type StatsView } from './stats-view';
import { formatCount } from '@galeno/domain/format';

/** /app/estadisticas (spec section 2, "Statistics"). */
export function StatsPage() {
  const { summary, failed, bank, trial } = useLoaderData() as StatsLoaderData;
  if (trial) return <AccountRequired reason="Tus estadísticas por área, subespecialidad y tema se guardan en tu cuenta gratuita." />;
  return <StatsContent view={summary ? toStatsView(summary) : null} failed={failed ?? false} bank={bank ?? 'ambos'} />;
}

/** Which bank the figures count: links, so the back button and a shared link keep the filter. */
function BankFilter({ bank }: { bank: BankChoice }) {
  return (
    <nav aria-label="Banco" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-700">Banco:</span>
      {BANK_CHOICES.map((choice) => (
        <Link
          key={choice}
          to={choice === 'ambos' ? '.' : `?${BANK_PARAM}=${choice}`}
          aria-current={choice === bank ? 'page' : undefined}
          className="inline-flex min-h-11 items-center rounded-xl border border-slate-300 px-3 text-sm font-semibold text-slate-800 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
        >
          {BANK_CHOICE_LABELS[choice]}
        </Link>
      ))}
    </nav>
  );
}

export function StatsContent({ view, failed = false, bank = 'ambos' }: { view: StatsView | null; failed?: boolean; bank?: BankChoice }) {
  const revalidator = useRevalidator();
  useDocumentTitle('Mis estadísticas');
  return (
    <div className="space-y-8">
      <div>
        <Link to="/app/" className="inline-flex min-h-11 items-center gap-1 rounded-lg font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Volver al inicio
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Mis estadísticas</h1>
      </div>
      <BankFilter bank={bank} />

      {!view || isEmptyView(view) ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <p className="text-lg font-semibold text-slate-900">No hay estadísticas disponibles</p>
          {failed ? (
            <>
              <p className="mt-2 text-slate-600">No pudimos cargar tus estadísticas. Revisa tu conexión e intenta de nuevo.</p>
              <button
                type="button"
                onClick={() => void revalidator.revalidate()}
                disabled={revalidator.state === 'loading'}
                className={buttonClassName('primary', 'md', 'mt-6')}
              >
                {revalidator.state === 'loading' ? 'Cargando...' : 'Reintentar'}
              </button>
            </>
          ) : (
            <>
              <p className="mt-2 text-slate-600">Resuelve casos clínicos y guarda tus sesiones para ver aquí tu avance por especialidad.</p>
              <Link to="/app/quick-quiz" className={buttonClassName('primary', 'md', 'mt-6')}>
                Resolver un caso clínico
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <Totals totals={view.totals} />
          <Recommendations items={view.recommendations} />
          <RecentEvaluations evaluations={view.recentEvaluations} />
          <SpecialityCards specialities={view.specialities} percentiles={view.percentiles} details={view.details} />
          <AccuracyChart points={view.accuracyOverTime} />
        </>
      )}
    </div>
  );
}

function Totals({ totals }: { totals: StatsView['totals'] }) {
  const accuracy = Math.round(totals.accuracy);
  return (
    <section aria-label="Resumen">
      <dl className="grid grid-cols-3 gap-3">
        <Tile label="Respondidas" value={formatCount(totals.answered)} />
        <Tile label="Correctas" value={formatCount(totals.correct)} />
        <Tile label="Aciertos" value={`${accuracy}%`} extra={<ScoreBandBadge size="sm" percent={accuracy} className="mt-1" />} />
      </dl>
      {totals.secondsPerQuestion != null && (
        <p className="mt-2 text-sm text-slate-700">
          En Cronómetro tardas en promedio <strong>{totals.secondsPerQuestion} s por pregunta</strong> (el ritmo del ENARM es de unos 64 s).
        </p>
      )}
    </section>
  );
}

function Tile({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 sm:text-sm">{label}</dt>
      <dd className="order-first text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl">{value}</dd>
      {extra && <dd>{extra}</dd>}
    </div>
  );
}
