import type { BankCounts } from '@galeno/domain/banks';
import type { SpecialityCaseCount } from '@galeno/domain/contracts/quiz';
import type { TaxonomyArea, TaxonomySubSpeciality } from '@galeno/domain/taxonomy';

/** The speciality quiz's query: `?area=<area>&sub=<sub-speciality>` (the statistics page links here). */
export const AREA_PARAM = 'area';
export const SUB_PARAM = 'sub';

export interface SpecialityChoice {
  area: TaxonomyArea | null;
  /** Only ever a sub-speciality of `area`. */
  sub: TaxonomySubSpeciality | null;
}

/** Reads the query against the taxonomy: unknown names are ignored, so a stale link asks again instead of failing. */
export function resolveSpecialityChoice(areas: readonly TaxonomyArea[], areaName: string | null, subName: string | null): SpecialityChoice {
  const area = areas.find((candidate) => candidate.name === areaName?.trim()) ?? null;
  const sub = area?.subSpecialities.find((candidate) => candidate.name === subName?.trim()) ?? null;
  return { area, sub };
}

/** The search string for a choice: '' (choose an area), '?area=…' or '?area=…&sub=…'. */
export function specialitySearch(area?: string, sub?: string): string {
  const params = new URLSearchParams();
  if (area) params.set(AREA_PARAM, area);
  if (area && sub) params.set(SUB_PARAM, sub);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Clinical cases per sub-speciality (GET clinic-case/specialities), keyed by area and sub-speciality, the banks apart. */
export type CaseCounts = ReadonlyMap<string, BankCounts>;

// NUL: a separator no area or sub-speciality name contains.
const countKey = (area: string, sub: string) => `${area}\u0000${sub}`;

export function toCaseCounts(rows: readonly SpecialityCaseCount[]): CaseCounts {
  return new Map(rows.map((row) => [countKey(row.speciality, row.subSpeciality), { galeno: row.galeno, mir: row.mir }]));
}

/** The cases of a sub-speciality, of each bank. */
export function bankCountsOf(counts: CaseCounts, area: string, sub: string): BankCounts {
  return counts.get(countKey(area, sub)) ?? { galeno: 0, mir: 0 };
}

export function casesOf(counts: CaseCounts, area: string, sub: string): number {
  const { galeno, mir } = bankCountsOf(counts, area, sub);
  return galeno + mir;
}

/**
 * The taxonomy trimmed to what can be practised: sub-specialities without cases, and areas left with
 * none, are not offered (choosing them could only end in "no cases").
 */
export function withCases(areas: readonly TaxonomyArea[], counts: CaseCounts): TaxonomyArea[] {
  return areas
    .map((area) => ({ ...area, subSpecialities: area.subSpecialities.filter((sub) => casesOf(counts, area.name, sub.name) > 0) }))
    .filter((area) => area.subSpecialities.length > 0);
}
