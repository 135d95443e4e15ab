import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as invitationRoute from './invitation-route';
import { routeAt } from './memberships-test-helpers';

const ID = '6f1c1c9e-4c1a-4c53-9a43-0d7e3f1b2a10';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</p>;
}

function renderInvitation(user: typeof STUDENT | null = null) {
  return renderRoutes(
    [routeAt('/invitacion/:memberId', invitationRoute), { path: '/signup', Component: Where }, { path: '/login', Component: Where }],
    { path: `/invitacion/${ID}`, user },
  );
}

describe('the group invitation page (ux finding 17)', () => {
  it('names who invited and to what, and signs up with the invited address prefilled, straight to activation', async () => {
    mockApi({
      [`GET /api/group-invitations/${ID}` as never]: {
        inviterName: 'Luis',
        planId: '1-year',
        email: 'sofia@example.com',
        status: 'pending',
      },
    });
    renderInvitation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Luis te invitó a Galeno (1 Año)' })).toBeTruthy();
    expect(screen.getByText('sofia@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta: entrar' }).getAttribute('href')).toBe(
      `/login?email=sofia%40example.com&redirectTo=${encodeURIComponent('/app/group-membership/activate?email=sofia%40example.com')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta con este correo' }));
    const where = (await screen.findByTestId('where')).textContent!;
    expect(where).toContain(`/signup?redirectTo=${encodeURIComponent('/app/group-membership/activate?email=sofia%40example.com')}`);
    expect(where).toContain('"email":"sofia@example.com"');
  });

  it('activates with one tap for the invited account already signed in (ux N15)', async () => {
    const api = mockApi({
      [`GET /api/group-invitations/${ID}` as never]: { inviterName: 'Luis', planId: '6-months', email: STUDENT.email, status: 'pending' },
      'POST /api/group-membership/activate': { success: true, message: 'ok', membershipDetails: { membershipType: '6-months' } },
    });
    renderInvitation(STUDENT);
    fireEvent.click(await screen.findByRole('button', { name: 'Activar mi membresía' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu membresía grupal está activa' })).toBeTruthy();
    expect(api.bodyOf('POST /api/group-membership/activate')).toEqual({ email: STUDENT.email });
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('says when an invitation lapsed, and when it does not exist', async () => {
    mockApi({
      [`GET /api/group-invitations/${ID}` as never]: { inviterName: 'Luis', planId: '6-months', email: 'x@example.com', status: 'expired' },
    });
    const { unmount } = renderInvitation();
    expect(await screen.findByText(/Esta invitación venció/)).toBeTruthy();
    unmount();
    mockApi({ [`GET /api/group-invitations/${ID}` as never]: apiError(404, 'NOT_FOUND', 'Esta invitación no existe o fue cancelada.') });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'No encontramos esta invitación' })).toBeTruthy();
  });
});
