import { Link } from 'react-router';
import type { TaxonomyArea } from '@galeno/domain/taxonomy';
import { ChevronIcon } from './quiz-icons';
import { QuizToolbar } from './quiz-toolbar';
import { specialitySearch } from './speciality-choice';

/**
 * Choosing what to practise: an area, then one of its sub-specialities. Each choice is a link that
 * writes it into the query (?area=…&sub=…), so the back button steps back through the choices.
 */
export function SpecialityPicker({ areas, area }: { areas: readonly TaxonomyArea[]; area: TaxonomyArea | null }) {
  return (
    <div>
      <QuizToolbar title="Especialidades" subtitle={area ? area.name : 'Casos clínicos por especialidad'} />
      {areas.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700 shadow-sm">No se encontraron especialidades</p>
      ) : area ? (
        <section aria-labelledby="pick-sub-heading">
          <Link to={{ search: specialitySearch() }} className="inline-flex min-h-11 items-center gap-1 rounded-lg font-semibold text-brand-800 hover:underline">
            <ChevronIcon className="size-4 rotate-90" />
            Cambiar área
          </Link>
          <h2 id="pick-sub-heading" className="mt-2 text-lg font-bold text-slate-900 sm:text-xl">
            Elige una subespecialidad de {area.name}
          </h2>
          <ChoiceList
            items={area.subSpecialities.map((sub) => ({
              key: sub.name,
              label: sub.name,
              detail: sub.topics.length === 1 ? '1 tema' : `${sub.topics.length} temas`,
              search: specialitySearch(area.name, sub.name),
            }))}
          />
        </section>
      ) : (
        <section aria-labelledby="pick-area-heading">
          <h2 id="pick-area-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
            Elige un área
          </h2>
          <ChoiceList
            items={areas.map((candidate) => ({
              key: candidate.name,
              label: candidate.name,
              detail: candidate.subSpecialities.length === 1 ? '1 subespecialidad' : `${candidate.subSpecialities.length} subespecialidades`,
              search: specialitySearch(candidate.name),
            }))}
          />
        </section>
      )}
    </div>
  );
}

function ChoiceList({ items }: { items: { key: string; label: string; detail: string; search: string }[] }) {
  return (
    <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={{ search: item.search }}
            className="flex min-h-16 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-400 hover:bg-brand-50"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{item.label}</span>
              <span className="block text-sm text-slate-600">{item.detail}</span>
            </span>
            <ChevronIcon className="size-5 shrink-0 -rotate-90 text-brand-700" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
