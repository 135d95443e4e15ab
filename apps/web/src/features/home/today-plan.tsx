import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PlanResponse } from '@galeno/domain/contracts/plan';
import { formatCount } from '@galeno/domain/format';
import { todayProgress } from '@galeno/domain/study-plan';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';

/**
 * Today's plan as one card on the home (issue 40): the new questions the day holds and how many are done, the
 * flashcards due, and the simulacro when it is the day for one; or the way to set a plan. Says nothing when the plan
 * cannot be read: it is a reminder, not a page.
 */
export function TodayPlan() {
  const [response, setResponse] = useState<PlanResponse | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    api.plan
      .get({ signal: controller.signal })
      .then(setResponse)
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);
  if (loading) {
    // The card's place while the plan loads: what comes below must not jump when it arrives (CLS, issue 41).
    return (
      <div aria-busy="true" className="h-[9.5rem] animate-pulse rounded-2xl bg-brand-50 sm:h-[5.5rem]">
        <span className="sr-only">Cargando tu plan de hoy...</span>
      </div>
    );
  }
  if (!response) return null;
  const { plan } = response;
  if (plan.kind === 'not-set')
    return (
      <section
        aria-labelledby="today-plan-title"
        className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="today-plan-title" className="font-bold text-brand-950">
            Arma tu plan al ENARM
          </h2>
          <p className="text-sm text-brand-900">Dinos tu fecha y tus horas por día, y te decimos qué estudiar cada día.</p>
        </div>
        <Link to="/app/plan" className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          Armar mi plan
        </Link>
      </section>
    );
  const today = plan.kind === 'plan' ? plan.today : null;
  const progress = todayProgress(today?.questions ?? 0, response.answeredToday);
  return (
    <section aria-labelledby="today-plan-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <h2 id="today-plan-title" className="font-bold text-brand-950">
        Tu plan de hoy
      </h2>
      {plan.kind === 'plan' && today ? (
        <ul className="mt-1 space-y-1 text-sm text-brand-950">
          {today.questions > 0 && (
            <li>
              {formatCount(today.questions)} preguntas nuevas
              {plan.focus.length > 0 && `, empieza por ${plan.focus.join(' y ')}`}:{' '}
              {progress.complete ? 'ya las hiciste.' : `llevas ${formatCount(progress.done)}.`}
            </li>
          )}
          {response.dueCards > 0 && <li>Repasa tus {formatCount(response.dueCards)} flashcards pendientes.</li>}
          {today.simulacro && <li>Hoy toca {today.simulacro === 'completo' ? 'un simulacro completo' : 'un mini simulacro'}.</li>}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-brand-900">
          {plan.kind === 'plan'
            ? 'Hoy no es día de estudio en tu plan. ¡Descansa!'
            : 'Tu plan necesita una fecha de examen futura y al menos un día con horas.'}
        </p>
      )}
      <Link to="/app/plan" className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        Ver mi plan
      </Link>
    </section>
  );
}
