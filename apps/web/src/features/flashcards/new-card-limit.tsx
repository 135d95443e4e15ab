import { Link } from 'react-router';
import type { ClinicGuideWithProgress } from './api';

/** The profile's «Tarjetas nuevas al día» setting (Mi perfil, «Flashcards»). */
export const NEW_CARD_LIMIT_SETTING = '/app/profile#tarjetas-nuevas';

/**
 * Where the daily new-card limit bites (issue 35, N9): the limit is shared by every guide, so a guide can open with
 * 3 of its 35 new cards and no word why. Said where it happens, with the way to change it.
 */
export function NewCardLimitNotice({ children }: { children: string }) {
  return (
    <p data-testid="new-card-limit" className="rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      {children}{' '}
      <Link to={NEW_CARD_LIMIT_SETTING} className="font-semibold text-brand-800 underline underline-offset-2">
        Cambiar el límite
      </Link>
    </p>
  );
}

/** The guides list: what the limit leaves today, once some guide has more new cards than it lets in; null otherwise. */
export function limitAcrossGuides(guides: readonly ClinicGuideWithProgress[]): string | null {
  if (!guides.some((guide) => guide.newCards > guide.newToday)) return null;
  // Every guide is offered what is left of the one limit, so the largest offer is what is left.
  const left = Math.max(0, ...guides.map((guide) => guide.newToday));
  if (left === 0) return 'Llegaste a tu límite diario de tarjetas nuevas: mañana llegan más.';
  return `Hoy te quedan ${left} ${left === 1 ? 'tarjeta nueva' : 'tarjetas nuevas'} de tu límite diario, para todas las guías.`;
}

/** One guide's session: how many of its new cards the limit lets in today; null when it lets them all in. */
export function limitInGuide(guide: Pick<ClinicGuideWithProgress, 'newCards' | 'newToday'>): string | null {
  if (guide.newCards <= guide.newToday) return null;
  return `Hoy ves ${guide.newToday} de las ${guide.newCards} tarjetas nuevas de esta guía: llegaste a tu límite diario de tarjetas nuevas.`;
}
