import type { PublicCountsResponse as PublicCounts } from '@galeno/domain/contracts/visits';
import { apiFetch, sendBeacon } from '../../lib/api-client';

export type { PublicCounts };

export async function fetchPublicCounts(signal?: AbortSignal): Promise<PublicCounts> {
  const body = await apiFetch<Partial<PublicCounts> | undefined>('/api/visits/public-counts', { signal });
  return {
    students: positiveOrZero(body?.students),
    flashcards: positiveOrZero(body?.flashcards),
    ownQuestions: positiveOrZero(body?.ownQuestions),
    mirQuestions: positiveOrZero(body?.mirQuestions),
  };
}

/** A figure we cannot trust is a figure we do not show. */
function positiveOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export { recordLandingVisit } from '../../lib/visits';

/** POST /api/visits/cta with the clicked link's stable id. */
export function recordCtaClick(buttonClicked: string): void {
  sendBeacon('/api/visits/cta', { buttonClicked });
}
