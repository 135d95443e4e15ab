import type { AuthUser, TrialSummary } from '@galeno/domain/contracts/auth';
import { api } from '../../lib/api';

/** GET /api/staggered-auth/login/trial-period: opens a trial session (429 TRIAL_LIMIT after 3 a day per IP). */
export async function startTrialSession(): Promise<AuthUser> {
  const { authUser } = await api.auth.startTrial();
  return authUser;
}

/** GET /api/staggered-auth/trial/summary: what this device's last trial answered (for its end sheet). */
export function fetchTrialSummary(signal?: AbortSignal): Promise<TrialSummary> {
  return api.auth.trialSummary({ signal });
}
