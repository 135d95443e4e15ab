import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { getAppName } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';

/** The dashboard's screens when it cannot show metrics: not allowed, unknown affiliate, load failure. */

export const NOT_ALLOWED_TITLE = 'No tienes acceso a este panel';
export const NOT_FOUND_TITLE = 'No encontramos este panel';
export const LOAD_FAILED_TITLE = 'Error al cargar datos';

/** 403 NOT_AFFILIATE_OWNER: the signed-in account neither owns the affiliate nor is staff. */
export function NotAllowedScreen() {
  useDocumentTitle(NOT_ALLOWED_TITLE);
  return (
    <Notice title={NOT_ALLOWED_TITLE} icon="lock">
      <p className="mt-2 text-slate-700">
        Las métricas de un enlace de afiliado solo las ven la persona afiliada y el equipo de {getAppName()}. Si este es tu enlace, inicia
        sesión con el correo que registraste como afiliado.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/app" className={buttonClassName('primary')}>
          Ir al inicio
        </Link>
      </div>
    </Notice>
  );
}

export function NotFoundScreen({ shortId }: { shortId: string }) {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Notice title={NOT_FOUND_TITLE}>
      <p className="mt-2 text-slate-700">
        No existe un afiliado con el identificador <span className="font-mono font-semibold">{shortId}</span>. Revisa que el enlace esté
        completo.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/app" className={buttonClassName('primary')}>
          Ir al inicio
        </Link>
      </div>
    </Notice>
  );
}

/** A failure worth retrying (network, server): the message and a retry that runs the loader again. */
export function LoadFailedScreen({ message }: { message: string }) {
  useDocumentTitle(LOAD_FAILED_TITLE);
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <Notice title={LOAD_FAILED_TITLE}>
      <p role="alert" className="mt-2 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" onClick={() => void revalidator.revalidate()} disabled={retrying} className={buttonClassName('primary')}>
          {retrying ? 'Reintentando...' : 'Reintentar'}
        </button>
        <Link to="/app" className={buttonClassName('secondary')}>
          Ir al inicio
        </Link>
      </div>
    </Notice>
  );
}

function Notice({ title, icon = 'alert', children }: { title: string; icon?: 'lock' | 'alert'; children: ReactNode }) {
  return (
    <section
      aria-labelledby="dashboard-notice-title"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-10 text-amber-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icon === 'lock' ? (
          <>
            <rect x="4" y="10" width="16" height="11" rx="2" />
            <path d="M8 10V7a4 4 0 0 1 8 0v3" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5h.01" />
          </>
        )}
      </svg>
      <h1 id="dashboard-notice-title" className="mt-3 text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}
