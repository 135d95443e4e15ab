import { redirect } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { loginPathFor } from '../../lib/redirect-to';
import type { SessionStore } from '../../lib/session';

/**
 * The dashboard needs an account (spec: route table). The loader waits for the start-up session check
 * (the root shows 'Cargando...' meanwhile) and sends anyone else to /login?redirectTo=<this page>. A
 * trial session is not an account: the server refuses it, and the login page lets it log in for real.
 */
export async function requireAccount(store: Pick<SessionStore, 'ready'>, request: Request): Promise<AuthUser> {
  const { user } = await store.ready();
  if (!user || user.isTrial) throw redirect(loginPathFor(pathOf(request)));
  return user;
}

export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
