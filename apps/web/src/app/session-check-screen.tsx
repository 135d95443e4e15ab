import { buttonClassName } from '../components/ui/button-styles';
import { LoadingScreen } from '../components/ui/loading-screen';
import { BrandMark } from '../components/ui/brand-mark';
import { useSessionCheck } from '../lib/session';

/**
 * What shows while the start-up session check runs: 'Cargando...', or «Sin conexión» with «Reintentar» when the
 * server cannot be reached (issue 35, N5). Never the login form: the session may well be alive, and a student on
 * hospital Wi-Fi who sees it asks for a code and waits for an e-mail she does not need.
 */
export function SessionCheckScreen() {
  const { unreachable, retry, canContinueOffline, continueOffline } = useSessionCheck();
  if (!unreachable) return <LoadingScreen />;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-50 px-4 py-12">
      <section
        aria-labelledby="offline-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <BrandMark className="text-lg text-slate-900" />
        <h1 id="offline-title" className="mt-6 text-2xl font-bold text-slate-900">
          Sin conexión
        </h1>
        <p className="mt-3 text-slate-700">
          No pudimos comprobar tu sesión. Revisa tu señal o tu Wi-Fi; lo volvemos a intentar solos en unos segundos. No cerramos tu sesión.
        </p>
        <button type="button" onClick={retry} className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
          Reintentar
        </button>
        {canContinueOffline && (
          // Issue 41: what this phone keeps (her flashcards) works without signal.
          <button type="button" onClick={continueOffline} className={buttonClassName('secondary', 'md', 'mt-3 w-full')}>
            Estudiar sin conexión
          </button>
        )}
      </section>
    </div>
  );
}
