import { useState } from 'react';
import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { LoadingScreen } from '../components/ui/loading-screen';
import { TrialWrapper } from '../features/trial/trial-wrapper';
import { loginPathFor } from '../lib/redirect-to';
import { sessionStore, useSession, useSignOutReason } from '../lib/session';

/**
 * Everything under /app needs a session (spec: route table). The loader waits for the start-up check
 * (the root's 'Cargando...' screen shows meanwhile) and sends anonymous visitors to
 * /login?redirectTo=<path+query>, so they come back here after logging in.
 */
export async function requireSessionLoader({ request }: LoaderFunctionArgs) {
  const { status } = await sessionStore.ready();
  if (status !== 'signed-in') {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return null;
}

/**
 * The loader decides on arrival; this component follows the session while the pages are open: a
 * session that ends (logout, a refresh the server refuses) leaves /app. Trial sessions get the trial
 * wrapper; when the trial runs out the wrapper keeps the page, blurred under its overlay, even though
 * the session is over.
 */
export function AppGuard() {
  const { status, user } = useSession();
  const signedOutBy = useSignOutReason();
  const location = useLocation();
  const [endedTrialUser, setEndedTrialUser] = useState<AuthUser | null>(null);

  if (endedTrialUser) {
    return (
      <TrialWrapper user={endedTrialUser} ended>
        <Outlet />
      </TrialWrapper>
    );
  }
  if (status === 'loading') return <LoadingScreen />;
  if (!user) {
    // After 'Cerrar Sesión' the person wanted out: no way back to the page they left.
    const to = signedOutBy === 'logout' ? '/login' : loginPathFor(location.pathname + location.search);
    return <Navigate to={to} replace />;
  }
  if (user.isTrial) {
    return (
      <TrialWrapper user={user} onEnd={setEndedTrialUser}>
        <Outlet />
      </TrialWrapper>
    );
  }
  return <Outlet />;
}
