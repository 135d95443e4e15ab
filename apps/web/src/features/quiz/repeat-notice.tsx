import { Link, type To } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useStartReview } from './use-start-review';

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
export function RepeatNotice({
  scope,
  onRepeat,
  items = 'casos',
}: {
  scope: RepeatScope;
  onRepeat: () => void;
  /** What repeats: the cases of the case quizzes, or the single questions. */
  items?: 'casos' | 'preguntas';
}) {
  const review = useStartReview();
  const starting = review.starting;
  const reviewErrors = () =>
    review.start({
      source: 'errores',
      ...(scope.speciality ? { speciality: scope.speciality } : {}),
      ...(scope.subSpeciality ? { subSpeciality: scope.subSpeciality } : {}),
    });
  return (
    <section aria-labelledby="repeat-heading" className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6">
      <h2 id="repeat-heading" className="font-bold text-amber-950">
        {items === 'preguntas'
          ? 'Ya resolviste todas las preguntas sueltas disponibles'
          : scope.label
            ? `Ya resolviste todos los casos ${scope.label}`
            : 'Ya resolviste todos los casos disponibles'}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {items === 'preguntas'
          ? 'Desde aquí las preguntas se repiten: primero las que fallaste.'
          : 'Desde aquí los casos se repiten: primero los que fallaste.'}
      </p>
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
          {items === 'preguntas' ? 'Repetir preguntas' : 'Repetir casos'}
        </button>
      </div>
    </section>
  );
}
