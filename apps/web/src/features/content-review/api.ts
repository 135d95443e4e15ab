import type { HeldItemsResponse, ResolveHeldItemBody } from '@galeno/domain/contracts/content-review';
import { apiFetch } from '../../lib/api-client';

/** GET /api/content-review/held: the staff queue (403 for anyone else). */
export function fetchHeldItems(signal?: AbortSignal): Promise<HeldItemsResponse> {
  return apiFetch<HeldItemsResponse>('/api/content-review/held', { signal });
}

/** POST /api/content-review/held/:id: publish (the key stands) or retire; 404 NOT_HELD once resolved. */
export function resolveHeldItem(
  itemId: string,
  action: ResolveHeldItemBody['action'],
): Promise<{ id: string; status: 'published' | 'retired' }> {
  return apiFetch(`/api/content-review/held/${encodeURIComponent(itemId)}`, { method: 'POST', json: { action } });
}
