import { useId, useState, type FormEvent } from 'react';
import { EXAM_YEAR_MAX } from '@galeno/domain/contracts/profile';
import { enarmYearOptions } from '@galeno/domain/enarm';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveExamYear } from '../../lib/profile';

/** The ENARM the student prepares for: asked on the first-run screen, changed here. */
export function ExamYearBlock({ initial }: { initial: number | null }) {
  const id = useId();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  // From the next exam not yet held (ux N18); a past year already chosen stays shown, as it is what is stored.
  const [years] = useState(() => {
    const ahead = enarmYearOptions(new Date(), 5).filter((year) => year <= EXAM_YEAR_MAX);
    return initial !== null && !ahead.includes(initial) ? [initial, ...ahead] : ahead;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      await saveExamYear(value === '' ? null : Number(value));
      setMessage({ tone: 'ok', text: 'Año del examen guardado.' });
    } catch (caught) {
      setMessage({ tone: 'error', text: caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Tu examen
      </h2>
      <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-72">
          <label htmlFor={`${id}-year`} className="block text-sm font-semibold text-slate-800">
            ¿En qué año presentas el ENARM?
          </label>
          <select
            id={`${id}-year`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={`${inputClassName} border-slate-300`}
          >
            <option value="">Aún no lo sé</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={saving} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {saving ? 'Guardando...' : 'Guardar año'}
        </button>
      </form>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm font-semibold ${message.tone === 'error' ? 'text-red-700' : 'text-brand-800'}`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
