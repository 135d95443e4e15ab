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
