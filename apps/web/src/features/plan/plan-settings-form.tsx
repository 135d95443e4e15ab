import { useId, useState, type FormEvent } from 'react';
import type { PlanResponse, PlanSettings } from '@galeno/domain/contracts/plan';
import { formatDate } from '@galeno/domain/format';
import { MAX_HOURS_A_DAY, PLAN_DIGEST_LABELS, PLAN_DIGESTS, WEEKDAYS, type PlanDigest } from '@galeno/domain/study-plan';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { toApiFailure } from '../../lib/api-failure';

const SAVE_FAILED = 'No pudimos guardar tu plan. Revisa tu conexión e intenta nuevamente.';
const DEFAULT_HOURS = [2, 2, 2, 2, 2, 4, 0];

/** The plan's settings (issue 40): the exam date, the hours of each weekday, days off and the morning e-mail. */
export function SettingsForm({
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
