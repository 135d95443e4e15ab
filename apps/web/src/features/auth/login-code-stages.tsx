import { useEffect, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { LOGIN_EMAIL_INVALID, LoginEmailSchema, OtpCodeSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { ExternalLink } from '../../components/ui/external-link';
import { CodeField, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { supportChatUrl } from '../../lib/external-links';
import { getAppName } from '../../lib/brand';
import { ApiError } from '../../lib/api-client';
import { fallbackLoginOffered, loginWithCode, requestLoginCode } from './api';
import { AuthCard, linkClassName, messageOf, StageHeading } from './auth-ui';
import { withRedirectTo } from './redirect-links';
import type { LoginEvent, LoginState } from '@galeno/domain/login-stages';

// Spec section 8.
const CODE_SEND_FAILED = 'Error al enviar el código. Intenta nuevamente.';
const CODE_CHECK_FAILED = 'Error al validar el código. Intenta nuevamente.';

/** Stage 1: the e-mail, titled «Entra a Galeno» (a welcome back would be wrong for someone new or invited). */
export function EmailStage({
  initialEmail,
  focusTitle,
  redirectTo,
  onCodeSent,
  onCodeLimited,
}: {
  initialEmail: string;
  focusTitle: boolean;
  /** Where the login leads; the signup link carries it, so someone without an account still gets there. */
  redirectTo: string | null;
  onCodeSent: (email: string, fallbackLogin: boolean) => void;
  /** The server refused a new code for now: the code stage opens with its message and the other way in, where it works. */
  onCodeLimited: (email: string, message: string, fallbackLogin: boolean) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const support = supportChatUrl();
  // Errors show under the field (and are announced), never as a toast that outlives them (issue 19).
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(LOGIN_EMAIL_INVALID);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const { fallbackLogin } = await requestLoginCode(parsed.data);
      onCodeSent(parsed.data, fallbackLogin);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OTP_REQUEST_LIMIT') {
        onCodeLimited(parsed.data, error.message, await fallbackLoginOffered(parsed.data).catch(() => false));
        return;
      }
      setError(messageOf(error, CODE_SEND_FAILED));
      setSending(false);
    }
  };

  return (
    <AuthCard labelledBy="login-title">
      <StageHeading id="login-title" focusOnMount={focusTitle}>
        Entra a {getAppName()}
      </StageHeading>
      <p className="mt-2 text-slate-700">Escribe tu correo y te enviaremos un código para iniciar sesión.</p>

      {/* noValidate: the spec's own message ('Ingresa un correo válido') replaces the browser's bubble. */}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <TextField
          id="login-email"
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={error ?? undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" disabled={email.trim() === '' || sending} className={buttonClassName('primary', 'md', 'w-full')}>
          {sending ? 'Enviando código...' : 'Enviar código'}
        </button>
      </form>

      <p className="mt-6 text-center text-slate-700">
        ¿Aún no tienes cuenta?{' '}
        <Link to={withRedirectTo('/signup', redirectTo)} className={linkClassName}>
          Regístrate gratis
        </Link>
      </p>
      {support && (
        <p className="mt-2 text-center text-sm text-slate-600">
          ¿Problemas para entrar?{' '}
          <ExternalLink href={support} className={linkClassName}>
            Escríbenos por el chat de soporte
          </ExternalLink>
        </p>
      )}
    </AuthCard>
  );
}

/** Stage 2: the one-time code, with the three tips for finding the e-mail. */
export function CodeStage({
  state,
  dispatch,
  focusTitle,
  onSignedIn,
}: {
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  focusTitle: boolean;
  onSignedIn: (user: AuthUser) => void;
}) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // «No encuentro el código» for an account without the birth-date and phone login: says so instead of offering it.
  const [noFallback, setNoFallback] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // Arriving from «Enviar código», the student types the code next: focus goes to its field (ux finding 23), whose
  // label and the text above say what to do. A refused request shows its message first, so the heading takes focus.
  const focusCode = focusTitle && !state.codeLimit;
  useEffect(() => {
    if (focusCode) codeRef.current?.focus();
  }, [focusCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CODE_CHECK_FAILED);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      onSignedIn(await loginWithCode(state.email, parsed.data));
    } catch (failure) {
      setError(messageOf(failure, CODE_CHECK_FAILED));
      dispatch({ type: 'codeRejected' });
      setChecking(false);
    }
  };

  const resend = async () => {
    dispatch({ type: 'codeResent' });
    try {
      await requestLoginCode(state.email);
      // A confirmation: the one kind of message a toast carries.
      setError(null);
      toast.success('Te enviamos un código nuevo. Usa el más reciente.');
    } catch (failure) {
      setError(messageOf(failure, CODE_SEND_FAILED));
      dispatch({ type: 'resendFailed' });
    }
  };

  return (
    <AuthCard labelledBy="login-title">
      <StageHeading id="login-title" focusOnMount={focusTitle && !focusCode}>
        Revisa tu correo
      </StageHeading>
      {state.codeLimit ? (
        <div role="status" className="mt-2 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          <p>{state.codeLimit}</p>
          {state.fallbackLogin && (
            <button type="button" onClick={() => dispatch({ type: 'cantFindCode' })} className={buttonClassName('primary', 'md', 'w-full')}>
              Entrar con mi fecha de nacimiento y teléfono
            </button>
          )}
        </div>
      ) : (
        <p className="mt-2 text-slate-700">
          Enviamos un código de acceso a <strong className="wrap-anywhere font-semibold text-slate-900">{state.email}</strong>.
        </p>
      )}
      <ul className="mt-4 space-y-2 rounded-xl bg-brand-50 p-4 text-sm text-slate-800">
        <Tip>Si no lo ves en tu bandeja de entrada, revisa la carpeta de spam o correo no deseado.</Tip>
        <Tip>El código también aparece en el asunto del correo.</Tip>
        <Tip>Puede tardar hasta 2 minutos en llegar.</Tip>
      </ul>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <CodeField
          ref={codeRef}
          id="login-code"
          label="Código de acceso"
          value={code}
          error={error ?? undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" disabled={code.trim() === '' || checking} className={buttonClassName('primary', 'md', 'w-full')}>
          {checking ? 'Confirmando...' : 'Confirmar'}
        </button>
      </form>

      {state.codeRejected && (
        <button
          type="button"
          onClick={() => void resend()}
          disabled={state.codeResent}
          className={buttonClassName('secondary', 'md', 'mt-3 w-full')}
        >
          {state.codeResent ? 'Enviado!' : 'Reenviar'}
        </button>
      )}

      <div className="mt-4 grid gap-1">
        <button type="button" onClick={() => dispatch({ type: 'correctEmail' })} className={buttonClassName('ghost', 'md')}>
          Corregir correo
        </button>
        <button
          type="button"
          onClick={() => (state.fallbackLogin ? dispatch({ type: 'cantFindCode' }) : setNoFallback(true))}
          className={buttonClassName('ghost', 'md')}
        >
          No encuentro el código
        </button>
      </div>
      {noFallback && (
        <p role="status" className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          Espera unos minutos, revisa spam y pide un código nuevo. Entrar con tu fecha de nacimiento y tu teléfono solo es posible después
          de confirmarlos en Mi Perfil.
        </p>
      )}
    </AuthCard>
  );
}

function Tip({ children }: { children: string }) {
  return (
    <li className="flex gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="mt-0.5 size-4 shrink-0 text-brand-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 10.5l3 3 7-7" />
      </svg>
      <span>{children}</span>
    </li>
  );
}
