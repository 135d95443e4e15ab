import { Link, useLocation } from 'react-router';
import { buttonClassName } from './button-styles';
import { loginPathFor } from '../../lib/redirect-to';
import { TRIAL_SIGNUP_PATH } from '../../lib/trial-storage';

/** What a trial sees, in place, where a feature needs an account (issue 19): never an error. */
export const ACCOUNT_REQUIRED_TITLE = 'Disponible con tu cuenta';

/**
 * What a trial session sees where a feature belongs to an account (payments, groups, flashcards, statistics): said
 * in place, with the way to sign up. Logging in brings the person back to this very page.
 */
export function AccountRequired({ title = ACCOUNT_REQUIRED_TITLE, reason }: { title?: string; reason: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {/* From the trial: the account created there keeps what the trial answered. */}
        <Link to={TRIAL_SIGNUP_PATH} className={buttonClassName('primary')}>
          Crear mi cuenta gratis
        </Link>
        <Link to={loginPathFor(`${pathname}${search}`)} className={buttonClassName('secondary')}>
          Ya tengo cuenta
        </Link>
      </div>
    </div>
  );
}
