import { getAppName } from '../../lib/brand';
import { buttonClassName } from '../../components/ui/button-styles';
import { useInstallPrompt } from '../../lib/install-prompt';

/**
 * «Instala la app» on the home (issue 41): offered only when the browser can install it, and put away for good with
 * «Ahora no». On the phone it opens from its icon, full screen, on the student's home.
 */
export function InstallApp() {
  const { available, install, dismiss } = useInstallPrompt();
  if (!available) return null;
  return (
    <section aria-labelledby="install-app-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="install-app-title" className="font-bold text-slate-900">
        Instala {getAppName()} en tu teléfono
      </h2>
      <p className="text-sm text-slate-700">Ábrelo desde su ícono, a pantalla completa, sin buscar la página.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button type="button" onClick={() => void install()} className={buttonClassName('primary', 'md')}>
          Instalar
        </button>
        <button type="button" onClick={dismiss} className={buttonClassName('secondary', 'md')}>
          Ahora no
        </button>
      </div>
    </section>
  );
}
