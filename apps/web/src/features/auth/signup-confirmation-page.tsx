import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { CopyLink } from '../../components/ui/copy-link';
import { getAppName } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { safeRedirectTo } from '../../lib/redirect-to';
import { AuthCard } from './auth-ui';
import { withRedirectTo } from './redirect-links';

/** Without an e-mail there is nothing to confirm (spec: signup confirmation). */
export function signupConfirmationLoader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim();
  if (!email) throw redirect('/');
  return { email, redirectTo: safeRedirectTo(query.get('redirectTo')) };
}

/**
 * /signup-confirmation?email=… : the account exists and an e-mail with the login link is on its way.
 * The same link is here to copy, with a warning about social-media in-app browsers, which often lose
 * the session cookie and strand people between two browsers.
 */
export function SignupConfirmationPage() {
  useDocumentTitle('Revisa tu correo');
  const { email, redirectTo } = useLoaderData<typeof signupConfirmationLoader>();
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
        Te enviamos un correo a <strong className="wrap-anywhere font-semibold text-slate-900">{email}</strong> con el enlace para iniciar
        sesión.
      </p>

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

      <Link to={loginPath} className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
        Ir a iniciar sesión
      </Link>
    </AuthCard>
  );
}
