import { Link } from 'react-router';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { MIN_ANSWERS_FOR_RECOMMENDATION } from '@galeno/domain/quiz-evaluation';
import { GOOD_THRESHOLD } from '@galeno/domain/scores';
import { buttonClassName } from '../../components/ui/button-styles';
import { practiceLink } from './stats-view';

/** The weakest sub-specialities, each with a link that starts the speciality quiz right on it when it has clinical cases. */
export function Recommendations({ items }: { items: StatsSummary['recommendations'] }) {
  return (
    <section aria-labelledby="recommendations-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <h2 id="recommendations-heading" className="text-lg font-bold text-brand-950 sm:text-xl">
        Recomendaciones para ti
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-brand-950">
          Por ahora no hay temas que reforzar. Aquí aparecerán las subespecialidades con menos de {GOOD_THRESHOLD}% de aciertos en al menos{' '}
          {MIN_ANSWERS_FOR_RECOMMENDATION} respuestas.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-brand-950">
            Refuerza estas subespecialidades: son las de menor porcentaje de aciertos.
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
