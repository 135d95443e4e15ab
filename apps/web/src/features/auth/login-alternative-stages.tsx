import { useState, type Dispatch, type FormEvent } from 'react';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { createDateOfBirthSchema, digitsOnly, PhoneNumberSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { loginWithBirthdate, loginWithPhone } from './api';
import { AuthCard, BackArrowButton, messageOf, StageHeading } from './auth-ui';
import type { LoginEvent, LoginState } from '@galeno/domain/login-stages';

interface StageProps {
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  focusTitle: boolean;
  onSignedIn: (user: AuthUser) => void;
}

/** Stage 3: birth date, for when the code does not arrive. A refused date offers the phone. */
export function BirthdateStage({ state, dispatch, focusTitle, onSignedIn }: StageProps) {
  const [birthdate, setBirthdate] = useState('');
  const [checking, setChecking] = useState(false);
  // Errors show under the field (and are announced), never as a toast that outlives them (issue 19).
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDateOfBirthSchema().safeParse(birthdate);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      onSignedIn(await loginWithBirthdate(state.email, parsed.data));
    } catch (failure) {
      setError(messageOf(failure));
      dispatch({ type: 'birthdateRejected' });
      setChecking(false);
    }
  };

  return (
    <AuthCard labelledBy="login-title">
      <BackArrowButton onClick={() => dispatch({ type: 'back' })} label="Volver al código" />
      <StageHeading id="login-title" focusOnMount={focusTitle}>
        Entra con tu fecha de nacimiento
      </StageHeading>
      <p className="mt-2 text-slate-700">
        Escribe la fecha que registraste en tu cuenta <strong className="wrap-anywhere font-semibold text-slate-900">{state.email}</strong>.
      </p>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <TextField
          id="login-birthdate"
          label="Fecha de nacimiento"
          type="date"
          autoComplete="bday"
          value={birthdate}
          error={error ?? undefined}
          onChange={(event) => {
            setBirthdate(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" disabled={birthdate === '' || checking} className={buttonClassName('primary', 'md', 'w-full')}>
          {checking ? 'Verificando...' : 'Iniciar sesión'}
        </button>
      </form>

      {state.birthdateRejected && (
        <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm text-slate-700">¿No coincide? También puedes entrar con el número de teléfono que registraste.</p>
          <button
            type="button"
            onClick={() => dispatch({ type: 'usePhone' })}
            className={buttonClassName('secondary', 'md', 'mt-3 w-full')}
          >
            Entrar con mi número de teléfono
          </button>
        </div>
      )}

      <BackToStart dispatch={dispatch} />
    </AuthCard>
  );
}

/** Stage 4: phone number, offered after a refused birth date. */
export function PhoneStage({ state, dispatch, focusTitle, onSignedIn }: StageProps) {
  const [phone, setPhone] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PhoneNumberSchema.safeParse(phone);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      onSignedIn(await loginWithPhone(state.email, parsed.data));
    } catch (failure) {
      setError(messageOf(failure));
      setChecking(false);
    }
  };

  return (
    <AuthCard labelledBy="login-title">
      <BackArrowButton onClick={() => dispatch({ type: 'back' })} label="Volver a la fecha de nacimiento" />
      <StageHeading id="login-title" focusOnMount={focusTitle}>
        Entra con tu número de teléfono
      </StageHeading>
      <p className="mt-2 text-slate-700">
        Escribe el número que registraste en tu cuenta <strong className="wrap-anywhere font-semibold text-slate-900">{state.email}</strong>
        .
      </p>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <TextField
          id="login-phone"
          label="Número de teléfono"
          hint="Solo números, sin espacios ni guiones."
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          error={error ?? undefined}
          onChange={(event) => {
            setPhone(digitsOnly(event.target.value));
            setError(null);
          }}
        />
        <button type="submit" disabled={phone.trim() === '' || checking} className={buttonClassName('primary', 'md', 'w-full')}>
          {checking ? 'Verificando...' : 'Iniciar sesión'}
        </button>
      </form>

      <BackToStart dispatch={dispatch} />
    </AuthCard>
  );
}

function BackToStart({ dispatch }: { dispatch: Dispatch<LoginEvent> }) {
  return (
    <button type="button" onClick={() => dispatch({ type: 'backToStart' })} className={buttonClassName('ghost', 'md', 'mt-4 w-full')}>
      Volver a empezar
    </button>
  );
}
