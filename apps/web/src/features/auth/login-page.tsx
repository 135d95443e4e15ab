import { useEffect, useReducer, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { safeRedirectTo } from '../../lib/redirect-to';
import { useSession, useSignOutReason } from '../../lib/session';
import { FallbackStage } from './login-alternative-stages';
import { CodeStage, EmailStage } from './login-code-stages';
import { initialLoginState, loginReducer } from '@galeno/domain/login-stages';

/**
 * /login (spec: login): e-mail, then the code sent to it; birth date and phone together when the code does not
 * arrive, for an account that can use them (ux N11). After any login the person goes to redirectTo (a path inside this app) or /app.
 */
export function LoginPage() {
  useDocumentTitle('Iniciar sesión');
  const [searchParams] = useSearchParams();
  const [state, dispatch] = useReducer(loginReducer, searchParams.get('email')?.trim() ?? '', initialLoginState);
  const { setUser, status, isTrial } = useSession();
  const signedOutBy = useSignOutReason();
  const navigate = useNavigate();
  const focusTitle = state.moves > 0;
  const redirectTo = safeRedirectTo(searchParams.get('redirectTo'));
  const left = useRef(false);

  const leave = () => {
    if (left.current) return;
    left.current = true;
    navigate(redirectTo ?? '/app', { replace: true });
  };
  const signedIn = (user: AuthUser) => {
    setUser(user);
    leave();
  };
  // A signed-in account has nothing to do here (spec: login); a trial user does, to log in for real. Checked once the
  // start-up session check answers, not in a loader: the page arrives pre-rendered and hydrates without waiting (issue 21).
  useEffect(() => {
    if (status === 'signed-in' && !isTrial) leave();
  });

  // A session ended because the account signed in on a third device (issue 20): said here, once, on the e-mail stage.
  const endedElsewhere = signedOutBy === 'device_limit' && state.stage === 'email';
  switch (state.stage) {
    case 'email':
      return (
        <>
          {endedElsewhere && (
            <p role="status" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
              Tu sesión se cerró porque tu cuenta entró en otro dispositivo. Tu membresía puede estar abierta en 2 dispositivos a la vez.
            </p>
          )}
          <EmailStage
            initialEmail={state.email}
            focusTitle={focusTitle}
            redirectTo={redirectTo}
            onCodeSent={(email, fallbackLogin) => dispatch({ type: 'codeSent', email, fallbackLogin })}
            onCodeLimited={(email, message, fallbackLogin) => dispatch({ type: 'codeLimited', email, message, fallbackLogin })}
          />
        </>
      );
    case 'code':
      return <CodeStage state={state} dispatch={dispatch} focusTitle={focusTitle} onSignedIn={signedIn} />;
    case 'fallback':
      return <FallbackStage state={state} dispatch={dispatch} focusTitle={focusTitle} onSignedIn={signedIn} />;
  }
}
