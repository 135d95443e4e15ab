import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { enarmYearOptions } from '@galeno/domain/enarm';
import { isSpeciality, SPECIALITIES } from '@galeno/domain/specialities';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { api } from '../../lib/api';
import { toApiFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { saveExamYear, saveSpeciality, useProfile } from '../../lib/profile';
import { useRequiredUser } from '../../lib/session';

const START_FAILED = 'No pudimos preparar tu primer quiz. Intenta nuevamente.';
/**
 * The first quiz: five questions of our own bank that the student has not seen, with the explanation after each,
 * most of them from the area of the speciality just chosen where the bank has them (ux N18).
 */
const FIRST_QUIZ = { bank: 'galeno', which: 'no-vistas', count: 5, mode: 'tutor', favourMySpeciality: true } as const;

/**
 * /app/bienvenida: the first screen after signing up (issue 19). It asks the ENARM year and the speciality of interest
 * (both can be changed later from «Mi perfil») and starts a first 5-question quiz; the student may skip it.
 */
export function Component() {
  useDocumentTitle('Te damos la bienvenida');
  const user = useRequiredUser();
  const { profile } = useProfile();
  const navigate = useNavigate();
  const specialityId = useId();
  // From the next exam not yet held: in December the year's ENARM is already past (ux N18).
  const [years] = useState(() => enarmYearOptions(new Date()));
  const [year, setYear] = useState<number | null>(null);
  const [chosenSpeciality, setSpeciality] = useState<string | null>(null);
  const speciality = chosenSpeciality ?? profile?.speciality ?? '';
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstName = user.name.split(' ')[0] ?? user.name;

  async function start(event: FormEvent) {
    event.preventDefault();
    setStarting(true);
    setError(null);
    try {
      if (year !== null) await saveExamYear(year);
      if (isSpeciality(speciality) && speciality !== profile?.speciality) await saveSpeciality(speciality);
      const session = await api.quiz.createExam({ body: FIRST_QUIZ });
      navigate(`/app/repaso/${session.quizSessionId}`);
    } catch (caught) {
      const failure = toApiFailure(caught, START_FAILED);
      if (failure.kind === 'signed-out') navigate('/login');
      else if (failure.kind !== 'aborted') setError(failure.message);
      setStarting(false);
    }
  }

  return (
    <form onSubmit={(event) => void start(event)} className="mx-auto max-w-xl space-y-6" aria-labelledby="welcome-heading">
      <div>
        <h1 id="welcome-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Te damos la bienvenida, {firstName}
        </h1>
        <p className="mt-2 text-slate-700">
          Dos preguntas para acomodar tu estudio y empezamos con 5 preguntas. Tus 2 horas gratis empiezan con tu primera respuesta.
        </p>
      </div>

      <fieldset>
        <legend className="font-semibold text-slate-900">¿En qué año presentas el ENARM?</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {years.map((option) => (
            <label
              key={option}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-4 ${year === option ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
            >
              <input
                type="radio"
                name="anio"
                checked={year === option}
                onChange={() => setYear(option)}
                className="size-4 accent-brand-700"
              />
              {option}
            </label>
          ))}
          <label
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-4 ${year === null ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
          >
            <input type="radio" name="anio" checked={year === null} onChange={() => setYear(null)} className="size-4 accent-brand-700" />
            Aún no lo sé
          </label>
        </div>
      </fieldset>

      <div>
        <label htmlFor={specialityId} className="font-semibold text-slate-900">
          ¿A qué especialidad quieres entrar?
        </label>
        <select
          id={specialityId}
          value={speciality}
          onChange={(event) => setSpeciality(event.target.value)}
          className={`${inputClassName} border-slate-300`}
        >
          <option value="">Aún no lo decido</option>
          {SPECIALITIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-slate-600">El año y la especialidad puedes cambiarlos cuando quieras en Mi perfil.</p>
      </div>

      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 p-3 font-semibold text-rose-900">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={starting} className={buttonClassName('primary', 'lg', 'sm:flex-1 sm:whitespace-nowrap')}>
          {starting ? 'Preparando...' : 'Empezar mi primer quiz'}
        </button>
        <Link to="/app" className={buttonClassName('secondary', 'lg', 'sm:flex-1')}>
          Ir al inicio
        </Link>
      </div>
    </form>
  );
}
