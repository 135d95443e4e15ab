import { Link } from 'react-router';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { MIN_ANSWERS_FOR_RECOMMENDATION } from '@galeno/domain/quiz-evaluation';
import { GOOD_THRESHOLD } from '@galeno/domain/scores';
import { buttonClassName } from '../../components/ui/button-styles';
import { practiceLink } from './stats-view';

/** Names in a sentence, the first three of them: "A", "A y B", "A, B, C y 2 más". */
function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} y ${rest} más`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} y ${shown.at(-1)}`;
}

/**
 * The weakest sub-specialities, each with a link that starts the speciality quiz right on it when it has clinical cases.
 * With none, it says why, by the server's own rule: every sub-speciality answered is at the goal or better, or the weak
 * ones (`weakWithoutQuestions`) have no question left that the student has not seen.
 */
export function Recommendations({
  items,
  weakWithoutQuestions = [],
}: {
  items: StatsSummary['recommendations'];
  weakWithoutQuestions?: readonly string[];
}) {
  return (
    <section aria-labelledby="recommendations-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <h2 id="recommendations-heading" className="text-lg font-bold text-brand-950 sm:text-xl">
        Recomendaciones para ti
      </h2>
      {items.length === 0 && weakWithoutQuestions.length > 0 ? (
        <>
          <p className="mt-2 text-brand-950">
            Ya respondiste todas las preguntas de {namesOf(weakWithoutQuestions)}, donde llevas menos de {GOOD_THRESHOLD}% de aciertos.
            Repasa tus respuestas incorrectas con un examen a tu medida.
          </p>
          <Link to="/app/crear-examen" className={buttonClassName('primary', 'sm', 'mt-3')}>
            Crear examen
          </Link>
        </>
      ) : items.length === 0 ? (
        <p className="mt-2 text-brand-950">
          Por ahora no hay subespecialidades que reforzar: en todas las que has respondido llevas {GOOD_THRESHOLD}% de aciertos o más. Si
          alguna baja de {GOOD_THRESHOLD}%, aparecerá aquí desde su primera respuesta.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-brand-950">
            Refuerza estas subespecialidades: son las de menor porcentaje de aciertos que aún tienen preguntas por resolver.
            {items.some((item) => item.preliminary) &&
              ` «Preliminar»: con menos de ${MIN_ANSWERS_FOR_RECOMMENDATION} respuestas, una primera pista.`}
          </p>
          <ul className="mt-3 space-y-2">
            {items.map((item) => (
              <li
                key={`${item.speciality}/${item.subSpeciality}`}
                className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold text-slate-900">{item.subSpeciality}</p>
                  <p className="text-sm text-slate-700">
                    {item.preliminary && <span className="font-semibold text-amber-900">Preliminar · </span>}
                    {item.speciality} · {Math.round(item.accuracy)}% de aciertos en {item.answered}{' '}
                    {item.answered === 1 ? 'pregunta' : 'preguntas'}
                  </p>
                </div>
                {item.hasCases ? (
                  <Link
                    to={practiceLink(item.speciality, item.subSpeciality)}
                    aria-label={`Practicar ${item.subSpeciality}`}
                    className={buttonClassName('primary', 'sm', 'shrink-0')}
                  >
                    Practicar
                  </Link>
                ) : (
                  // The speciality quiz serves clinical cases only; these answers came from single questions.
                  <p className="text-sm text-slate-600 sm:max-w-48 sm:text-right">Aún no hay casos clínicos de esta subespecialidad.</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
