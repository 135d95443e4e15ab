import { useState } from 'react';
import { Link, useNavigate, type To } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { startReviewSession } from './api';
import { useQuizFailure } from './use-quiz-failure';

export interface RepeatScope {
  /** What ran out, as the notice says it: 'de Urología', or '' for the whole bank. */
  label: string;
  speciality?: string;
  subSpeciality?: string;
  /** Where "Otra subespecialidad" leads (the speciality quiz only). */
  chooseAnother?: To;
}

/**
 * Said once, when the unseen cases of the choice run out: the student may review their errors, pick another
 * sub-speciality, or go on with repeats (missed cases first, never the same one twice in a row).
 */
export function RepeatNotice({ scope, onRepeat }: { scope: RepeatScope; onRepeat: () => void }) {
  const navigate = useNavigate();
  const { handleFailure } = useQuizFailure();
  const [starting, setStarting] = useState(false);
  async function reviewErrors() {
    setStarting(true);
    try {
      const session = await startReviewSession({
        source: 'errores',
        ...(scope.speciality ? { speciality: scope.speciality } : {}),
        ...(scope.subSpeciality ? { subSpeciality: scope.subSpeciality } : {}),
      });
      navigate(`/app/repaso/${session.quizSessionId}`);
    } catch (error) {
      const failure = handleFailure(error);
      if (failure.kind === 'message') toast.error(failure.message);
      setStarting(false);
    }
  }
  return (
    <section aria-labelledby="repeat-heading" className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6">
      <h2 id="repeat-heading" className="font-bold text-amber-950">
        {scope.label ? `Ya resolviste todos los casos ${scope.label}` : 'Ya resolviste todos los casos disponibles'}
      </h2>
      <p className="mt-1 text-sm text-amber-950">Desde aquí los casos se repiten: primero los que fallaste.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button type="button" onClick={() => void reviewErrors()} disabled={starting} className={buttonClassName('primary')}>
          {starting ? 'Preparando...' : 'Repasar mis errores'}
        </button>
        {scope.chooseAnother && (
          <Link to={scope.chooseAnother} className={buttonClassName('secondary')}>
            Otra subespecialidad
          </Link>
        )}
        <button type="button" onClick={onRepeat} className={buttonClassName('secondary')}>
          Repetir casos
        </button>
      </div>
    </section>
  );
}
