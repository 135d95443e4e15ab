import { useState, type Dispatch, type FormEvent } from 'react';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { createDateOfBirthSchema, digitsOnly, PhoneNumberSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { loginWithBirthdateAndPhone } from './api';
import { AuthCard, BackArrowButton, messageOf, StageHeading } from './auth-ui';
import type { LoginEvent, LoginState } from '@galeno/domain/login-stages';

interface StageProps {
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  focusTitle: boolean;
  onSignedIn: (user: AuthUser) => void;
}

/**
 * Stage 3: the birth date and the phone together (ux N11), for when the code does not arrive; reached only by an
 * account that can use them. A refusal does not say which of the two did not match.
 */
export function FallbackStage({ state, dispatch, focusTitle, onSignedIn }: StageProps) {
  const [birthdate, setBirthdate] = useState('');
  const [phone, setPhone] = useState('');
  const [checking, setChecking] = useState(false);
  // Errors show under their field (and are announced), never as a toast that outlives them (issue 19).
  const [errors, setErrors] = useState<{ birthdate?: string; phone?: string; login?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = createDateOfBirthSchema().safeParse(birthdate);
    const number = PhoneNumberSchema.safeParse(phone);
    if (!date.success || !number.success) {
      setErrors({ birthdate: date.error?.issues[0]?.message, phone: number.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    setChecking(true);
    try {
      onSignedIn(await loginWithBirthdateAndPhone(state.email, date.data, number.data));
    } catch (failure) {
      setErrors({ login: messageOf(failure) });
      setChecking(false);
    }
  };

  return (
    <AuthCard labelledBy="login-title">
      <BackArrowButton onClick={() => dispatch({ type: 'back' })} label="Volver al código" />
      <StageHeading id="login-title" focusOnMount={focusTitle}>
        Entra con tu fecha de nacimiento y tu teléfono
      </StageHeading>
      <p className="mt-2 text-slate-700">
        Escribe los dos datos que confirmaste en tu cuenta{' '}
        <strong className="wrap-anywhere font-semibold text-slate-900">{state.email}</strong>.
      </p>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <TextField
          id="login-birthdate"
          label="Fecha de nacimiento"
          type="date"
          autoComplete="bday"
          value={birthdate}
          error={errors.birthdate}
          onChange={(event) => {
            setBirthdate(event.target.value);
            setErrors({});
          }}
        />
        <TextField
          id="login-phone"
          label="Número de teléfono"
          hint="Solo números, sin espacios ni guiones."
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          error={errors.phone}
          onChange={(event) => {
            setPhone(digitsOnly(event.target.value));
            setErrors({});
          }}
        />
        {errors.login && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.login}
          </p>
        )}
        <button
          type="submit"
          disabled={birthdate === '' || phone.trim() === '' || checking}
          className={buttonClassName('primary', 'md', 'w-full')}
        >
          {checking ? 'Verificando...' : 'Iniciar sesión'}
        </button>
      </form>

      <button type="button" onClick={() => dispatch({ type: 'backToStart' })} className={buttonClassName('ghost', 'md', 'mt-4 w-full')}>
        Volver a empezar
      </button>
    </AuthCard>
  );
}
