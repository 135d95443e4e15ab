import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { readSignupPrefill } from '../../lib/signup-prefill';
import { createSignupStep2Schema, firstFieldErrors, SignupStep1Schema } from '@galeno/domain/forms';
import { toast } from '../../components/ui/toast';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { clearTrialData } from '../../lib/trial-storage';
import { emailHasAccount, signup } from './api';
import { AuthCard, linkClassName, messageOf } from './auth-ui';
import { withRedirectTo } from './redirect-links';
import { SIGNUP_CONSENT_ID, SIGNUP_FIELD_IDS, SignupStep1, SignupStep2, type SignupField, type SignupValues } from './signup-steps';
import { PRIVACY_CONSENT_REQUIRED } from '@galeno/domain/contracts/auth';

const EMPTY: SignupValues = { email: '', name: '', dateOfBirth: '', phoneNumber: '' };
export const SIGNUP_SUCCESS = 'Usuario creado correctamente';
const EMAIL_TAKEN = 'Este correo ya está registrado. Inicia sesión con tu correo.';

/**
 * /signup (spec: signup), also shown at /a/{affiliateShortId} with the affiliate's id. Two steps
 * validated with the domain's schemas (the server checks the same ones); it creates the account and
 * sends the person to /signup-confirmation, whose code signs them in. Issue 19: a used e-mail is caught
 * at step 1, errors show in the form, a discount claim arrives prefilled, and signing up from the
 * trial (?desde=prueba) keeps the trial's answers.
 */
export function SignupPage({ affiliateId }: { affiliateId?: string | undefined }) {
  useDocumentTitle('Crear cuenta');
  const navigate = useNavigate();
  // Where the person was headed before signing up (a group invite, say): it rides along to the login.
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  const fromTrial = searchParams.get('desde') === 'prueba';
  const prefill = readSignupPrefill(useLocation().state);
  const [step, setStep] = useState<1 | 2>(1);
  const [moves, setMoves] = useState(0);
  const [values, setValues] = useState<SignupValues>(() =>
    prefill ? { ...EMPTY, email: prefill.email, name: prefill.name, dateOfBirth: prefill.dateOfBirth } : EMPTY,
  );
  /** The e-mail step 1 found an account for: the form offers to sign in with it instead. */
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** A failure of the last step, shown in the form (not a toast that vanishes). */
  const [formError, setFormError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // Built once per visit: the age rule reads today's date when it runs, not when it is built.
  const step2Schema = useMemo(() => createSignupStep2Schema(), []);

  const update = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(null);
    if (field === 'email') setTakenEmail(null);
    // Editing a field clears its error (spec section 5).
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    const first = (Object.keys(SIGNUP_FIELD_IDS) as SignupField[]).find((field) => fieldErrors[field]);
    if (first) document.getElementById(SIGNUP_FIELD_IDS[first])?.focus();
  };

  const goTo = (next: 1 | 2) => {
    setErrors({});
    setStep(next);
    setMoves((count) => count + 1);
  };

  const emailTaken = (email: string) => {
    setTakenEmail(email);
    showErrors({ email: EMAIL_TAKEN });
  };

  const submitStep1 = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SignupStep1Schema.safeParse({ email: values.email, name: values.name });
    if (!parsed.success) return showErrors(firstFieldErrors(parsed.error));
    // A used e-mail is told here, next to the field, not after the birth date and phone (issue 19).
    setChecking(true);
    const taken = await emailHasAccount(parsed.data.email).catch(() => false);
    setChecking(false);
    if (taken) return emailTaken(parsed.data.email);
    goTo(2);
  };

  const submitStep2 = async (event: FormEvent) => {
    event.preventDefault();
    const first = SignupStep1Schema.safeParse({ email: values.email, name: values.name });
    const second = step2Schema.safeParse({ dateOfBirth: values.dateOfBirth, phoneNumber: values.phoneNumber });
    if (!second.success) return showErrors(firstFieldErrors(second.error));
    if (!first.success) return goTo(1);
    if (!consent) {
      setConsentError(PRIVACY_CONSENT_REQUIRED);
      document.getElementById(SIGNUP_CONSENT_ID)?.focus();
      return;
    }

    setSubmitting(true);
    setFormError(null);
    try {
      await signup({
        ...first.data,
        ...second.data,
        acceptsPrivacyNotice: true,
        ...(affiliateId ? { affiliateId } : {}),
        ...(fromTrial ? { keepTrialAnswers: true } : {}),
      });
      // A registered person is past the trial: the 'trial finished' sheet must not greet them again.
      clearTrialData();
      toast.success(SIGNUP_SUCCESS);
      navigate(withRedirectTo(`/signup-confirmation?email=${encodeURIComponent(first.data.email)}`, redirectTo));
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        goTo(1);
        return emailTaken(first.data.email);
      }
      setFormError(messageOf(error));
    }
  };

  return (
    <div>
      <AuthCard labelledBy="signup-title">
        {step === 1 ? (
          <SignupStep1
            values={values}
            errors={errors}
            focusTitle={moves > 0}
            checking={checking}
            onChange={update}
            onSubmit={(event) => void submitStep1(event)}
            notice={
              <>
                {prefill?.discountPercent ? (
                  <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900">
                    Tienes {prefill.discountPercent}% de descuento: quedará en tu cuenta si te registras con {prefill.email}.
                  </p>
                ) : null}
                {fromTrial && (
                  <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
                    Guardaremos en tu cuenta lo que respondiste en tu prueba gratuita.
                  </p>
                )}
              </>
            }
            afterEmail={
              takenEmail && (
                <Link to={`/login?email=${encodeURIComponent(takenEmail)}`} className={buttonClassName('secondary', 'sm')}>
                  Entrar con {takenEmail}
                </Link>
              )
            }
          />
        ) : (
          <SignupStep2
            values={values}
            errors={errors}
            focusTitle={moves > 0}
            submitting={submitting}
            onChange={update}
            onBack={() => goTo(1)}
            onSubmit={(event) => void submitStep2(event)}
            formError={formError}
            consent={consent}
            consentError={consentError}
            onConsentChange={(accepted) => {
              setConsent(accepted);
              setConsentError(null);
            }}
          />
        )}
      </AuthCard>
      <p className="mt-6 text-center text-slate-700">
        ¿Ya tienes una cuenta?{' '}
        <Link to={withRedirectTo('/login', redirectTo)} className={linkClassName}>
          Inicia sesión
        </Link>
      </p>
    </div>
  );
}
