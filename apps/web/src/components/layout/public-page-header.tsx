import { Link } from 'react-router';
import { BrandMark } from '../ui/brand-mark';
import { buttonClassName } from '../ui/button-styles';

/** The header of the public reading pages (the legal pages, «Novedades del banco»): the brand and the way home. */
export function PublicPageHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-2 sm:px-6 sm:py-3">
        <Link to="/" className="shrink-0 rounded-lg text-lg text-slate-900">
          <BrandMark />
          <span className="sr-only">, página principal</span>
        </Link>
        <Link to="/" className={buttonClassName('ghost', 'sm')}>
          Volver al inicio
        </Link>
      </div>
    </header>
  );
}
