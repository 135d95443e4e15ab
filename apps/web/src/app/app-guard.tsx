import { useMemo, useState } from 'react';
import { Navigate, Outlet, redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { TRIAL_USER_ID } from '@galeno/domain/membership';
import { TrialWrapper } from '../features/trial/trial-wrapper';
import { getAppName } from '../lib/brand';
import { loginPathFor, safeRedirectTo } from '../lib/redirect-to';
import { sessionStore, useSession, useSignOutReason } from '../lib/session';
import { isTrialFinished, readTrialFinish } from '../lib/trial-storage';
import { ConnectionStatus } from './connection-status';
import { SessionCheckScreen } from './session-check-screen';

export interface AppGuardData {
  /** A signed-out visitor whose trial ran out on this browser: /app shows the trial-ended overlay. */
  trialFinished: boolean;
}

/**
 * Everything under /app needs a session (spec: route table). The loader waits for the start-up check
 * (the root's 'Cargando...' screen shows meanwhile) and sends anonymous visitors to
 * /login?redirectTo=<path+query>, so they come back here after logging in.
 */
export async function requireSessionLoader({ request }: LoaderFunctionArgs): Promise<AppGuardData> {
  const { status } = await sessionStore.ready();
  if (status === 'signed-in') return { trialFinished: false };
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  // The trial ran out here earlier (the countdown recorded it) and this is a reload or a later visit:
  // the 'free trial finished' overlay again, not /login (spec: trial screens). It is shown on /app,
  // whose page needs no loader of its own; a deeper page would only fail for want of a session, so it
  // sends the visitor to /app and keeps itself in redirectTo for the overlay's signup and login links.
  if (isTrialFinished()) {
    if (url.pathname === '/app' || url.pathname === '/app/') return { trialFinished: true };
    const keep = safeRedirectTo(target);
    throw redirect(keep ? `/app?redirectTo=${encodeURIComponent(keep)}` : '/app');
  }
  throw redirect(loginPathFor(target));
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
  const trialFinished = (useLoaderData() as AppGuardData | undefined)?.trialFinished ?? false;
  const [endedTrialUser, setEndedTrialUser] = useState<AuthUser | null>(null);
  // After a reload the trial user is gone with its session; the blurred page shows an anonymous one.
  const finishedTrialUser = useMemo<AuthUser>(
    () => ({
      id: TRIAL_USER_ID,
      name: `Alumno de ${getAppName()}`,
      email: '',
      isTrial: true,
      trialEndsAt: readTrialFinish()?.toISOString() ?? null,
    }),
    [],
  );

  if (endedTrialUser) {
    return (
      <TrialWrapper user={endedTrialUser} ended>
        <Outlet />
      </TrialWrapper>
    );
  }
  if (status === 'loading') return <SessionCheckScreen />;
  if (!user && trialFinished) {
    return (
      <TrialWrapper user={finishedTrialUser} ended redirectTo={new URLSearchParams(location.search).get('redirectTo')}>
        <Outlet />
      </TrialWrapper>
    );
  }
  if (!user) {
    // After 'Cerrar Sesión' the person wanted out: no way back to the page they left. A deleted account has no
    // login to go back to: the page that says it was deleted (ux N27).
    const to =
      signedOutBy === 'deleted'
        ? '/cuenta-eliminada'
        : signedOutBy === 'logout'
          ? '/login'
          : loginPathFor(location.pathname + location.search);
    return <Navigate to={to} replace />;
  }
  if (user.isTrial) {
    return (
      <TrialWrapper user={user} onEnd={setEndedTrialUser}>
        <Outlet />
      </TrialWrapper>
    );
  }
  return (
    <>
      <ConnectionStatus userId={user.id} />
      <Outlet />
    </>
  );
}
