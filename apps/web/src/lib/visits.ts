import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { sendBeacon } from './api-client';

/**
 * POST /api/visits/landing, fire and forget: a lost visit must never get in anyone's way. The referrer
 * is where the visitor came from (document.referrer); the request's own Referer header is only our page.
 */
export function recordLandingVisit(originPath: string): void {
  sendBeacon(API_ROUTES.visits.landingVisit.path, { originPath, referrer: document.referrer || null });
}
