import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countedApart, type BankChoice, type BankCounts } from '@galeno/domain/banks';
import type { TaxonomyArea } from '@galeno/domain/taxonomy';
import { ChevronIcon } from './quiz-icons';
import { QuizToolbar } from './quiz-toolbar';
import { bankCountsOf, specialitySearch, type CaseCounts } from './speciality-choice';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const CASES = ['caso clínico', 'casos clínicos'] as const;

/**
 * Choosing what to practise: an area, then one of its sub-specialities. Each choice is a link that
 * writes it into the query (?area=…&sub=…), so the back button steps back through the choices.
 * `areas` holds only what has cases when `counts` is known; each choice then says how many, of which bank.
 */
export function SpecialityPicker({
  areas,
  area,
  counts = null,
  bank,
  bankChoice = null,
}: {
  areas: readonly TaxonomyArea[];
  area: TaxonomyArea | null;
  counts?: CaseCounts | null;
  /** The bank chip, in the header as in every quiz. */
  bank?: ReactNode;
  /** The bank the counts are of: they then show the banks apart (issue 37). */
  bankChoice?: BankChoice | null;
}) {
  const casesIn = (known: CaseCounts, areaName: string, subs: TaxonomyArea['subSpecialities']): BankCounts =>
    subs.reduce(
      (sum, sub) => {
        const of = bankCountsOf(known, areaName, sub.name);
        return { galeno: sum.galeno + of.galeno, mir: sum.mir + of.mir };
      },
      { galeno: 0, mir: 0 },
    );
  const casesLabel = (cases: BankCounts) =>
    bankChoice ? countedApart(cases, bankChoice, CASES) : plural(cases.galeno + cases.mir, ...CASES);
  return (
    <div>
      <QuizToolbar title="Especialidades" subtitle={area ? area.name : 'Casos clínicos por especialidad'} bank={bank} />
      {areas.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700 shadow-sm">
          No se encontraron especialidades
        </p>
      ) : area ? (
        <section aria-labelledby="pick-sub-heading">
          <Link
            to={{ search: specialitySearch() }}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg font-semibold text-brand-800 hover:underline"
          >
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
              detail: counts ? casesLabel(bankCountsOf(counts, area.name, sub.name)) : plural(sub.topics.length, 'tema', 'temas'),
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
              detail: [
                plural(candidate.subSpecialities.length, 'subespecialidad', 'subespecialidades'),
                ...(counts ? [casesLabel(casesIn(counts, candidate.name, candidate.subSpecialities))] : []),
              ].join(' · '),
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
