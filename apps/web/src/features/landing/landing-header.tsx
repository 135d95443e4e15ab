import { LandingLink } from './landing-link';
import { BrandMark } from '../../components/ui/brand-mark';
import { buttonClassName } from '../../components/ui/button-styles';

export const SECTION_LINKS = [
  { id: 'features', label: 'Funciones' },
  { id: 'demo', label: 'Vista previa' },
  { id: 'pricing', label: 'Precios' },
  { id: 'faq', label: 'Preguntas' },
] as const;

/**
 * One row at every width. Phones get the logo and «Entrar» only (signup lives in the hero, the pricing cards and
 * the footer, and the sections are one scroll away); from 768 px the section links and «Regístrate» join them.
 * `hidden md:…` is plain CSS, so the extra links leave the accessibility tree on phones too.
 */
export function LandingHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/95 backdrop-blur md:sticky md:top-0 md:z-40">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:px-6 sm:py-3 md:gap-4 lg:gap-6">
        <LandingLink to="/" data-cta="header-home" className="shrink-0 rounded-lg text-lg text-slate-900">
          <BrandMark />
          <span className="sr-only">, página principal</span>
        </LandingLink>

        <nav aria-label="Secciones de la página" className="hidden md:mr-auto md:block">
          <ul className="flex gap-1">
            {SECTION_LINKS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  data-cta={`header-nav-${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-lg px-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:px-3"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-2 md:ml-0">
          <LandingLink to="/login" data-cta="header-login" className={buttonClassName('ghost', 'sm')}>
            Entrar
          </LandingLink>
          {/* A wrapper hides it: `hidden` on the link would fight the button's own `inline-flex`. */}
          <div className="hidden md:block">
            <LandingLink to="/signup" data-cta="header-signup" className={buttonClassName('primary', 'sm')}>
              Regístrate
            </LandingLink>
          </div>
        </div>
      </div>
    </header>
  );
}
