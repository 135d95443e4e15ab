import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClassName } from '../components/ui/button-styles';
import { useDocumentTitle } from '../lib/document-title';

/** Any unknown route (spec section 2): three ways out, home, back and login. */
export function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  const navigate = useNavigate();
  const location = useLocation();

  // 'default' marks the first page of this tab's history in the app: there is nothing to go back to.
  const goBack = () => {
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  };

  return (
    <section aria-labelledby="not-found-title" className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <p aria-hidden="true" className="text-6xl font-extrabold tracking-tight text-brand-700">
        404
      </p>
      <h1 id="not-found-title" className="mt-3 text-2xl font-bold text-slate-900">
        Página no encontrada
      </h1>
      <p className="mt-3 text-slate-600">Lo sentimos, la página que estás buscando no existe o ha sido movida...</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/app" className={buttonClassName('primary')}>
          Ir al inicio
        </Link>
        <button type="button" onClick={goBack} className={buttonClassName('secondary')}>
          Regresar
        </button>
        <Link to="/login" className={buttonClassName('ghost')}>
          Iniciar sesión
        </Link>
      </div>
    </section>
  );
}
