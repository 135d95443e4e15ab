import type { Affiliate, AffiliateMetrics } from '@galeno/domain/contracts/affiliates';
import { api } from '../../lib/api';

/** /api/affiliates calls of the referral link and the affiliate dashboard. Failures throw ApiError. */

/**
 * GET /api/affiliates/{shortId}: 404 for an unknown affiliate, 400 for an id that cannot be one. Short
 * ids are lowercase; a link typed with capitals ('/a/Dra-Paty') still finds its affiliate.
 */
export function fetchAffiliate(shortId: string, signal?: AbortSignal): Promise<Affiliate> {
  return api.affiliates.affiliate({ params: { shortId: shortId.toLowerCase() }, signal });
}

/** GET /api/affiliates/metrics/{shortId}: 403 NOT_AFFILIATE_OWNER for anyone but the owner and staff; demo data for the demo affiliate. */
export function fetchAffiliateMetrics(shortId: string, signal?: AbortSignal): Promise<AffiliateMetrics> {
  return api.affiliates.metrics({ params: { shortId: shortId.toLowerCase() }, signal });
}

export { recordLandingVisit } from '../../lib/visits';
