import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import type { AuthUser, TrialSummary } from '@galeno/domain/contracts/auth';
import { TRIAL_SECONDS_DEFAULT } from '@galeno/domain/membership';
import { buttonClassName } from '../../components/ui/button-styles';
import { splitDuration, useCountdown } from '../../components/ui/countdown';
import { safeRedirectTo } from '../../lib/redirect-to';
import { createSessionStore, SessionProvider, useSession } from '../../lib/session';
import { markTrialFinished, readTrialStart, TRIAL_SIGNUP_PATH } from '../../lib/trial-storage';
import { settleTrialTimeUp } from '../../lib/trial-time-up';
import { fetchTrialSummary } from './api';

/**
 * Wraps /app for trial sessions (spec: trial screens; issue 19). A banner that stays in view counts down
 * every second to the server's end of the trial (`trialEndsAt`; the stored start date plus 5 minutes when
 * the server gave none, and over at once when neither exists, as spec section 4 says), and tells screen
 * readers once when one minute is left. At zero the answer on screen is still graded (lib/trial-time-up),
 * then the trial is marked finished, the session logged out, and the page stays visible but inert under a
 * sheet that offers to keep what was answered. The page keeps reading the trial user it had, from a frozen
 * session, because the real one is over by then.
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
  /** Where the visitor was headed, carried by the sheet's signup and login links. */
  redirectTo?: string | null | undefined;
  /** Called once when time runs out (after the answer on screen is graded), before the logout, with the user the page keeps. */
  onEnd?: (user: AuthUser) => void;
  children: ReactNode;
}) {
  const { logout } = useSession();
  const endMs = useMemo(() => trialEndMs(user), [user]);
  const [closing, setClosing] = useState(false);
  const remainingMs = useCountdown(ended ? null : endMs, () => {
    setClosing(true);
    void settleTrialTimeUp().then(() => {
      onEnd?.(user);
      markTrialFinished(new Date());
      void logout();
    });
  });
  const frozenSession = useMemo(() => (ended ? createSessionStore({ initialUser: user }) : undefined), [ended, user]);
  const banner = useRef<HTMLElement>(null);
  const [bannerHeight, setBannerHeight] = useState(0);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const measure = () => setBannerHeight(element.offsetHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ended]);

  return (
    <SessionProvider store={frozenSession}>
      {!ended && <TrialBanner ref={banner} remainingMs={remainingMs ?? 0} closing={closing} />}
      {/* Always the same wrapper, so the page (and the answer just graded) is not rebuilt when the trial ends. The
          page's own sticky rows sit under the banner (--sticky-top). */}
      <div
        inert={ended}
        data-testid="trial-content"
        style={{ '--sticky-top': `${ended ? 0 : bannerHeight}px` } as CSSProperties}
        className={ended ? 'pb-[60vh] select-none' : undefined}
      >
        {children}
      </div>
      {ended && <TrialEndedSheet redirectTo={redirectTo} />}
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

function TrialBanner({ ref, remainingMs, closing }: { ref: Ref<HTMLElement>; remainingMs: number; closing: boolean }) {
  const { minutes, seconds, hours } = splitDuration(remainingMs);
  const totalMinutes = hours * 60 + minutes;
  const clock = `${totalMinutes}:${String(seconds).padStart(2, '0')}`;
  const lastMinute = remainingMs > 0 && remainingMs <= 60_000;
  return (
    <aside ref={ref} aria-label="Tiempo de tu prueba gratuita" className="sticky top-0 z-30 border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-1.5 sm:px-6 sm:py-2">
        <p className="text-sm text-amber-950 sm:text-base">
          <span className="font-semibold">Prueba gratuita: </span>
          {closing ? (
            'calificando tu última respuesta...'
          ) : (
            <>
              te quedan{' '}
              <span
                role="timer"
                aria-label={`${totalMinutes} ${totalMinutes === 1 ? 'minuto' : 'minutos'} y ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`}
                className="font-bold tabular-nums"
              >
                {clock}
              </span>
            </>
          )}
        </p>
        <Link to={TRIAL_SIGNUP_PATH} className={buttonClassName('primary', 'sm', 'shrink-0')}>
          Regístrate gratis
        </Link>
      </div>
      {/* Said once, politely, when one minute is left; the ticking clock itself is not announced. */}
      <p aria-live="polite" className="sr-only">
        {lastMinute ? 'Queda 1 minuto de tu prueba gratuita.' : ''}
      </p>
    </aside>
  );
}

function TrialEndedSheet({ redirectTo }: { redirectTo: string | null | undefined }) {
  const signupLink = useRef<HTMLAnchorElement>(null);
  const summary = useTrialSummary();
  const target = safeRedirectTo(redirectTo);
  const redirectQuery = target ? `redirectTo=${encodeURIComponent(target)}` : '';
  useEffect(() => {
    signupLink.current?.focus();
  }, []);
  return (
    // The page above stays readable and scrolls (the answer graded at zero, its explanation); only the sheet takes taps.
    <div className="pointer-events-none fixed inset-0 z-40 flex items-end justify-center bg-slate-900/20 sm:p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="trial-ended-title"
        aria-describedby="trial-ended-text"
        className="pointer-events-auto max-h-[70vh] w-full max-w-md overflow-y-auto rounded-t-2xl border border-slate-200 bg-white p-6 text-center shadow-2xl sm:rounded-2xl sm:p-8"
      >
        <h2 id="trial-ended-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Tu prueba gratuita ha terminado
        </h2>
        <div id="trial-ended-text" className="mt-3 space-y-2 text-slate-700">
          {summary && summary.answered > 0 && (
            <p className="font-semibold text-slate-900">{answeredText(summary)} Crea tu cuenta para conservar lo que respondiste.</p>
          )}
          <p>
            Regístrate gratis y obtén 2 horas adicionales de estudio con casos clínicos, preguntas por especialidad y flashcards de las
            Guías de Práctica Clínica.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Link
            ref={signupLink}
            to={`${TRIAL_SIGNUP_PATH}${redirectQuery ? `&${redirectQuery}` : ''}`}
            className={buttonClassName('primary', 'lg')}
          >
            Crear mi cuenta gratis
          </Link>
          <Link to={`/login${redirectQuery ? `?${redirectQuery}` : ''}`} className={buttonClassName('ghost')}>
            Ya tengo cuenta
          </Link>
        </div>
      </div>
    </div>
  );
}

/** "Resolviste 8 preguntas (6 correctas)." */
export function answeredText({ answered, correct }: TrialSummary): string {
  const questions = answered === 1 ? 'pregunta' : 'preguntas';
  const right = correct === 1 ? 'correcta' : 'correctas';
  return `Resolviste ${answered} ${questions} (${correct} ${right}).`;
}

/** What this device's trial answered, from the server (it survives a reload); null until known or on failure. */
function useTrialSummary(): TrialSummary | null {
  const [summary, setSummary] = useState<TrialSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchTrialSummary(controller.signal).then(setSummary, () => undefined);
    return () => controller.abort();
  }, []);
  return summary;
}
