import type { AuthUser, AuthUserResponse, TrialSummary } from '@galeno/domain/contracts/auth';
import { apiFetch } from '../../lib/api-client';

/** GET /api/staggered-auth/login/trial-period: opens a trial session (429 TRIAL_LIMIT after 3 a day per IP). */
export async function startTrialSession(): Promise<AuthUser> {
  const { authUser } = await apiFetch<AuthUserResponse>('/api/staggered-auth/login/trial-period');
  return authUser;
}

/** GET /api/staggered-auth/trial/summary: what this device's last trial answered (for its end sheet). */
export function fetchTrialSummary(signal?: AbortSignal): Promise<TrialSummary> {
  return apiFetch<TrialSummary>('/api/staggered-auth/trial/summary', signal ? { signal } : {});
}
