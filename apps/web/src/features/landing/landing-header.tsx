import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark';
import { buttonClassName } from '../../components/ui/button-styles';

export const SECTION_LINKS = [
  { id: 'features', label: 'Funciones' },
  { id: 'demo', label: 'Demo' },
  { id: 'pricing', label: 'Precios' },
  { id: 'faq', label: 'Preguntas' },
] as const;

export function LandingHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/95 backdrop-blur md:sticky md:top-0 md:z-40">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:gap-x-6 sm:px-6 sm:py-3">
        <Link to="/" data-cta="header-home" className="rounded-lg text-lg text-slate-900">
          <BrandMark />
          <span className="sr-only">, página principal</span>
        </Link>

        <nav aria-label="Secciones de la página" className="order-last w-full md:order-none md:mr-auto md:w-auto">
          <ul className="-mx-2 flex justify-between gap-1 md:justify-start">
            {SECTION_LINKS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  data-cta={`header-nav-${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3 sm:text-base"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <Link to="/login" data-cta="header-login" className={buttonClassName('ghost', 'sm')}>
            Iniciar sesión
          </Link>
          <Link to="/signup" data-cta="header-signup" className={buttonClassName('primary', 'sm')}>
            Regístrate
          </Link>
        </div>
      </div>
    </header>
  );
}
