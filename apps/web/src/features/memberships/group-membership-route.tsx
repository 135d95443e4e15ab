import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { AccountRequired } from '../../components/ui/account-required';
import { fetchGroupMembership } from './api';
import { BackToHome } from './back-to-home';
import { GroupExplainer } from './group-explainer';
import { GroupInvitePanel } from './group-invite-form';
import { GroupMembers, GroupPlanCard, GroupUsage } from './group-overview';
import { MembershipsRouteError } from './route-error';
import { loadForAccount } from './route-loading';

/**
 * Route module for /app/group-membership (spec: group membership). For a group: the plan card, usage,
 * the invite form and the member list (both to the owner only); the loader runs again after each invitation. Without
 * a group plan: what group plans are, with the way to buy one.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadForAccount(request, fetchGroupMembership);
}

export function Component() {
  const group = useLoaderData<typeof loader>();
  const user = useRequiredUser();
  useDocumentTitle(group ? 'Mi grupo' : 'Membresía grupal');

  if (user.isTrial) {
    return (
      <AccountRequired
        title="Membresía grupal"
        reason="Los planes grupales son para cuentas registradas. Regístrate gratis o inicia sesión."
      />
    );
  }
  if (!group) return <GroupExplainer />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToHome />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Mi grupo</h1>
        <p className="mt-1 text-slate-700">
          {group.isOwner
            ? 'Invita a tus compañeros a usar las membresías de tu plan grupal.'
            : `Tu membresía forma parte del plan grupal de ${group.ownerEmail}. Solo la persona titular puede enviar invitaciones.`}
        </p>
      </div>
      <GroupPlanCard group={group} />
      <GroupUsage group={group} />
      {group.isOwner && <GroupInvitePanel invitesLeft={group.invitesLeft} />}
      {/* Whom the owner invited, and under which alias, is the owner's to see (the server sends a member none). */}
      {group.isOwner && <GroupMembers members={group.members} />}
    </div>
  );
}

export function ErrorBoundary() {
  return <MembershipsRouteError title="No pudimos cargar tu grupo" />;
}
