import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * Route module for /cuenta-eliminada, where «Eliminar mi cuenta» ends (ux N27): it says the account is gone and what
 * was kept, instead of dropping the person on the landing page as if nothing happened.
 */
export function Component() {
  useDocumentTitle('Tu cuenta fue eliminada');
  return (
    <section aria-labelledby="account-deleted-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 id="account-deleted-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Tu cuenta fue eliminada
      </h1>
      <p className="mt-3 text-slate-700">
        Borramos tu cuenta, tus respuestas, tus estadísticas y tus flashcards, y cerramos tu sesión en todos tus dispositivos. Tus pagos se
        conservan sin tu nombre, como lo pide la ley.
      </p>
      <p className="mt-2 text-slate-700">Si algún día quieres volver, puedes crear una cuenta nueva con el mismo correo.</p>
      <Link to="/" className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
        Ir a la página principal
      </Link>
    </section>
  );
}
