import { useId, useState, type FormEvent } from 'react';
import { NEW_CARDS_PER_DAY_MAX, type StudySettings } from '@galeno/domain/contracts/profile';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveStudySettings } from '../../lib/profile';

/** How many new flashcards a day the study sessions introduce (the schedule brings back the rest). */
export function StudySettingsBlock({ initial }: { initial: StudySettings }) {
  const id = useId();
  const [value, setValue] = useState(String(initial.newCardsPerDay));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const newCardsPerDay = Number(value);
    if (value.trim() === '' || !Number.isInteger(newCardsPerDay) || newCardsPerDay < 0 || newCardsPerDay > NEW_CARDS_PER_DAY_MAX) {
      setError(`Escribe un número entero de 0 a ${NEW_CARDS_PER_DAY_MAX}.`);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await saveStudySettings({ newCardsPerDay });
      setValue(String(saved.newCardsPerDay));
      toast.success('Tarjetas nuevas al día guardadas');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      id="tarjetas-nuevas"
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Flashcards
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-72">
          <TextField
            id={`${id}-new`}
            label="Tarjetas nuevas al día"
            hint="Las tarjetas que ya estudiaste vuelven cuando toca repasarlas."
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error ?? undefined}
          />
        </div>
        <button type="submit" disabled={saving} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {saving ? 'Guardando...' : 'Guardar tarjetas al día'}
        </button>
      </form>
    </section>
  );
}
