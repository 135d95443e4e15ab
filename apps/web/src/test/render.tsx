import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { Toaster } from '../components/ui/toast';
import { createSessionStore, SessionProvider, type SessionStore } from '../lib/session';

/**
 * Renders routes in a memory router under a session that is already known (no start-up check), with
 * the toaster, as the root layout would. `user: null` is a signed-out visitor.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', user = null, store }: { path?: string; user?: AuthUser | null; store?: SessionStore } = {},
) {
  const session = store ?? createSessionStore({ initialUser: user });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SessionProvider store={session}>
      <RouterProvider router={router} />
      <Toaster />
    </SessionProvider>,
  );
  return { router, session, ...view };
}
