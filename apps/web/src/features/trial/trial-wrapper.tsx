import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { TRIAL_SECONDS_DEFAULT } from '@galeno/domain/membership';
import { buttonClassName } from '../../components/ui/button-styles';
import { splitDuration, useCountdown } from '../../components/ui/countdown';
import { safeRedirectTo } from '../../lib/redirect-to';
import { createSessionStore, SessionProvider, useSession } from '../../lib/session';
import { markTrialFinished, readTrialStart } from '../../lib/trial-storage';

/**
 * Wraps /app for trial sessions (spec: trial screens). A banner counts down every second to the server's
 * end of the trial (`trialEndsAt`; the stored start date plus 5 minutes when the server gave none, and
 * over at once when neither exists, as spec section 4 says). At zero it marks the trial finished, logs
 * out, and keeps the page under a blur with an overlay that invites to sign up. The blurred page keeps
 * reading the trial user it had, from a frozen session, because the real one is over by then.
 */
export function TrialWrapper({
  user,
  ended = false,
  redirectTo,
  onEnd,
  children,
}: {
  user: AuthUser;
  ended?: boolean;
  /** Where the visitor was headed, carried by the overlay's signup and login links. */
  redirectTo?: string | null | undefined;
  /** Called once when time runs out, before the logout, with the user the blurred page keeps. */
  onEnd?: (user: AuthUser) => void;
  children: ReactNode;
}) {
  const { logout } = useSession();
  const endMs = useMemo(() => trialEndMs(user), [user]);
  const remainingMs = useCountdown(ended ? null : endMs, () => {
    onEnd?.(user);
    markTrialFinished(new Date());
    void logout();
  });
  const frozenSession = useMemo(() => (ended ? createSessionStore({ initialUser: user }) : undefined), [ended, user]);

  return (
    <SessionProvider store={frozenSession}>
      {!ended && <TrialBanner remainingMs={remainingMs ?? 0} />}
      {/* Always the same wrapper, so the page is not rebuilt when the trial ends. */}
      <div inert={ended} data-testid="trial-content" className={ended ? 'pointer-events-none select-none blur-sm' : undefined}>
        {children}
      </div>
      {ended && <TrialEndedOverlay redirectTo={redirectTo} />}
    </SessionProvider>
  );
}

function trialEndMs(user: AuthUser): number {
  const fromServer = user.trialEndsAt ? Date.parse(user.trialEndsAt) : Number.NaN;
  if (!Number.isNaN(fromServer)) return fromServer;
  const startedAt = readTrialStart();
  // No start stored: the trial counts as over (spec section 4).
  return startedAt ? startedAt.getTime() + TRIAL_SECONDS_DEFAULT * 1000 : 0;
}

function TrialBanner({ remainingMs }: { remainingMs: number }) {
  const { minutes, seconds, hours } = splitDuration(remainingMs);
  const totalMinutes = hours * 60 + minutes;
  const clock = `${totalMinutes}:${String(seconds).padStart(2, '0')}`;
  return (
    <aside aria-label="Tiempo de tu prueba gratuita" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <p className="text-sm text-amber-950 sm:text-base">
          <span className="block font-semibold sm:inline">Prueba gratuita: </span>
          te quedan{' '}
          <span role="timer" aria-label={`${totalMinutes} minutos y ${seconds} segundos`} className="font-bold tabular-nums">
            {clock}
          </span>
        </p>
        <Link to="/signup" className={buttonClassName('primary', 'sm')}>
          Regístrate gratis
        </Link>
      </div>
    </aside>
  );
}

function TrialEndedOverlay({ redirectTo }: { redirectTo: string | null | undefined }) {
  const signupLink = useRef<HTMLAnchorElement>(null);
  const target = safeRedirectTo(redirectTo);
  const query = target ? `?redirectTo=${encodeURIComponent(target)}` : '';
  useEffect(() => {
    signupLink.current?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="trial-ended-title"
        aria-describedby="trial-ended-text"
        className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8"
      >
        <h2 id="trial-ended-title" className="text-2xl font-bold text-slate-900">
          Tu prueba gratuita ha terminado
        </h2>
        <p id="trial-ended-text" className="mt-3 text-slate-700">
          Regístrate gratis y obtén 2 horas adicionales de estudio con casos clínicos, preguntas por especialidad y flashcards de las Guías
          de Práctica Clínica.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link ref={signupLink} to={`/signup${query}`} className={buttonClassName('primary', 'lg')}>
            Crear mi cuenta gratis
          </Link>
          <Link to={`/login${query}`} className={buttonClassName('ghost')}>
            Ya tengo cuenta
          </Link>
        </div>
      </div>
    </div>
  );
}
