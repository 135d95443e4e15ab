import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SimulacroResults } from '@galeno/domain/contracts/simulacros';
import { MIN_PEERS_FOR_PERCENTILE } from '@galeno/domain/peers';
import { buttonClassName } from '../../components/ui/button-styles';
import { formatDuration } from '@galeno/domain/format';
import { UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { startMissedReview } from './api';

const percent = (correct: number, total: number) => (total === 0 ? 0 : Math.round((correct / total) * 100));

/**
 * A finished sitting: the score over every question, each area, the time used and the percentile on that form. It
 * opens at the top with focus on its title (issue 35, N14): the sitting it replaces was scrolled to its last question.
 */
export function SimulacroResultsView({ results }: { results: SimulacroResults }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const missed = results.answered - results.correct;

  return (
    <section aria-labelledby="simulacro-results-heading" className="mx-auto max-w-2xl space-y-5">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          id="simulacro-results-heading"
          className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
        >
          Resultados: {results.name}
        </h1>
        <p className="mt-3 text-5xl font-bold text-brand-800 tabular-nums">{results.score}%</p>
        <p className="mt-1 text-slate-700">
          {results.correct} de {results.total} correctas · respondiste {results.answered}.
        </p>
        <p className="text-slate-700">
          Tiempo usado: {formatDuration(results.usedMs)} de {formatDuration(results.minutes * 60_000)}.
        </p>
      </div>

      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-950">
        {results.percentile !== null ? (
          <p>
            <span className="font-bold">Percentil {results.percentile}</span>: tu calificación supera a la de {results.percentile}% de las{' '}
            {results.finishers} personas con quienes se compara
            {results.retake ? ' (este es un intento repetido y no cuenta para los demás)' : ''}.
          </p>
        ) : (
          <p>
            Tu percentil aparecerá cuando al menos {MIN_PEERS_FOR_PERCENTILE} personas hayan terminado este simulacro (van{' '}
            {results.finishers}).
          </p>
        )}
        <p className="mt-2 text-sm text-brand-900">
          Se compara con el primer intento de cada persona con cuenta confirmada que respondió al menos la mitad del simulacro.
        </p>
      </div>

      <table className="w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm">
        <caption className="sr-only">Aciertos por área</caption>
        <thead className="bg-slate-100 text-sm text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Área
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Aciertos
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              %
            </th>
          </tr>
        </thead>
        <tbody>
          {results.byArea.map((area) => (
            <tr key={area.area} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {area.area}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">
                {area.correct}/{area.total}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{percent(area.correct, area.total)}%</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex flex-col gap-3 sm:flex-row">
        {missed > 0 && <ReviewMissedButton quizSessionId={results.quizSessionId} missed={missed} />}
        <Link
          to={`/app/sesion/${results.quizSessionId}`}
          className={buttonClassName(missed > 0 ? 'secondary' : 'primary', 'lg', 'sm:flex-1')}
        >
          Revisar preguntas
        </Link>
        <Link to="/app/simulacro" className={buttonClassName('secondary', 'lg', 'sm:flex-1')}>
          Volver a simulacros
        </Link>
      </div>
    </section>
  );
}

/** «Repasar incorrectas»: a review session over the questions answered wrong in this sitting; a refusal is said here. */
function ReviewMissedButton({ quizSessionId, missed }: { quizSessionId: string; missed: number }) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setStarting(true);
    setError(null);
    try {
      const session = await startMissedReview(quizSessionId);
      navigate(`/app/repaso/${session.quizSessionId}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      setStarting(false);
    }
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-1">
      <button type="button" onClick={() => void start()} disabled={starting} className={buttonClassName('primary', 'lg', 'w-full')}>
        {starting ? 'Preparando...' : `Repasar incorrectas (${missed})`}
      </button>
      <p role="alert" className={error ? 'rounded-xl bg-rose-50 p-3 text-sm font-medium text-rose-900' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
