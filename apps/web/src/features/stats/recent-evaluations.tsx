import type { SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import { Link } from 'react-router';
import { formatDuration } from '@galeno/domain/format';
import { ScoreBandBadge } from '../../components/ui/score-band-badge';
import { correctOf } from './stats-view';

/** Each session's mode as the student knows it. */
const SESSION_KIND_LABELS: Partial<Record<NonNullable<SavedQuickQuizEvaluation['kind']>, string>> = {
  quick: 'Pruebas Rápidas',
  timed: 'Cronómetro',
  speciality: 'Especialidades',
  single: 'Preguntas sueltas',
  review: 'Repaso',
  exam: 'Examen',
  simulacro: 'Simulacro',
  pack: 'Paquete sin conexión',
};

/** The 6 most recent saved sessions, newest first: date, score and band, and a link to reopen each one's review. */
export function RecentEvaluations({ evaluations }: { evaluations: readonly SavedQuickQuizEvaluation[] }) {
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
        Evaluaciones recientes
      </h2>
      {evaluations.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">
          Aún no has guardado evaluaciones. Al terminar un examen, elige «Guardar y salir» y aparecerá aquí.
        </p>
      ) : (
        <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="recent-evaluations">
          {evaluations.map(({ id, quickQuizEvaluation: evaluation, quizSessionId, kind }) => {
            const score = Math.round(evaluation.averageScore);
            return (
              <li key={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <time dateTime={evaluation.date} className="text-sm font-medium text-slate-600">
                  {evaluation.formattedDate}
                </time>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <p className="text-3xl font-extrabold tabular-nums text-slate-900">{score}%</p>
                  <ScoreBandBadge size="sm" percent={score} />
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {kind && SESSION_KIND_LABELS[kind] ? `${SESSION_KIND_LABELS[kind]} · ` : ''}
                  {correctOf(evaluation.totalCorrect, evaluation.totalQuestions)}
                  {evaluation.totalTimeMs ? ` · ${formatDuration(evaluation.totalTimeMs, 'ceil')}` : ''}
                </p>
                {quizSessionId && (
                  <Link
                    to={`/app/sesion/${quizSessionId}`}
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    Repasar esta sesión
                    <span className="sr-only"> del {evaluation.formattedDate}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
