import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@galeno/domain/format';
import { GROUP_INVITE_ALIAS_REQUIRED, GROUP_INVITE_EMAIL_REQUIRED, GROUP_EMAIL_INVALID } from '@galeno/domain/forms';
import { clearToasts } from '../../components/ui/toast';
import { apiError, jsonResponse, mockApi, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as groupRoute from './group-membership-route';
import { groupWith, member, routeAt } from './memberships-test-helpers';

const GROUP = 'GET /api/group-membership';
const INVITE = 'POST /api/group-membership/affiliates';

const ACTIVATED = member({
  affiliateEmail: 'luis@example.com',
  affiliateAlias: 'Luis',
  hasActivatedAccount: true,
  activatedAccountAt: '2026-03-12T17:00:00.000Z',
});
const PENDING = member({ affiliateEmail: 'sofia@example.com', affiliateAlias: 'Sofía' });

function renderGroup(user = STUDENT) {
  return renderRoutes([routeAt('/app/group-membership', groupRoute)], { path: '/app/group-membership', user });
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

function openInviteForm() {
  const toggle = screen.getByRole('button', { name: 'Nueva invitación' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  return screen.getByRole('textbox', { name: 'Correo electrónico' });
}

describe('group membership', () => {
  it('lets the owner resend or revoke a pending invitation, shows a lapsed one, and offers nothing on an accepted one', async () => {
    const LAPSED = member({ affiliateEmail: 'tarde@example.com', affiliateAlias: 'Tarde', expired: true });
    const api = mockApi({
      [GROUP]: [
        { groupMembership: groupWith([ACTIVATED, PENDING, LAPSED], { invitesLeft: 2 }) },
        { groupMembership: groupWith([ACTIVATED, PENDING, LAPSED], { invitesLeft: 2 }) },
        { groupMembership: groupWith([ACTIVATED, LAPSED], { invitesLeft: 3 }) },
      ],
      [`POST /api/group-membership/affiliates/${encodeURIComponent(PENDING.id)}/resend`]: { success: true },
      [`DELETE /api/group-membership/affiliates/${encodeURIComponent(PENDING.id)}`]: { success: true },
    } as never);
    renderGroup();
    const members = await screen.findByRole('region', { name: 'Miembros invitados' });
    // The lapsed invitation holds no seat: 1 owner + 1 accepted + 1 pending.
    const usage = screen.getByRole('region', { name: 'Uso del grupo' });
    expect(within(usage).getByText('Membresías en uso').nextElementSibling?.textContent).toBe('3 de 5');
    expect(within(members).getByText('Invitación vencida')).toBeTruthy();
    expect(within(members).queryByRole('button', { name: 'Revocar la invitación a luis@example.com' })).toBeNull();

    fireEvent.click(within(members).getByRole('button', { name: 'Reenviar la invitación a sofia@example.com' }));
    expect(await within(members).findByText('Enviamos de nuevo la invitación a sofia@example.com.')).toBeTruthy();
    // A stray tap revokes nothing: it asks first, and «No» keeps the invitation (ux N15).
    fireEvent.click(within(members).getByRole('button', { name: 'Revocar la invitación a sofia@example.com' }));
    expect(
      within(members).getByText('¿Revocar la invitación a sofia@example.com? Su lugar quedará libre y su enlace dejará de servir.'),
    ).toBeTruthy();
    fireEvent.click(within(members).getByRole('button', { name: 'No, conservarla' }));
    expect(api.requests()).not.toContain(`DELETE /api/group-membership/affiliates/${encodeURIComponent(PENDING.id)}`);
    expect(within(members).queryByText(/¿Revocar la invitación/)).toBeNull();
    fireEvent.click(within(members).getByRole('button', { name: 'Revocar la invitación a sofia@example.com' }));
    fireEvent.click(within(members).getByRole('button', { name: 'Sí, revocar' }));
    expect(await within(members).findByText('Revocaste la invitación a sofia@example.com: ese lugar quedó libre.')).toBeTruthy();
    await waitFor(() => expect(within(members).queryByText('sofia@example.com')).toBeNull());
    expect(api.requests()).toContain(`DELETE /api/group-membership/affiliates/${encodeURIComponent(PENDING.id)}`);
  });

  it('shows the plan card, usage and members pending or activated with the date', async () => {
    mockApi({ [GROUP]: { groupMembership: groupWith([ACTIVATED, PENDING]) } });
    renderGroup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi grupo' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const plan = screen.getByRole('region', { name: 'Membresía de 1 Año' });
    expect(within(plan).getByText('Incluye').nextElementSibling?.textContent).toBe('5 membresías');
    expect(within(plan).getByText('Fecha de compra').nextElementSibling?.textContent).toBe(
      formatDate(new Date('2026-03-10T18:00:00.000Z')),
    );

    const usage = screen.getByRole('region', { name: 'Uso del grupo' });
    expect(within(usage).getByText('Membresías en uso').nextElementSibling?.textContent).toBe('3 de 5');
    expect(within(usage).getByText('Invitaciones disponibles').nextElementSibling?.textContent).toBe('2');
    expect(within(usage).getByText('Invitaciones aceptadas').nextElementSibling?.textContent).toBe('1 de 2');

    const rows = within(screen.getByRole('region', { name: 'Miembros invitados' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Luis');
    expect(rows[0]?.textContent).toContain(`Activadael ${formatDate(new Date('2026-03-12T17:00:00.000Z'))}`);
    expect(rows[1]?.textContent).toContain('sofia@example.com');
    expect(rows[1]?.textContent).toContain('Pendiente de activación');
  });

  it('opens and closes the invite form, returning focus to its button', async () => {
    mockApi({ [GROUP]: { groupMembership: groupWith([]) } });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    expect(screen.queryByRole('textbox')).toBeNull();

    const email = openInviteForm();
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('button', { name: 'Cerrar formulario' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Alias' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nueva invitación' }));

    openInviteForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar formulario' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("requires the e-mail and the alias with the domain's messages, without calling the server", async () => {
    const api = mockApi({ [GROUP]: { groupMembership: groupWith([]) } });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    openInviteForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(screen.getByText(GROUP_INVITE_EMAIL_REQUIRED)).toBeTruthy();
    expect(screen.getByText(GROUP_INVITE_ALIAS_REQUIRED)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'no-es-correo' } });
    expect(screen.queryByText(GROUP_INVITE_EMAIL_REQUIRED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(screen.getByText(GROUP_EMAIL_INVALID)).toBeTruthy();
    expect(api.requests()).toEqual([GROUP]);
  });

  it("sends the invitation, toasts 'Invitación enviada correctamente', closes the form and loads the group again", async () => {
    const api = mockApi({
      [GROUP]: [jsonResponse({ groupMembership: groupWith([]) }), jsonResponse({ groupMembership: groupWith([PENDING]) })],
      [INVITE]: { success: true },
    });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    expect(screen.getByText('Aún no has invitado a nadie.')).toBeTruthy();
    // Nothing to accept before the first invitation: no «Invitaciones aceptadas 0 de 0».
    expect(screen.queryByText('Invitaciones aceptadas')).toBeNull();
    openInviteForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: ' Sofia@Example.com ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Sofía' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));

    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-tone')).toBe('success');
    expect(toast.textContent).toContain('Invitación enviada correctamente');
    expect(await screen.findByText('sofia@example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.bodyOf(INVITE)).toEqual({ affiliateEmail: 'sofia@example.com', affiliateAlias: 'Sofía' });
    expect(api.requests()).toEqual([GROUP, INVITE, GROUP]);
    await waitFor(() => expect(screen.getByText('Invitaciones disponibles').nextElementSibling?.textContent).toBe('3'));
    expect(screen.getByText('Invitaciones aceptadas').nextElementSibling?.textContent).toBe('0 de 1');
  });

  it('suggests the fix for a mistyped domain and applies it with one tap (ux N15)', async () => {
    const api = mockApi({
      [GROUP]: [jsonResponse({ groupMembership: groupWith([]) }), jsonResponse({ groupMembership: groupWith([PENDING]) })],
      [INVITE]: { success: true },
    });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    const email = openInviteForm();
    fireEvent.change(email, { target: { value: 'sofia@gmial.com' } });
    fireEvent.click(screen.getByRole('button', { name: '¿Quisiste decir sofia@gmail.com? Usar este correo' }));
    expect((email as HTMLInputElement).value).toBe('sofia@gmail.com');
    expect(screen.queryByText(/¿Quisiste decir/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Sofía' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await screen.findByTestId('toast');
    expect(api.bodyOf(INVITE)).toEqual({ affiliateEmail: 'sofia@gmail.com', affiliateAlias: 'Sofía' });
  });

  it('keeps the place of a keyboard user after the fourth invitation removes the form toggle', async () => {
    const three = [ACTIVATED, PENDING, member({ affiliateEmail: 'eva@example.com', affiliateAlias: 'Eva' })];
    mockApi({
      [GROUP]: [
        jsonResponse({ groupMembership: groupWith(three) }),
        jsonResponse({ groupMembership: groupWith([...three, member({ affiliateEmail: 'rita@example.com', affiliateAlias: 'Rita' })]) }),
      ],
      [INVITE]: { success: true },
    });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    openInviteForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'rita@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Rita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Ya usaste las 4 invitaciones de tu plan grupal.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Invitar a un miembro' })));
  });

  it("shows the server's message in an error toast and keeps the form open", async () => {
    const api = mockApi({
      [GROUP]: { groupMembership: groupWith([PENDING]) },
      [INVITE]: apiError(409, 'GROUP_DUPLICATE_INVITE', 'Ya invitaste a ese correo.'),
    });
    renderGroup();
    await screen.findByRole('heading', { level: 1, name: 'Mi grupo' });
    openInviteForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'sofia@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Sofía' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));

    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-tone')).toBe('error');
    expect(toast.textContent).toContain('Ya invitaste a ese correo.');
    expect((screen.getByRole('textbox', { name: 'Alias' }) as HTMLInputElement).value).toBe('Sofía');
    expect((screen.getByRole('button', { name: 'Enviar invitación' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.requests()).toEqual([GROUP, INVITE]);
  });

  it('offers no invitations once the four are used, nor to members who are not the owner', async () => {
    const four = ['a', 'b', 'c', 'd'].map((name) => member({ affiliateEmail: `${name}@example.com` }));
    mockApi({ [GROUP]: [jsonResponse({ groupMembership: groupWith(four) })] });
    const { unmount } = renderGroup();
    expect(await screen.findByText('Ya usaste las 4 invitaciones de tu plan grupal.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva invitación' })).toBeNull();
    unmount();

    // A member gets no invitations from the server (they are the owner's): the plan and the seats in use only.
    mockApi({
      [GROUP]: { groupMembership: groupWith([], { isOwner: false, ownerEmail: 'dueña@example.com', seatsInUse: 3, invitesLeft: 0 }) },
    });
    renderGroup();
    expect(await screen.findByText(/forma parte del plan grupal de dueña@example.com/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Membresía de 1 Año' })).toBeTruthy();
    const usage = screen.getByRole('region', { name: 'Uso del grupo' });
    expect(within(usage).getByText('Membresías en uso').nextElementSibling?.textContent).toBe('3 de 5');
    expect(within(usage).queryByText('Invitaciones disponibles')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invitar a un miembro' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Miembros invitados' })).toBeNull();
  });

  it('without a group plan explains it (5 at the price of 2) and links to the group plans and /app', async () => {
    mockApi({ [GROUP]: { groupMembership: null } });
    renderGroup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Membresía grupal' })).toBeTruthy();
    expect(screen.getByText('5 membresías al precio de 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver planes grupales' }).getAttribute('href')).toBe('/app/membership-pay?mode=group');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('asks a trial session for an account', async () => {
    mockApi({ [GROUP]: apiError(403, 'TRIAL_NOT_ALLOWED', 'Regístrate gratis para usar esta función.') });
    renderGroup(trialUser(null));
    expect(await screen.findByRole('link', { name: 'Crear mi cuenta gratis' })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    mockApi({
      [GROUP]: [
        apiError(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.'),
        jsonResponse({ groupMembership: null }),
      ],
    });
    renderGroup();
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos cargar tu grupo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Membresía grupal' })).toBeTruthy();
  });
});
