import { Link, useRevalidator, useRouteError } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { messageOf } from './route-loading';

const LOAD_FAILED = 'Ocurrió un error al cargar la información. Revisa tu conexión e intenta nuevamente.';

/** A membership page whose loader failed: the server's message, a retry that runs the loader again, and the way home. */
export function MembershipsRouteError({ title }: { title: string }) {
  useDocumentTitle(title);
  const error = useRouteError();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {messageOf(error, LOAD_FAILED)}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" onClick={() => void revalidator.revalidate()} disabled={retrying} className={buttonClassName('primary')}>
          {retrying ? 'Reintentando...' : 'Reintentar'}
        </button>
        <Link to="/app" className={buttonClassName('secondary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
