import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { digitsOnly } from '@galeno/domain/forms';
import { SIGNUP_NOTICE_MS } from '@galeno/domain/timings';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { StageHeading } from './auth-ui';

export type SignupField = 'email' | 'name' | 'dateOfBirth' | 'phoneNumber';
export type SignupValues = Record<SignupField, string>;
type FieldErrors = Partial<Record<SignupField, string>>;

export const SIGNUP_CONSENT_ID = 'signup-consent';

/** The input of each field, in screen order, so the first invalid one can take focus. */
export const SIGNUP_FIELD_IDS: Record<SignupField, string> = {
  email: 'signup-email',
  name: 'signup-name',
  dateOfBirth: 'signup-date-of-birth',
  phoneNumber: 'signup-phone',
};

function StepLabel({ step }: { step: 1 | 2 }) {
  return <p className="mb-1 text-sm font-semibold uppercase tracking-wide text-brand-800">Paso {step} de 2</p>;
}

/** Step 1: a welcome, e-mail and full name. */
export function SignupStep1({
  values,
  errors,
  focusTitle,
  checking,
  notice,
  afterEmail,
  onChange,
  onSubmit,
}: {
  values: SignupValues;
  errors: FieldErrors;
  focusTitle: boolean;
  /** The e-mail is being checked for an existing account. */
  checking: boolean;
  /** What this signup carries (a won discount, the trial's answers). */
  notice?: ReactNode;
  /** Under the e-mail: the way in for an e-mail that already has an account. */
  afterEmail?: ReactNode;
  onChange: (field: SignupField, value: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <>
      <StepLabel step={1} />
      <StageHeading id="signup-title" focusOnMount={focusTitle}>
        Te damos la bienvenida
      </StageHeading>
      <p className="mt-2 text-slate-700">Completa tu registro para obtener acceso gratis y empezar a practicar para el ENARM.</p>
      {notice && <div className="mt-4 space-y-2">{notice}</div>}

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          id={SIGNUP_FIELD_IDS.email}
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          error={errors.email}
          onChange={(event) => onChange('email', event.target.value)}
        />
        {afterEmail}
        <TextField
          id={SIGNUP_FIELD_IDS.name}
          label="Nombre completo"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(event) => onChange('name', event.target.value)}
        />
        <button type="submit" disabled={checking} className={buttonClassName('primary', 'md', 'w-full')}>
          {checking ? 'Revisando...' : 'Continuar'}
        </button>
      </form>
    </>
  );
}

/** Step 2: 'almost done', birth date and phone, with the recovery notice. */
export function SignupStep2({
  values,
  errors,
  focusTitle,
  submitting,
  formError,
  consent,
  consentError,
  onConsentChange,
  onChange,
  onBack,
  onSubmit,
}: {
  values: SignupValues;
  errors: FieldErrors;
  focusTitle: boolean;
  submitting: boolean;
  /** Why creating the account failed, shown (and announced) in the form. */
  formError: string | null;
  /** The aviso de privacidad and terms accepted (issue 20). */
  consent: boolean;
  consentError: string | null;
  onConsentChange: (accepted: boolean) => void;
  onChange: (field: SignupField, value: string) => void;
  onBack: () => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <>
      <StepLabel step={2} />
      <StageHeading id="signup-title" focusOnMount={focusTitle}>
        ¡Ya casi terminamos!
      </StageHeading>
      <RecoveryNotice />

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          id={SIGNUP_FIELD_IDS.dateOfBirth}
          label="Fecha de nacimiento"
          type="date"
          autoComplete="bday"
          value={values.dateOfBirth}
          error={errors.dateOfBirth}
          onChange={(event) => onChange('dateOfBirth', event.target.value)}
        />
        <TextField
          id={SIGNUP_FIELD_IDS.phoneNumber}
          label="Número de teléfono"
          hint="Solo números, sin espacios ni guiones."
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phoneNumber}
          error={errors.phoneNumber}
          // Non-digits are dropped as they are typed (spec section 5).
          onChange={(event) => onChange('phoneNumber', digitsOnly(event.target.value))}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id={SIGNUP_CONSENT_ID}
              type="checkbox"
              checked={consent}
              onChange={(event) => onConsentChange(event.target.checked)}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${SIGNUP_CONSENT_ID}-error` : undefined}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <label htmlFor={SIGNUP_CONSENT_ID} className="text-sm text-slate-800">
              Acepto el{' '}
              <a href="/privacidad" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
                aviso de privacidad
              </a>{' '}
              y los{' '}
              <a href="/terminos" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
                términos y condiciones
              </a>
              .
            </label>
          </div>
          {consentError && (
            <p id={`${SIGNUP_CONSENT_ID}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {consentError}
            </p>
          )}
        </div>
        <p role="alert" className="text-sm font-semibold text-red-700 empty:hidden">
          {formError}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <button type="button" onClick={onBack} disabled={submitting} className={buttonClassName('secondary', 'md', 'sm:w-1/3')}>
            Atrás
          </button>
          <button type="submit" disabled={submitting} className={buttonClassName('primary', 'md', 'flex-1')}>
            {submitting ? 'Registrando...' : 'Crear mi cuenta'}
          </button>
        </div>
      </form>
    </>
  );
}

/** Says why we ask for these two; it glows for SIGNUP_NOTICE_MS when the step opens, then rests. */
function RecoveryNotice() {
  const [animating, setAnimating] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setAnimating(false), SIGNUP_NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p
      data-testid="recovery-notice"
      data-animating={animating}
      className={`mt-3 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 ${animating ? 'animate-attention' : ''}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="mt-0.5 size-4 shrink-0 text-amber-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10 2l6 2.5v4.5c0 4-2.6 7-6 8.5-3.4-1.5-6-4.5-6-8.5V4.5z" />
        <path d="M7.5 10l2 2 3.5-4" />
      </svg>
      <span>Tu fecha de nacimiento y tu teléfono te servirán para recuperar tu cuenta si algún día no te llega el código a tu correo.</span>
    </p>
  );
}
