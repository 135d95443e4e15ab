import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { loginPathFor } from '../../lib/redirect-to';

/**
 * What a trial session sees on the membership pages: payments and groups belong to an account. Logging
 * in brings the person back to this very page (the group activation link included).
 */
export function AccountRequired({ title, reason }: { title: string; reason: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/signup" className={buttonClassName('primary')}>
          Crear mi cuenta gratis
        </Link>
        <Link to={loginPathFor(`${pathname}${search}`)} className={buttonClassName('secondary')}>
          Ya tengo cuenta
        </Link>
      </div>
    </div>
  );
}
