import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PlanResponse } from '@galeno/domain/contracts/plan';
import { formatCount, formatDate } from '@galeno/domain/format';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';
import { loadSignedIn } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { SettingsForm } from './plan-settings-form';
import { Standing } from './plan-standing';

/** /app/plan (issue 40): the study plan to exam day, and the form that sets it. */
export async function loader({ request }: LoaderFunctionArgs): Promise<PlanResponse> {
  return loadSignedIn(request, (signal) => api.plan.get({ signal }));
}

export function Component() {
  useDocumentTitle('Mi plan de estudio');
  const loaded = useLoaderData() as PlanResponse;
  const [current, setCurrent] = useState(loaded);
  const [editing, setEditing] = useState(loaded.settings === null);
  return (
    <section aria-labelledby="plan-heading" className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 id="plan-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Mi plan de estudio
        </h1>
        <p className="mt-1 text-slate-700">
          Tu plan hasta el ENARM con las horas que tienes cada día. Se recalcula cada vez que lo abres: si un día no estudiaste, no se
          acumula.
        </p>
      </div>
      {editing ? (
        <SettingsForm
          response={current}
          onSaved={(saved) => {
            setCurrent(saved);
            setEditing(false);
          }}
          onCancel={current.settings ? () => setEditing(false) : undefined}
        />
      ) : (
        <button type="button" onClick={() => setEditing(true)} className={buttonClassName('secondary', 'md')}>
          Cambiar fecha u horas
        </button>
      )}
      <PlanView response={current} />
      <Standing response={current} />
    </section>
  );
}

const dayName = (iso: string) =>
  new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

function PlanView({ response }: { response: PlanResponse }) {
  const { plan } = response;
  if (plan.kind === 'not-set') return null;
  if (plan.kind === 'exam-past')
    return (
      <p className="rounded-2xl bg-amber-50 p-4 text-amber-950">
        Tu fecha de examen ya pasó. Elige la del próximo ENARM para armar tu plan.
      </p>
    );
  if (plan.kind === 'no-hours')
    return <p className="rounded-2xl bg-amber-50 p-4 text-amber-950">Indica al menos un día con horas de estudio para armar tu plan.</p>;
  // The weeks ahead, Monday to Sunday.
  const weeks: { start: string; days: typeof plan.days }[] = [];
  for (const day of plan.days) {
    const monday = new Date(new Date(`${day.date}T12:00:00Z`).getTime() - day.weekday * 86_400_000).toISOString().slice(0, 10);
    const last = weeks.at(-1);
    if (last?.start === monday) last.days.push(day);
    else weeks.push({ start: monday, days: [day] });
  }
  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <p className="font-semibold text-slate-900">
          Faltan {formatCount(plan.daysLeft)} {plan.daysLeft === 1 ? 'día' : 'días'}: tu plan tiene {formatCount(plan.plannedQuestions)}{' '}
          preguntas nuevas,{' '}
          {plan.coverage >= 1
            ? `suficientes para ver las ${formatCount(response.unseenQuestions)} que aún no has visto y repasar tus errores.`
            : `el ${Math.round(plan.coverage * 100)} % de las ${formatCount(response.unseenQuestions)} que aún no has visto.`}
        </p>
        {plan.focus.length > 0 && (
          <p className="mt-1 text-slate-700">Empieza por las áreas donde más puedes subir: {plan.focus.join(' y ')}.</p>
        )}
        {response.week && (
          <p className="mt-1 text-slate-700">
            Esta semana: {formatCount(response.week.answered)} de {formatCount(response.week.planned)} preguntas nuevas
            {response.week.difference >= 0
              ? '. Vas al día.'
              : `: vas ${formatCount(-response.week.difference)} atrás. No se acumulan: cada día tu plan solo pide lo que cabe en sus horas.`}
          </p>
        )}
      </div>
      <h2 className="text-lg font-bold text-slate-900">Las semanas que vienen</h2>
      <ol className="space-y-2">
        {weeks.slice(0, 12).map((week) => {
          const questions = week.days.reduce((sum, day) => sum + day.questions, 0);
          const simulacros = week.days.filter((day) => day.simulacro);
          return (
            <li key={week.start} className="rounded-xl border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">Semana del {formatDate(new Date(`${week.start}T18:00:00Z`))}</p>
              <p className="text-sm text-slate-700">
                {formatCount(questions)} preguntas nuevas en {week.days.length} {week.days.length === 1 ? 'día' : 'días'}
                {simulacros
                  .map((day) => ` · ${day.simulacro === 'completo' ? 'simulacro completo' : 'mini simulacro'} el ${dayName(day.date)}`)
                  .join('')}
              </p>
            </li>
          );
        })}
      </ol>
      {Math.ceil(plan.daysLeft / 7) > weeks.length && (
        <p className="text-sm text-slate-600">Y {Math.ceil(plan.daysLeft / 7) - weeks.length} semanas más hasta el examen.</p>
      )}
    </div>
  );
}
