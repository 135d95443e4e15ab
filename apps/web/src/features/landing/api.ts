import type { PublicCountsResponse as PublicCounts } from '@galeno/domain/contracts/visits';
import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { sendBeacon } from '../../lib/api-client';
import { api } from '../../lib/api';

export type { PublicCounts };

export async function fetchPublicCounts(signal?: AbortSignal): Promise<PublicCounts> {
  // Read defensively all the same: a figure missing from the answer is shown as none.
  const body: Partial<PublicCounts> | undefined = await api.visits.publicCounts({ signal });
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
  sendBeacon(API_ROUTES.visits.ctaClick.path, { buttonClicked });
}
