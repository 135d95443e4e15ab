import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createSignupStep2Schema, firstFieldErrors, SignupStep1Schema } from '@galeno/domain/forms';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/document-title';
import { clearTrialData } from '../../lib/trial-storage';
import { signup } from './api';
import { AuthCard, linkClassName, messageOf } from './auth-ui';
import { withRedirectTo } from './redirect-links';
import { SIGNUP_FIELD_IDS, SignupStep1, SignupStep2, type SignupField, type SignupValues } from './signup-steps';

const EMPTY: SignupValues = { email: '', name: '', dateOfBirth: '', phoneNumber: '' };
export const SIGNUP_SUCCESS = 'Usuario creado correctamente';

/**
 * /signup (spec: signup), also shown at /a/{affiliateShortId} with the affiliate's id. Two steps
 * validated with the domain's schemas (the server checks the same ones); it creates the account
 * without signing in and sends the person to /signup-confirmation.
 */
export function SignupPage({ affiliateId }: { affiliateId?: string | undefined }) {
  useDocumentTitle('Crear cuenta');
  const navigate = useNavigate();
  // Where the person was headed before signing up (a group invite, say): it rides along to the login.
  const redirectTo = useSearchParams()[0].get('redirectTo');
  const [step, setStep] = useState<1 | 2>(1);
  const [moves, setMoves] = useState(0);
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // Built once per visit: the age rule reads today's date when it runs, not when it is built.
  const step2Schema = useMemo(() => createSignupStep2Schema(), []);

  const update = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
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

  const submitStep1 = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SignupStep1Schema.safeParse({ email: values.email, name: values.name });
    if (!parsed.success) return showErrors(firstFieldErrors(parsed.error));
    goTo(2);
  };

  const submitStep2 = async (event: FormEvent) => {
    event.preventDefault();
    const first = SignupStep1Schema.safeParse({ email: values.email, name: values.name });
    const second = step2Schema.safeParse({ dateOfBirth: values.dateOfBirth, phoneNumber: values.phoneNumber });
    if (!second.success) return showErrors(firstFieldErrors(second.error));
    if (!first.success) return goTo(1);

    setSubmitting(true);
    try {
      await signup({ ...first.data, ...second.data, ...(affiliateId ? { affiliateId } : {}) });
      // A registered person is past the trial: the 'trial finished' overlay must not greet them again.
      clearTrialData();
      toast.success(SIGNUP_SUCCESS);
      navigate(withRedirectTo(`/signup-confirmation?email=${encodeURIComponent(first.data.email)}`, redirectTo));
    } catch (error) {
      toast.error(messageOf(error));
      setSubmitting(false);
    }
  };

  return (
    <div>
      <AuthCard labelledBy="signup-title">
        {step === 1 ? (
          <SignupStep1 values={values} errors={errors} focusTitle={moves > 0} onChange={update} onSubmit={submitStep1} />
        ) : (
          <SignupStep2
            values={values}
            errors={errors}
            focusTitle={moves > 0}
            submitting={submitting}
            onChange={update}
            onBack={() => goTo(1)}
            onSubmit={(event) => void submitStep2(event)}
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
