import { useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { getPlan, type PlanId } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { clearProfileCache } from '../../lib/profile-cache';
import { useSession } from '../../lib/session';
import { signupPrefillState } from '../../lib/signup-prefill';
import { activateGroupMembership, fetchGroupInvitation, type GroupInvitation } from './api';
import { Activated, activationFailure } from './group-activate-route';
import { membershipOfPlan } from './plan-pricing';
import { ACTIVATION_ERROR_TITLE, ACTIVATION_FAILED, ACTIVATION_SUCCESS } from './texts';

/**
 * Route module for /invitacion/:memberId (ux finding 17), the link of the group invitation e-mail. Before any
 * sign-in it says who invited and to what, with the invited address; then one step: create the account with that
 * address (prefilled) or sign in with it, and the activation page takes the seat.
 */

export async function loader({ params, request }: LoaderFunctionArgs): Promise<GroupInvitation | null> {
  try {
    return await fetchGroupInvitation(params.memberId ?? '', request.signal);
  } catch (error) {
    // An unknown or cancelled invitation (404, or a malformed id: 400) has its own message; anything else is an error.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

function activationPath(email: string): string {
  return `/app/group-membership/activate?email=${encodeURIComponent(email)}`;
}

export function Component() {
  const invitation = useLoaderData<typeof loader>();
  const { user } = useSession();
  const navigate = useNavigate();
  const [activated, setActivated] = useState<PlanId | null>(null);
  useDocumentTitle('Tu invitación');

  if (activated) return <Activated planId={activated} />;

  if (!invitation) {
    return (
      <Card title="No encontramos esta invitación">
        <p>Puede que la hayan cancelado. Pide a quien te invitó que te envíe una nueva.</p>
        <Link to="/" className={buttonClassName('secondary', 'md', 'mt-6 w-full')}>
          Ir a la página principal
        </Link>
      </Card>
    );
  }

  const plan = getPlan(invitation.planId);
  const title = `${invitation.inviterName} te invitó a Galeno (${plan.title})`;
  if (invitation.status === 'expired') {
    return (
      <Card title={title}>
        <p>Esta invitación venció: las invitaciones duran 14 días. Pide a {invitation.inviterName} que te la reenvíe.</p>
      </Card>
    );
  }
  if (invitation.status === 'activated') {
    return (
      <Card title={title}>
        <p>Esta invitación ya se activó. Entra con tu cuenta para estudiar.</p>
        <Link to="/app" className={buttonClassName('primary', 'md', 'mt-6 w-full')}>
          Ir a Galeno
        </Link>
      </Card>
    );
  }

  const target = activationPath(invitation.email);
  const signedInAsInvited = user !== null && !user.isTrial && user.email === invitation.email;
  return (
    <Card title={title}>
      <p>
        {invitation.inviterName} te regaló un lugar en su membresía grupal {membershipOfPlan(plan)} para preparar el ENARM. La invitación es
        para <strong className="break-all">{invitation.email}</strong>.
      </p>
      {signedInAsInvited ? (
        <ActivateNow email={invitation.email} onActivated={setActivated} />
      ) : (
        <div className="mt-6 flex flex-col gap-3">
          <button
            type="button"
            onClick={() =>
              void navigate(`/signup?redirectTo=${encodeURIComponent(target)}`, {
                state: signupPrefillState({ email: invitation.email, name: '', dateOfBirth: '', discountPercent: null }),
              })
            }
            className={buttonClassName('primary', 'md', 'w-full')}
          >
            Crear mi cuenta con este correo
          </button>
          <Link
            to={`/login?email=${encodeURIComponent(invitation.email)}&redirectTo=${encodeURIComponent(target)}`}
            className={buttonClassName('secondary', 'md', 'w-full')}
          >
            Ya tengo cuenta: entrar
          </Link>
        </div>
      )}
    </Card>
  );
}

/**
 * The invited account is the one signed in: one tap takes the seat (ux N15), as the activation page would after
 * confirming the address, which here is the invitation's own.
 */
function ActivateNow({ email, onActivated }: { email: string; onActivated: (planId: PlanId) => void }) {
  const [activating, setActivating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const activate = async () => {
    setActivating(true);
    setFailure(null);
    try {
      const response = await activateGroupMembership(email);
      if (!response.success) {
        setFailure(response.message || ACTIVATION_FAILED);
        setActivating(false);
        return;
      }
      // As on the activation page: the next page load reads the group plan from the server.
      clearProfileCache();
      toast.success(ACTIVATION_SUCCESS);
      onActivated(response.membershipDetails.membershipType);
    } catch (error) {
      setFailure(activationFailure(error).message);
      setActivating(false);
    }
  };
  return (
    <>
      {failure && (
        <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
          <p className="font-bold">{ACTIVATION_ERROR_TITLE}</p>
          <p className="mt-1">{failure}</p>
        </div>
      )}
      <button
        type="button"
        onClick={() => void activate()}
        disabled={activating}
        className={buttonClassName('primary', 'md', 'mt-6 w-full')}
      >
        {activating ? 'Activando...' : 'Activar mi membresía'}
      </button>
    </>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="invitation-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 id="invitation-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <Card title="No pudimos abrir tu invitación">
      <p role="alert">Revisa tu conexión e intenta de nuevo.</p>
    </Card>
  );
}
