/**
 * Whether the visitor is probably signed in, so public pages can point the main call to action at
 * `/app` instead of `/signup` (spec: landing page). Nobody is signed in until the session feature
 * provides the hint; the `/app` routes check the real session anyway.
 */
export function useIsSignedIn(): boolean {
  return false;
}
