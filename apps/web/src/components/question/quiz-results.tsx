import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { QuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import { paceBenchmark } from '@galeno/domain/quiz-pace';
import { accuracyPercent, formatElapsed } from '@galeno/domain/scores';
import { buttonClassName } from '../ui/button-styles';
import { CrossIcon } from '../ui/icons';
import { ScoreBandBadge } from '../ui/score-band-badge';

/**
 * End-of-session results (spec section 2, "Quiz screens"): the saved summary as the server computed it,
 * with a close link to /app and 'Volver al menú principal'. The heading takes focus, so screen readers
 * start reading the results at once.
 */
export function QuizResults({ evaluation, children }: { evaluation: QuickQuizEvaluation; children?: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const score = Math.round(evaluation.averageScore);
  const benchmark = evaluation.totalTimeMs != null ? paceBenchmark(evaluation.totalTimeMs, evaluation.totalQuestions) : null;

  return (
    <section aria-labelledby="results-heading" className="mx-auto max-w-2xl">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1
            id="results-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
          >
            Resultados de la sesión
          </h1>
          <p className="mt-1 text-slate-600">{evaluation.formattedDate}</p>
        </div>
        <Link
          to="/app"
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900"
        >
          <CrossIcon className="size-6" />
          <span className="sr-only">Cerrar y volver al inicio</span>
        </Link>
      </div>

      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Calificación</p>
        <p className="mt-1 text-5xl font-extrabold tracking-tight text-slate-900">{score}%</p>
        <ScoreBandBadge percent={score} className="mt-3" />
        <p className="mt-4 text-slate-700">
          Respondiste correctamente <strong>{evaluation.totalCorrect}</strong> de <strong>{evaluation.totalQuestions}</strong>{' '}
          {evaluation.totalQuestions === 1 ? 'pregunta' : 'preguntas'}.
        </p>
        {evaluation.totalTimeMs != null && benchmark && (
          // A timed session: its time, and its pace beside the ENARM's (280 questions in 5 hours).
          <>
            <p className="mt-2 text-slate-700">
              Tiempo: <strong>{formatElapsed(Math.round(evaluation.totalTimeMs / 1000))}</strong>
            </p>
            <p data-testid="pace-benchmark" className="mt-1 text-slate-700">
              {benchmark}
            </p>
          </>
        )}
      </div>

      {evaluation.specialityEvaluations.length > 0 && (
        <div className="mt-8">
          <h2 className="text-lg font-bold text-slate-900">Por especialidad</h2>
          <ul className="mt-3 space-y-3">
            {evaluation.specialityEvaluations.map((speciality) => {
              const percent = accuracyPercent(speciality.correctAnswers, speciality.totalSpecialityQuestionsAnswered);
              return (
                <li key={speciality.speciality} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <ResultRow
                    name={speciality.speciality}
                    correct={speciality.correctAnswers}
                    total={speciality.totalSpecialityQuestionsAnswered}
                    percent={percent}
                    strong
                  />
                  {speciality.subSpecialities.length > 0 && (
                    <ul className="mt-3 space-y-2 border-t border-slate-100 pt-3">
                      {speciality.subSpecialities.map((sub) => (
                        <li key={sub.subSpeciality}>
                          <ResultRow
                            name={sub.subSpeciality}
                            correct={sub.correctAnswers}
                            total={sub.totalSubSpecialityQuestionsAnswered}
                            percent={accuracyPercent(sub.correctAnswers, sub.totalSubSpecialityQuestionsAnswered)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {children}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/app" className={buttonClassName('primary', 'lg', 'sm:flex-1')}>
          Volver al menú principal
        </Link>
        <Link to="/app/estadisticas" className={buttonClassName('secondary', 'lg', 'sm:flex-1')}>
          Ver mis estadísticas
        </Link>
      </div>
    </section>
  );
}

function ResultRow({
  name,
  correct,
  total,
  percent,
  strong = false,
}: {
  name: string;
  correct: number;
  total: number;
  percent: number;
  strong?: boolean;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <span className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{name}</span>
        <span className="shrink-0 text-sm tabular-nums text-slate-700">
          {correct} de {total} · <span className="font-semibold">{percent}%</span>
        </span>
      </div>
      <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className={`h-full rounded-full ${strong ? 'bg-brand-600' : 'bg-brand-400'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
