import { sendBeacon } from './api-client';

/**
 * POST /api/visits/landing, fire and forget: a lost visit must never get in anyone's way. The referrer
 * is where the visitor came from (document.referrer); the request's own Referer header is only our page.
 */
export function recordLandingVisit(originPath: string): void {
  sendBeacon('/api/visits/landing', { originPath, referrer: document.referrer || null });
}
