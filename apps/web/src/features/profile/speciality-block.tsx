import { useId, useState, type FormEvent } from 'react';
import { isSpeciality, SPECIALITIES } from '@galeno/domain/specialities';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveSpeciality } from '../../lib/profile';

/**
 * The speciality the student aims for, changeable at any time (ux N18: the spec's one-time choice locked a student
 * into a guess made at signup); saving shows 'Guardando...' and reloads the page (spec section 4, "Speciality save").
 */
export function SpecialityBlock({
  speciality,
  reloadPage = () => window.location.reload(),
}: {
  speciality: string | null;
  reloadPage?: () => void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState(speciality ?? '');
  const [saving, setSaving] = useState(false);
  // A chosen speciality reads as a sentence; the selector opens on «Cambiar especialidad».
  const [changing, setChanging] = useState(speciality === null);

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
      {speciality && (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">
            Te preparas para <strong className="font-semibold text-slate-900">{speciality}</strong>.
          </p>
          {!changing && (
            <button type="button" onClick={() => setChanging(true)} className={buttonClassName('secondary', 'md')}>
              Cambiar especialidad
            </button>
          )}
        </div>
      )}
      {changing && (
        <form onSubmit={(event) => void save(event)} className="mt-2">
          <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
            {speciality ? 'Nueva especialidad' : '¿A qué especialidad quieres entrar?'}
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
            <button
              type="submit"
              disabled={!choice || choice === speciality || saving}
              className={buttonClassName('primary', 'md', 'sm:mt-1.5')}
            >
              {saving ? 'Guardando...' : 'Guardar'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
