import { useState, type FormEvent } from 'react';
import { Link, redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { CodeField } from '../../components/ui/text-field';
import { clearToasts } from '../../components/ui/toast';
import { useSession } from '../../lib/session';
import { loginWithCode } from './api';
import { buttonClassName } from '../../components/ui/button-styles';
import { CopyLink } from '../../components/ui/copy-link';
import { getAppName } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { safeRedirectTo } from '../../lib/redirect-to';
import { AuthCard, messageOf } from './auth-ui';
import { withRedirectTo } from './redirect-links';

/** Without an e-mail there is nothing to confirm (spec: signup confirmation). */
export function signupConfirmationLoader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim();
  if (!email) throw redirect('/');
  return { email, redirectTo: safeRedirectTo(query.get('redirectTo')) };
}

/** Where a new account goes once its code is in: the first-run screen (exam year, speciality, a first quiz). */
export const FIRST_RUN_PATH = '/app/bienvenida';

/**
 * /signup-confirmation?email=… : the account exists and its one e-mail, with the welcome and a code, is on its way.
 * Typing the code here confirms the address and signs the student in (issue 19). The login link is here to copy
 * too, with a warning about social-media in-app browsers, which often lose the session cookie.
 */
export function SignupConfirmationPage() {
  useDocumentTitle('Revisa tu correo');
  const { email, redirectTo } = useLoaderData<typeof signupConfirmationLoader>();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '' || checking) return;
    setChecking(true);
    setError(undefined);
    try {
      setUser(await loginWithCode(email, code.trim()));
      // "Usuario creado correctamente" belonged to this screen: it does not follow the student into the app.
      clearToasts();
      navigate(redirectTo ?? FIRST_RUN_PATH, { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      setChecking(false);
    }
  }
  const loginPath = withRedirectTo(`/login?email=${encodeURIComponent(email)}`, redirectTo);
  const loginUrl = `${window.location.origin}${loginPath}`;
  const brand = getAppName();

  return (
    <AuthCard labelledBy="confirmation-title">
      <div aria-hidden="true" className="mb-4 grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-800">
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 7l9 6 9-6" />
        </svg>
      </div>
      <h1 id="confirmation-title" className="text-2xl font-bold tracking-tight text-slate-900">
        ¡Listo! Revisa tu correo
      </h1>
      <p className="mt-2 text-slate-700">
        Te enviamos un correo a <strong className="wrap-anywhere font-semibold text-slate-900">{email}</strong> con tu código para entrar.
        Escríbelo aquí y empieza a estudiar.
      </p>

      <form noValidate onSubmit={(event) => void confirm(event)} className="mt-4 space-y-3">
        <CodeField
          id="signup-code"
          label="Código de 6 dígitos"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <button type="submit" disabled={code.trim() === '' || checking} className={buttonClassName('primary', 'md', 'w-full')}>
          {checking ? 'Confirmando...' : 'Entrar'}
        </button>
      </form>

      <h2 className="mt-6 font-semibold text-slate-900">¿No lo encuentras?</h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 marker:text-brand-700">
        <li>Revisa tu carpeta de spam o correo no deseado.</li>
        <li>Busca «{brand}» en tu bandeja de entrada.</li>
        <li>Verifica que tu correo esté bien escrito.</li>
      </ul>

      <div className="mt-6">
        <CopyLink label="Tu enlace para iniciar sesión" value={loginUrl} />
      </div>

      <div role="note" className="mt-4 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mt-0.5 size-5 shrink-0 text-amber-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M10 3l8 14H2z" />
          <path d="M10 8v4M10 14.5h.01" />
        </svg>
        <p>
          <strong className="font-semibold">Ábrelo en tu navegador</strong> (Chrome, Safari o el que uses), no dentro de Facebook,
          Instagram, TikTok u otra red social: sus navegadores internos pueden impedir que inicies sesión.
        </p>
      </div>

      <Link to={loginPath} className={buttonClassName('secondary', 'md', 'mt-6 w-full')}>
        Ir a iniciar sesión
      </Link>
    </AuthCard>
  );
}
