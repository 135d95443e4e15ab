import { useId, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PlanResponse, PlanSettings } from '@galeno/domain/contracts/plan';
import { formatCount, formatDate } from '@galeno/domain/format';
import { MAX_HOURS_A_DAY, PLAN_DIGEST_LABELS, PLAN_DIGESTS, WEEKDAYS, type PlanDigest } from '@galeno/domain/study-plan';
import { buttonClassName } from '../../components/ui/button-styles';
import { ExternalLink } from '../../components/ui/external-link';
import { inputClassName } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { loadSignedIn, toApiFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';

const SAVE_FAILED = 'No pudimos guardar tu plan. Revisa tu conexión e intenta nuevamente.';
const DEFAULT_HOURS = [2, 2, 2, 2, 2, 4, 0];

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

function SettingsForm({
  response,
  onSaved,
  onCancel,
}: {
  response: PlanResponse;
  onSaved: (saved: PlanResponse) => void;
  onCancel: (() => void) | undefined;
}) {
  const id = useId();
  const [examDate, setExamDate] = useState(response.settings?.examDate ?? response.defaultExamDate);
  const [hours, setHours] = useState<number[]>(() => [...(response.settings?.hoursByWeekday ?? DEFAULT_HOURS)]);
  const [daysOff, setDaysOff] = useState<string[]>(() => [...(response.settings?.daysOff ?? [])]);
  const [dayOff, setDayOff] = useState('');
  const [digest, setDigest] = useState<PlanDigest>(response.settings?.digest ?? 'no');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const body: PlanSettings = { examDate, hoursByWeekday: hours, ...(daysOff.length ? { daysOff } : {}), digest };
    try {
      onSaved(await api.plan.saveSettings({ body }));
      toast.success('Guardamos tu plan.');
    } catch (caught) {
      const failure = toApiFailure(caught, SAVE_FAILED);
      setError(failure.kind === 'message' ? failure.message : SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      noValidate
    >
      <div>
        <label htmlFor={`${id}-date`} className="block font-semibold text-slate-900">
          Fecha de tu ENARM
        </label>
        <input
          id={`${id}-date`}
          type="date"
          required
          value={examDate}
          onChange={(event) => setExamDate(event.target.value)}
          className={inputClassName}
        />
        <p className="mt-1 text-sm text-slate-600">
          Ponemos el primer día del próximo ENARM; cámbiala cuando la CIFRHS publique las fechas.
        </p>
      </div>
      <fieldset>
        <legend className="font-semibold text-slate-900">Horas que puedes estudiar cada día</legend>
        <p className="text-sm text-slate-600">Pon 0 en los días de guardia o de descanso.</p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {WEEKDAYS.map((weekday, index) => (
            <label key={weekday} className="block text-sm text-slate-800">
              <span className="capitalize">{weekday}</span>
              <select
                value={hours[index]}
                onChange={(event) =>
                  setHours((current) => current.map((value, position) => (position === index ? Number(event.target.value) : value)))
                }
                className={inputClassName}
              >
                {Array.from({ length: MAX_HOURS_A_DAY + 1 }, (_, value) => (
                  <option key={value} value={value}>
                    {value === 1 ? '1 hora' : `${value} horas`}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-off`} className="block font-semibold text-slate-900">
          Días sin estudio (opcional)
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-off`}
            type="date"
            value={dayOff}
            onChange={(event) => setDayOff(event.target.value)}
            className={inputClassName}
          />
          <button
            type="button"
            disabled={!dayOff}
            onClick={() => {
              setDaysOff((current) => [...new Set([...current, dayOff])].sort());
              setDayOff('');
            }}
            className={buttonClassName('secondary', 'md')}
          >
            Agregar
          </button>
        </div>
        {daysOff.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {daysOff.map((day) => (
              <li key={day}>
                <button
                  type="button"
                  onClick={() => setDaysOff((current) => current.filter((value) => value !== day))}
                  className={buttonClassName('ghost', 'sm')}
                  aria-label={`Quitar el ${formatDate(new Date(`${day}T18:00:00Z`))}`}
                >
                  {formatDate(new Date(`${day}T18:00:00Z`))} ✕
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-digest`} className="block font-semibold text-slate-900">
          Correo con tu plan de hoy
        </label>
        <select
          id={`${id}-digest`}
          value={digest}
          onChange={(event) => setDigest(event.target.value as PlanDigest)}
          className={inputClassName}
        >
          {PLAN_DIGESTS.map((value) => (
            <option key={value} value={value}>
              {PLAN_DIGEST_LABELS[value]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-slate-600">
          Cada mañana, tus preguntas del día y tus flashcards pendientes. Lo dejas con un clic desde el correo.
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 p-3 font-semibold text-rose-900">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={saving} className={buttonClassName('primary', 'md')}>
          {saving ? 'Guardando...' : 'Guardar mi plan'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonClassName('secondary', 'md')}>
            Cancelar
          </button>
        )}
      </div>
    </form>
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
      {weeks.length > 12 && <p className="text-sm text-slate-600">Y {weeks.length - 12} semanas más hasta el examen.</p>}
    </div>
  );
}

/** «Dónde estás» (issue 40): the estimated score as a band with its width explained, beside the published figures. */
function Standing({ response }: { response: PlanResponse }) {
  const { band, speciality, cutoffs } = response.standing;
  const mine = speciality ? cutoffs.filter((row) => row.speciality === speciality) : [];
  return (
    <section aria-labelledby="standing-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="standing-heading" className="text-lg font-bold text-slate-900">
        Dónde estás
      </h2>
      {band.kind === 'too-few' ? (
        <p className="text-slate-700">
          Con {formatCount(band.answers)} {band.answers === 1 ? 'respuesta' : 'respuestas'} todavía no podemos estimar tu calificación:
          necesitamos al menos {band.needed}. Te faltan {formatCount(band.needed - band.answers)}.
        </p>
      ) : (
        <>
          <p className="text-xl font-bold text-slate-900">
            Tu calificación estimada: entre {band.low} y {band.high} de 100
          </p>
          <p className="text-sm text-slate-700">
            Sale de tus {formatCount(band.answers)} respuestas
            {band.fromSimulacros > 0 ? `, con ${band.fromSimulacros} ${band.fromSimulacros === 1 ? 'simulacro' : 'simulacros'}` : ''},
            pesadas como el examen reparte las preguntas fáciles, medias y difíciles. Es una banda y no un número porque no sabemos todo:
            con menos respuestas es más ancha, y aun con muchas, un solo examen de 280 preguntas tiene su margen.
          </p>
        </>
      )}
      {speciality && (
        <div>
          <h3 className="font-semibold text-slate-900">{speciality}</h3>
          {mine.length === 0 ? (
            <p className="text-sm text-slate-700">No tenemos cifras publicadas de esta especialidad.</p>
          ) : (
            <CutoffTable rows={mine} />
          )}
        </div>
      )}
      {cutoffs.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-800">Ver todas las especialidades con cifras publicadas</summary>
          <CutoffTable rows={cutoffs} showSpeciality />
        </details>
      )}
      <p className="text-xs text-slate-600">
        La CIFRHS publica cada año las plazas por especialidad y, algunos años, el puntaje del último seleccionado. No publica cuántos
        aspirantes hay por especialidad desde 2015 ni la distribución nacional de puntajes, así que no podemos decir tu probabilidad de
        quedar: solo dónde estás frente a esas cifras.
      </p>
    </section>
  );
}

function CutoffTable({ rows, showSpeciality = false }: { rows: PlanResponse['standing']['cutoffs']; showSpeciality?: boolean }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            {showSpeciality && (
              <th scope="col" className="py-1 pr-3">
                Especialidad
              </th>
            )}
            <th scope="col" className="py-1 pr-3">
              Año
            </th>
            <th scope="col" className="py-1 pr-3">
              Plazas
            </th>
            <th scope="col" className="py-1 pr-3">
              Último seleccionado
            </th>
            <th scope="col" className="py-1">
              Fuente
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.speciality}-${row.year}`} className="border-b border-slate-100 align-top">
              {showSpeciality && <td className="py-1 pr-3">{row.speciality}</td>}
              <td className="py-1 pr-3">{row.year}</td>
              <td className="py-1 pr-3">{row.places === null ? 'Sin dato' : formatCount(row.places)}</td>
              <td className="py-1 pr-3">{row.lastSelectedScore === null ? 'Sin dato' : row.lastSelectedScore}</td>
              <td className="py-1 text-slate-600">
                {row.url ? (
                  <ExternalLink href={row.url} className="underline underline-offset-2">
                    {row.source}
                  </ExternalLink>
                ) : (
                  row.source
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
