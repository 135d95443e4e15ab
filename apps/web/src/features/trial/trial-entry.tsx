import { Link, redirect, useLoaderData } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { sessionStore } from '../../lib/session';
import { saveTrialStart } from '../../lib/trial-storage';
import { startTrialSession } from './api';

/**
 * /trial-period and /app/trial-period (spec: trial screens): log in as a trial user, remember when the
 * trial started, and go to /app. A loader rather than an effect, so the trial (3 a day per address)
 * starts exactly once per visit, StrictMode included.
 */
export async function trialEntryLoader() {
  const { status } = await sessionStore.ready();
  // Someone already inside (an account, or a trial still running) keeps what they have.
  if (status === 'signed-in') return redirect('/app');
  try {
    // The server answers with the signed-in account itself (no trial) when the cookie holds one that
    // this page did not know about: that account just goes to /app, and no trial is recorded here.
    const user = await startTrialSession();
    if (user.isTrial) saveTrialStart(new Date());
    sessionStore.setUser(user);
    return redirect('/app');
  } catch (error) {
    return { errorMessage: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE };
  }
}

/** Shown only when the trial could not start (429 TRIAL_LIMIT, or the server unreachable). */
export function TrialEntryFailedPage() {
  useDocumentTitle('Prueba gratuita');
  const { errorMessage } = useLoaderData() as { errorMessage: string };
  return (
    <section aria-labelledby="trial-failed-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 id="trial-failed-title" className="text-2xl font-bold text-slate-900">
        No pudimos iniciar tu prueba gratuita
      </h1>
      <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950">{errorMessage}</p>
      <p className="mt-4 text-slate-700">Crea tu cuenta gratis en menos de un minuto y sigue practicando para el ENARM.</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/signup" className={buttonClassName('primary')}>
          Regístrate gratis
        </Link>
        <Link to="/" className={buttonClassName('ghost')}>
          Volver a la página principal
        </Link>
      </div>
    </section>
  );
}
