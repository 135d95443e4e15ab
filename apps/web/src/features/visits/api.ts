import type { CreateAffiliateBody, StaffMetrics } from '@galeno/domain/contracts/affiliates';
import { api } from '../../lib/api';

/** The staff dashboard's calls (all staff only: 403 STAFF_ONLY for anyone else) and the visit beacon. */

/** GET /api/affiliates and POST /api/affiliates answer with this. */
export interface AffiliateDetail {
  shortId: string;
  name: string;
  ownerEmail: string;
  /** 0.15 is 15%. */
  commissionRate: number;
  createdAt: string;
}

export { recordLandingVisit } from '../../lib/visits';

/** GET /api/visits/metrics. */
export function fetchStaffMetrics(signal?: AbortSignal): Promise<StaffMetrics> {
  return api.visits.staffMetrics({ signal });
}

/** GET /api/affiliates, newest first. */
export function fetchAffiliates(signal?: AbortSignal): Promise<AffiliateDetail[]> {
  return api.affiliates.list({ signal });
}

/** POST /api/affiliates: 409 AFFILIATE_EXISTS, 400 VALIDATION_ERROR. */
export function createAffiliate(body: CreateAffiliateBody): Promise<AffiliateDetail> {
  return api.affiliates.create({ body });
}
