import { useId, useState, type FormEvent } from 'react';
import { isSpeciality, SPECIALITIES } from '@galeno/domain/specialities';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveSpeciality } from '../../lib/profile';

/**
 * The speciality the student aims for. The selector shows only while none is set (the server accepts
 * one choice); saving shows 'Guardando...' and reloads the page (spec section 4, "Speciality save").
 */
export function SpecialityBlock({
  speciality,
  reloadPage = () => window.location.reload(),
}: {
  speciality: string | null;
  reloadPage?: () => void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSpeciality(choice)) return;
    setSaving(true);
    try {
      await saveSpeciality(choice);
      reloadPage();
    } catch (error) {
      // The spec leaves this unhandled; saying so beats a button stuck on 'Guardando...'.
      toast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="speciality-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="speciality-title" className="text-lg font-bold text-slate-900">
        Especialidad
      </h2>
      {speciality ? (
        <p className="mt-2 text-slate-700">
          Te preparas para <strong className="font-semibold text-slate-900">{speciality}</strong>.
        </p>
      ) : (
        <form onSubmit={(event) => void save(event)} className="mt-2">
          <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
            ¿A qué especialidad quieres entrar?
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <select
              id={selectId}
              value={choice}
              disabled={saving}
              onChange={(event) => setChoice(event.target.value)}
              className={`${inputClassName} border-slate-300 sm:flex-1`}
            >
              <option value="">Selecciona una especialidad</option>
              {SPECIALITIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            <button type="submit" disabled={!choice || saving} className={buttonClassName('primary', 'md', 'sm:mt-1.5')}>
              {saving ? 'Guardando...' : 'Guardar'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
