import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClassName } from '../components/ui/button-styles';
import { MainContent } from '../components/ui/main-content';

/**
 * The router's last-resort error page (spec: it reads 'Unexpected Application Error!'). It replaces the
 * whole app, so its link reloads the document rather than trusting the router that just failed.
 */
export function RootErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';

  return (
    <MainContent className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-3 text-slate-600">Algo salió mal de nuestro lado. Vuelve a la página principal e inténtalo de nuevo.</p>
        {import.meta.env.DEV && detail && (
          <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-100 p-3 text-left text-sm text-slate-800">{detail}</pre>
        )}
        <a href="/" className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
          Volver a la página principal
        </a>
      </div>
    </MainContent>
  );
}
