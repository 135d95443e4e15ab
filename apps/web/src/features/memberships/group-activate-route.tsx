import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { firstFieldErrors, GroupActivationSchema } from '@galeno/domain/forms';
import { getPlan, MEMBERSHIP_MODE_LABELS, type PlanId } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { clearProfileCache } from '../../lib/profile-cache';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { AccountRequired } from '../../components/ui/account-required';
import { activateGroupMembership } from './api';
import { ACTIVATION_ERROR_TITLE, ACTIVATION_FAILED, ACTIVATION_SUCCESS, ACTIVATION_UNEXPECTED, NOT_INVITED_ACCOUNT_CODE } from './texts';

/**
 * Route module for /app/group-membership/activate?email=… (spec: group activation), the link of the
 * invitation e-mail. The invited person confirms the e-mail; only the signed-in account with that
 * e-mail can take the seat (the server checks). Success clears the profile cache, so the home header
 * shows the group plan.
 */

const TITLE = 'Activa tu membresía grupal';

type ActivationError = { message: string; notInvitedAccount: boolean };

export function Component() {
  useDocumentTitle(TITLE);
  const user = useRequiredUser();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  // Signed in with the invited address (from the invitation page): nothing to confirm, one button activates.
  const invitedIsSignedIn = !user.isTrial && user.email === (searchParams.get('email') ?? '').trim().toLowerCase();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ActivationError | null>(null);
  const [activating, setActivating] = useState(false);
  const [activated, setActivated] = useState<PlanId | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  if (user.isTrial) {
    return (
      <AccountRequired title={TITLE} reason="Para activar tu invitación inicia sesión, o regístrate, con el correo al que te llegó." />
    );
  }
  if (activated) return <Activated planId={activated} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activating) return;
    const parsed = GroupActivationSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(firstFieldErrors(parsed.error).email);
      emailRef.current?.focus();
      return;
    }
    setFailure(null);
    setActivating(true);
    try {
      const response = await activateGroupMembership(parsed.data.email);
      if (!response.success) {
        setFailure({ message: response.message || ACTIVATION_FAILED, notInvitedAccount: false });
        setActivating(false);
        return;
      }
      clearProfileCache();
      toast.success(ACTIVATION_SUCCESS);
      setActivated(response.membershipDetails.membershipType);
    } catch (error) {
      setFailure(activationFailure(error));
      setActivating(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{TITLE}</h1>
      <p className="mt-2 text-slate-700">
        {invitedIsSignedIn ? (
          <>
            Te invitaron a un plan grupal. Se activará en tu cuenta <span className="break-all font-semibold">{user.email}</span>.
          </>
        ) : (
          'Te invitaron a un plan grupal. Confirma el correo al que llegó la invitación para activar tu membresía.'
        )}
      </p>

      {failure && (
        <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
          <p className="font-bold">{ACTIVATION_ERROR_TITLE}</p>
          <p className="mt-1">{failure.message}</p>
          {failure.notInvitedAccount && (
            <p className="mt-2 text-sm">
              Tu sesión está iniciada con <span className="break-all font-semibold">{user.email}</span>.
            </p>
          )}
        </div>
      )}

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
        {!invitedIsSignedIn && (
          <TextField
            ref={emailRef}
            id="group-activation-email"
            label="Correo electrónico"
            hint="Debe ser el correo de la cuenta con la que iniciaste sesión."
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
        )}
        <button type="submit" disabled={activating} className={buttonClassName('primary', 'md', 'w-full')}>
          {activating ? 'Activando...' : 'Activar membresía'}
        </button>
      </form>
      <p aria-live="polite" className="sr-only">
        {activating ? 'Activando...' : ''}
      </p>
    </div>
  );
}

/** The server's message, or the spec's fallbacks: 'Error al activar la cuenta' for a failed answer, the generic text otherwise. */
export function activationFailure(error: unknown): ActivationError {
  if (error instanceof ApiError) {
    const hasOwnMessage = Boolean(error.message) && error.message !== UNEXPECTED_ERROR_MESSAGE;
    return { message: hasOwnMessage ? error.message : ACTIVATION_FAILED, notInvitedAccount: error.code === NOT_INVITED_ACCOUNT_CODE };
  }
  return { message: ACTIVATION_UNEXPECTED, notInvitedAccount: false };
}

export function Activated({ planId }: { planId: PlanId }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: start screen-reader and keyboard users at the result.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-12 text-emerald-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
      <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-bold tracking-tight text-slate-900">
        Tu membresía grupal está activa
      </h1>
      <p className="mt-2 text-slate-700">
        Tipo de membresía:{' '}
        <strong className="text-slate-900">
          {getPlan(planId).title} ({MEMBERSHIP_MODE_LABELS.group})
        </strong>
      </p>
      <Link to="/app" className={buttonClassName('primary', 'md', 'mt-6 w-full sm:w-auto')}>
        Ir al inicio
      </Link>
    </div>
  );
}
