import type { ReactNode } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { AccountRequired, ACCOUNT_REQUIRED_TITLE } from '../../components/ui/account-required';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { TRIAL_NOT_ALLOWED_CODE, toFlashcardsFailure } from './flashcards-errors';
import { AlertIcon } from './flashcards-icons';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';

const LOAD_FAILED_MESSAGE = 'Ocurrió un error al cargar la información. Revisa tu conexión e intenta nuevamente.';

/**
 * What a flashcards page shows when its loader fails, inside the flashcards layout (so the back button
 * stays): the server's message and a retry that runs the loader again; the expired-membership modal
 * for MEMBERSHIP_EXPIRED; a way back for an unknown guide; signup for a trial login.
 */
export interface FlashcardsRouteErrorProps {
  /** The page's h1 while it cannot show its content. */
  title: string;
  /** A second way out, besides retrying. */
  back: { to: string; label: string };
}

export function FlashcardsRouteError({ title, back }: FlashcardsRouteErrorProps) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const failure = toFlashcardsFailure(error, LOAD_FAILED_MESSAGE);
  const notFound = failure.kind === 'message' && failure.status === 404;
  const trial = failure.kind === 'message' && failure.code === TRIAL_NOT_ALLOWED_CODE;
  const heading = notFound ? 'No encontramos esta guía' : trial ? ACCOUNT_REQUIRED_TITLE : title;
  useDocumentTitle(heading);

  // A trial is told in place that flashcards come with an account: not an error (issue 19).
  if (trial) {
    return (
      <AccountRequired reason="Las flashcards de las guías de práctica clínica, con repaso espaciado, son parte de tu cuenta gratuita." />
    );
  }

  if (failure.kind === 'expired') {
    return (
      <ErrorPanel title={title} message="Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.">
        <MembershipExpiredModal open />
      </ErrorPanel>
    );
  }

  const message = failure.kind === 'message' ? failure.message : LOAD_FAILED_MESSAGE;
  const retrying = revalidator.state === 'loading';
  return (
    <ErrorPanel title={heading} message={message}>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {failure.kind === 'message' && failure.code === TRIAL_NOT_ALLOWED_CODE ? (
          <Link to="/signup" className={buttonClassName('primary')}>
            Crear mi cuenta gratis
          </Link>
        ) : (
          !notFound && (
            <button type="button" onClick={() => void revalidator.revalidate()} disabled={retrying} className={buttonClassName('primary')}>
              {retrying ? 'Reintentando...' : 'Reintentar'}
            </button>
          )
        )}
        <Link to={back.to} className={buttonClassName('secondary')}>
          {back.label}
        </Link>
      </div>
    </ErrorPanel>
  );
}

function ErrorPanel({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <AlertIcon className="mx-auto size-10 text-amber-600" />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p role="alert" className="mx-auto mt-2 max-w-prose text-slate-700">
        {message}
      </p>
      {children}
    </div>
  );
}
