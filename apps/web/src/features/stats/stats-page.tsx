import type { ReactNode } from 'react';
import { AccountRequired } from '../../components/ui/account-required';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { BANK_CHOICE_LABELS, BANK_CHOICES, type BankChoice } from '@galeno/domain/banks';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { AccuracyChart } from './accuracy-chart';
import { RecentEvaluations } from './recent-evaluations';
import { Recommendations } from './recommendations';
import { SameItemsStanding } from './same-items';
import { SpecialityCards, ToneBadge } from './speciality-cards';
import { BANK_PARAM, isEmptyView, toStatsView, weakWithoutQuestionsLeft, type StatsLoaderData, type StatsView } from './stats-view';
import { formatCount } from '@galeno/domain/format';
import { ENARM_PACE_SECONDS } from '@galeno/domain/exams';
import { scoreTone } from '@galeno/domain/score-tone';

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
          <Recommendations
            items={view.recommendations}
            weakWithoutQuestions={view.recommendations.length === 0 ? weakWithoutQuestionsLeft(view.specialities) : []}
          />
          <RecentEvaluations evaluations={view.recentEvaluations} />
          <SameItemsStanding />
          <SpecialityCards specialities={view.specialities} percentiles={view.percentiles} details={view.details} />
          <AccuracyChart points={view.accuracyOverTime} />
        </>
      )}
    </div>
  );
}

/**
 * Four tiles, each a figure and what it counts, the noun agreeing with the figure: the answers counted (saved sessions
 * only), the share right with its tone, the time per timed question, and the saved sessions they come from.
 */
function Totals({ totals }: { totals: StatsView['totals'] }) {
  const accuracy = Math.round(totals.accuracy);
  const sessions = totals.sessionsSaved ?? 0;
  const seconds = totals.secondsPerQuestion ?? null;
  return (
    <section aria-label="Resumen">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile label={totals.answered === 1 ? 'Pregunta respondida' : 'Preguntas respondidas'} value={formatCount(totals.answered)} />
        <Tile
          label="Aciertos"
          value={`${accuracy}%`}
          extra={
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ToneBadge tone={scoreTone(accuracy)} />
              <span className="text-xs text-slate-600">
                {formatCount(totals.correct)} {totals.correct === 1 ? 'correcta' : 'correctas'}
              </span>
            </span>
          }
        />
        <Tile
          label="Por pregunta"
          value={seconds === null ? <NotMeasured /> : `${seconds} s`}
          extra={
            <span className="text-xs text-slate-600">
              {seconds === null ? 'Se mide en Cronómetro' : `En Cronómetro · ENARM: ${ENARM_PACE_SECONDS} s`}
            </span>
          }
        />
        <Tile label={sessions === 1 ? 'Sesión de estudio' : 'Sesiones de estudio'} value={formatCount(sessions)} />
      </dl>
    </section>
  );
}

/** No timed answer yet: a dash on screen, words for a screen reader. */
function NotMeasured() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Sin medir</span>
    </>
  );
}

function Tile({ label, value, extra }: { label: string; value: ReactNode; extra?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="order-first text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl">{value}</dd>
      {extra && <dd className="mt-1">{extra}</dd>}
    </div>
  );
}
