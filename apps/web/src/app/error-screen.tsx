import { MEMBERSHIP_EXPIRED_CODE } from '@galeno/domain/error-codes';
import { BrandMark } from '../components/ui/brand-mark';
import { buttonClassName } from '../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../lib/api-client';
import { useDocumentTitle } from '../lib/document-title';
import { useIsSignedIn } from '../lib/session-hint';

/**
 * The one error screen of every route (issue 35, N4): Spanish, whatever failed (a 403, a 404, a 500, the network, a
 * page that crashed), with «Reintentar» and «Ir al inicio». A route module may bring its own ErrorBoundary, for a
 * failure its page explains better (flashcards for a trial); every other route gets this one (router.tsx).
 */

interface ErrorCopy {
  title: string;
  message: string;
}

const OFFLINE: ErrorCopy = {
  title: 'Sin conexión',
  message: 'No pudimos cargar esta página. Revisa tu señal o tu Wi-Fi e inténtalo de nuevo.',
};
const NOT_FOUND: ErrorCopy = {
  title: 'No encontramos lo que buscas',
  message: 'Puede que el enlace esté incompleto o que ya no exista.',
};
const FAILED: ErrorCopy = {
  title: 'Algo salió mal',
  message: 'Tuvimos un problema al mostrar esta página. Inténtalo de nuevo; si sigue fallando, espera unos minutos.',
};
const LOCKED_TITLE = 'Esta sección necesita una membresía activa';

/** A browser's words for a page chunk it could not fetch (Chromium, Firefox, Safari): the network, not the app. */
const CHUNK_LOAD_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

function isStatusResponse(error: unknown): error is { status: number; statusText: string } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' && 'statusText' in error;
}

export function errorCopyOf(error: unknown): ErrorCopy {
  if (error instanceof ApiError) {
    // The client's own words for a request that never reached the server.
    if (error.status === 0) return OFFLINE;
    const serverMessage = error.message && error.message !== UNEXPECTED_ERROR_MESSAGE ? error.message : null;
    if (error.status === 403 && error.code === MEMBERSHIP_EXPIRED_CODE) return { title: LOCKED_TITLE, message: error.message };
    if (error.status === 404) return { title: NOT_FOUND.title, message: serverMessage ?? NOT_FOUND.message };
    // A 4xx carries the server's Spanish reason; a 5xx's details stay hidden (the server sends a generic text).
    if (error.status < 500 && serverMessage) return { title: FAILED.title, message: serverMessage };
    return FAILED;
  }
  // The router's own responses (a loader's 404), read without importing the router: the landing island has none.
  if (isStatusResponse(error)) return error.status === 404 ? NOT_FOUND : FAILED;
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return OFFLINE;
  if (error instanceof Error && CHUNK_LOAD_FAILED.test(error.message)) return OFFLINE;
  return FAILED;
}

/** The screen for any error, with or without a router (the landing island has none). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { title, message } = errorCopyOf(error);
  useDocumentTitle(title);
  // Home for a student is the app; for a visitor on a public page, the landing.
  const home = useIsSignedIn() ? '/app' : '/';

  return (
    <section
      aria-labelledby="route-error-title"
      className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <BrandMark className="text-lg text-slate-900" />
      <h1 id="route-error-title" className="mt-6 text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p role="alert" className="mt-3 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {/* A new document: the page's code, its data and the session are all asked again, whatever failed. */}
        <button type="button" onClick={() => window.location.reload()} className={buttonClassName('primary')}>
          Reintentar
        </button>
        {/* A plain link, so the way home does not depend on the router state that just failed. */}
        <a href={home} className={buttonClassName('secondary')}>
          Ir al inicio
        </a>
      </div>
    </section>
  );
}
