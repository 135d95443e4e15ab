import { Link, Navigate } from 'react-router';
import { useIsSignedIn } from '../../lib/session-hint';
import { LandingLinkProvider, type LandingLinkProps } from './landing-link';
import { LandingPage } from './landing-page';

// Route module (see app/router.tsx): its exports are route properties. Inside the app the landing's links are the
// router's, so coming back to '/' and leaving again does not reload the page. Its error screen is the app's (router.tsx).

const routerLink = (props: LandingLinkProps) => <Link {...props} />;

export function Component() {
  // The root address is the app for a signed-in student (issue 35, N17).
  if (useIsSignedIn()) return <Navigate to="/app" replace />;
  return (
    <LandingLinkProvider value={routerLink}>
      <LandingPage />
    </LandingLinkProvider>
  );
}
