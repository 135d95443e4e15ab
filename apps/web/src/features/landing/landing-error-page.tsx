import { LandingLink } from './landing-link';
import { BrandMark } from '../../components/ui/brand-mark';
import { buttonClassName } from '../../components/ui/button-styles';
import { MainContent } from '../../components/ui/main-content';

/** The landing's own fallback (spec: "landing page with an error fallback page"). */
export function LandingErrorPage() {
  return (
    <MainContent className="grid min-h-dvh place-items-center bg-brand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <BrandMark className="text-lg text-slate-900" />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">No pudimos mostrar esta página</h1>
        <p className="mt-3 text-slate-700">
          Tuvimos un problema al cargarla. Revisa tu conexión y vuelve a intentarlo; si sigue fallando, espera unos minutos.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" onClick={() => window.location.reload()} className={buttonClassName('primary')}>
            Recargar la página
          </button>
          <LandingLink to="/login" className={buttonClassName('ghost')}>
            Iniciar sesión
          </LandingLink>
        </div>
      </div>
    </MainContent>
  );
}
