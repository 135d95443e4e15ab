import { useSession } from './session';

/**
 * Whether the visitor is signed in, so public pages can point the main call to action at `/app`
 * instead of `/signup` (spec: landing page). Trial users do not count (spec: login), and while the
 * start-up check runs nobody does, so the page never flips from /app to /signup.
 */
export function useIsSignedIn(): boolean {
  const { status, isTrial } = useSession();
  return status === 'signed-in' && !isTrial;
}
