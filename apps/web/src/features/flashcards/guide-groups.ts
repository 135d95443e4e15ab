import type { ClinicGuideWithProgress } from './api';

export interface GuideCategory {
  category: string;
  guides: ClinicGuideWithProgress[];
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

/** Guides under their category, both in Spanish alphabetical order (accents sort with their letter). */
export function groupGuidesByCategory(guides: readonly ClinicGuideWithProgress[]): GuideCategory[] {
  const byCategory = new Map<string, ClinicGuideWithProgress[]>();
  for (const guide of guides) {
    const list = byCategory.get(guide.category);
    if (list) list.push(guide);
    else byCategory.set(guide.category, [guide]);
  }
  return [...byCategory]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([category, list]) => ({ category, guides: list.sort((a, b) => collator.compare(a.guideName, b.guideName)) }));
}

/** Cards due today across every guide: the review of the day. */
export function totalDueToday(guides: readonly ClinicGuideWithProgress[]): number {
  return guides.reduce((sum, guide) => sum + guide.dueToday, 0);
}
