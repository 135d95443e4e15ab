import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPECIALITIES } from '@galeno/domain/specialities';
import { formatDate } from '@galeno/domain/format';
import { AppGuard } from '../../app/app-guard';
import { clearToasts } from '../../components/ui/toast';
import { clearProfileCache, PROFILE_CACHE_KEY, writeCachedProfile } from '../../lib/profile-cache';
import { apiError, mockApi, profileFor, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component as AccountDeletedPage } from './account-deleted-route';
import { ProfilePage } from './profile-page';
import { SpecialityBlock } from './speciality-block';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PROFILE = 'GET /api/user/profile';

function renderProfile() {
  return renderRoutes(
    [
      { path: '/app', element: <AppGuard />, children: [{ path: 'profile', element: <ProfilePage /> }] },
      { path: '/login', element: <p>Página de inicio de sesión</p> },
      { path: '/', element: <p>Portada</p> },
      { path: '/cuenta-eliminada', Component: AccountDeletedPage },
    ],
    { path: '/app/profile', user: STUDENT },
  );
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('changes how many new flashcards a day the sessions introduce, refusing a number out of range', async () => {
    const api = mockApi({ [PROFILE]: profileFor('monthly', 10 * DAY), 'PUT /api/user/study-settings': { newCardsPerDay: 35 } });
    renderProfile();
    const field = (await screen.findByLabelText('Tarjetas nuevas al día')) as HTMLInputElement;
    expect(field.value).toBe('20');
    fireEvent.change(field, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjetas al día' }));
    expect(await screen.findByText('Escribe un número entero de 0 a 200.')).toBeTruthy();
    expect(api.requests()).not.toContain('PUT /api/user/study-settings');
    fireEvent.change(field, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjetas al día' }));
    await waitFor(() => expect(api.bodyOf('PUT /api/user/study-settings')).toEqual({ newCardsPerDay: 35 }));
    expect(await screen.findByText('Tarjetas nuevas al día guardadas')).toBeTruthy();
  });

  it("shows 'Cargando perfil...', then the e-mail, the end date in es-MX and the days left", async () => {
    const profile = profileFor('monthly', 10 * DAY + HOUR);
    mockApi({ [PROFILE]: profile });
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeTruthy();
    expect(screen.getByText('Cargando perfil...')).toBeTruthy();
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
    const end = new Date((profile.subscriptionInfo.membershipEndDate?._seconds ?? 0) * 1000);
    expect(screen.getByText(formatDate(end), { exact: false })).toBeTruthy();
    expect(screen.getByText('(quedan 11 días)')).toBeTruthy();
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.queryByTestId('expiry-warning')).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
    // 11 days left of a paid plan: extending makes sense (issue 19: never «Renovar» while it runs).
    expect(screen.getByRole('link', { name: 'Extender membresía' }).getAttribute('href')).toBe('/app/membership-pay');
  });

  it("reads 'De por vida' for lifetime accounts", () => {
    writeCachedProfile(STUDENT.id, profileFor('lifetime', null));
    mockApi({});
    renderProfile();
    expect(screen.getByText('Tu membresía termina').nextElementSibling?.textContent).toBe('De por vida');
  });

  it("warns 'Te queda solo un día' with one day left and 'Tu membresía ha expirado' after the end", () => {
    writeCachedProfile(STUDENT.id, profileFor('one_week', 12 * HOUR));
    mockApi({});
    const { unmount } = renderProfile();
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Te queda solo un día');
    unmount();

    clearProfileCache();
    writeCachedProfile(STUDENT.id, profileFor('monthly', -HOUR));
    const expired = renderProfile();
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Tu membresía ha expirado');
    expired.unmount();

    // Free hours are not a membership: said in hours, and once over the student is invited to join.
    clearProfileCache();
    writeCachedProfile(STUDENT.id, profileFor('free', -HOUR));
    renderProfile();
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Tus horas gratis terminaron');
  });

  it("shows 'Error al cargar el perfil' with the server's message", async () => {
    mockApi({ [PROFILE]: apiError(500, 'INTERNAL', 'Servidor no disponible') });
    renderProfile();
    const title = await screen.findByText('Error al cargar el perfil');
    const alert = title.closest('[role="alert"]');
    expect(alert?.textContent).toContain('Servidor no disponible');
    expect(screen.queryByText('Cargando perfil...')).toBeNull();
  });

  it("'Cerrar Sesión' logs out and goes to /login", async () => {
    writeCachedProfile(STUDENT.id, profileFor('monthly', 30 * DAY));
    const api = mockApi({ 'POST /api/staggered-auth/logout': { success: true } });
    const { router } = renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(api.requests()).toContain('POST /api/staggered-auth/logout');
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });

  it('lists the payments with their status and reference, and says so when there are none', async () => {
    writeCachedProfile(STUDENT.id, profileFor('monthly', 30 * DAY));
    mockApi({
      'GET /api/payments/history': {
        payments: [
          {
            id: 'p-2',
            reference: 'GAL-ABCDEF1234',
            planId: '1-year',
            membershipMode: 'single',
            amountPaid: 893,
            discountPercent: 30,
            status: 'paid',
            paymentMethod: 'card',
            voucherUrl: null,
            voucherExpiresAt: null,
            createdAt: '2026-11-20T18:00:00.000Z',
            paidAt: '2026-11-20T18:01:00.000Z',
          },
          {
            id: 'p-1',
            reference: 'GAL-0000000001',
            planId: '6-months',
            membershipMode: 'group',
            amountPaid: 1860,
            discountPercent: 0,
            status: 'awaiting_payment',
            paymentMethod: 'oxxo',
            voucherUrl: 'https://payments.stripe.test/oxxo/1',
            voucherExpiresAt: '2026-11-22T18:00:00.000Z',
            createdAt: '2026-11-19T18:00:00.000Z',
            paidAt: null,
          },
          {
            id: 'p-0',
            reference: 'GAL-0000000000',
            planId: '1-year',
            membershipMode: 'single',
            amountPaid: 1275,
            discountPercent: 0,
            status: 'failed',
            paymentMethod: 'oxxo',
            voucherUrl: null,
            voucherExpiresAt: null,
            createdAt: '2026-11-18T18:00:00.000Z',
            paidAt: null,
          },
        ],
      },
    });
    renderProfile();
    const payments = await screen.findByRole('region', { name: 'Pagos' });
    const items = await within(payments).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Membresía 1 Año20 de noviembre de 2026 · Referencia GAL-ABCDEF1234 · 30% de descuento$893 MXNPagado',
      'Membresía 6 Meses (grupal)19 de noviembre de 2026 · Referencia GAL-0000000001$1,860 MXNPago pendiente' +
        'Ficha de OXXO: págala antes del 22 de noviembre de 2026. Tu membresía se activará sola cuando OXXO confirme el pago. Ver mi ficha de pago',
      // A voucher that lapsed unpaid says no charge was made (ux N10).
      'Membresía 1 Año18 de noviembre de 2026 · Referencia GAL-0000000000$1,275 MXNFicha vencida: no se hizo ningún cargo',
    ]);
    expect(within(payments).getByRole('link', { name: 'Ver mi ficha de pago' }).getAttribute('href')).toBe(
      'https://payments.stripe.test/oxxo/1',
    );
    cleanup();
    mockApi({ 'GET /api/payments/history': { payments: [] } });
    renderProfile();
    expect(await screen.findByText('Aún no tienes pagos.')).toBeTruthy();
  });

  it('downloads the data, and deletes the account only with the e-mailed code, then leaves', async () => {
    writeCachedProfile(STUDENT.id, profileFor('monthly', 30 * DAY));
    const api = mockApi({
      'GET /api/payments/history': { payments: [] },
      'POST /api/staggered-auth/account/delete-code': { success: true },
      'POST /api/staggered-auth/account/delete': [
        apiError(400, 'OTP_WRONG', 'El código es incorrecto. Revísalo e intenta nuevamente.'),
        { success: true },
      ],
    });
    const { router } = renderProfile();
    const data = screen.getByRole('region', { name: 'Tus datos' });
    const download = within(data).getByRole('link', { name: 'Descargar mis datos' });
    expect(download.getAttribute('href')).toBe('/api/user/export');
    expect(download.hasAttribute('download')).toBe(true);

    fireEvent.click(within(data).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Conservar mi cuenta' }));
    fireEvent.click(within(dialog).getByRole('button', { name: `Enviar código a ${STUDENT.email}` }));
    const code = await within(dialog).findByLabelText('Código');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await within(dialog).findByText('El código es incorrecto. Revísalo e intenta nuevamente.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    // It ends on a page that says so, not on the landing page as if nothing happened (ux N27).
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu cuenta fue eliminada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cuenta-eliminada');
    expect(screen.getByRole('link', { name: 'Ir a la página principal' }).getAttribute('href')).toBe('/');
    expect(api.bodyOf('POST /api/staggered-auth/account/delete', 1)).toEqual({ otpCode: '222222' });
  });

  it('warns a group seat holder, not an owner, that deleting the account gives up the seat (ux N27)', async () => {
    writeCachedProfile(STUDENT.id, profileFor('monthly', 300 * DAY, { mode: 'group' }));
    const seat = {
      id: 'g-1',
      membershipType: '1-year',
      ownerEmail: 'luis@example.com',
      isOwner: false,
      createdAt: '2026-03-10T18:00:00.000Z',
      seats: 5,
      seatsInUse: 3,
      invitesLeft: 0,
      members: [],
    };
    mockApi({ 'GET /api/payments/history': { payments: [] }, 'GET /api/group-membership': { groupMembership: seat } } as never);
    const { unmount } = renderProfile();
    fireEvent.click(within(screen.getByRole('region', { name: 'Tus datos' })).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    expect(
      await within(dialog).findByText(
        'Tienes un lugar en el plan grupal de luis@example.com: al eliminar tu cuenta lo pierdes, y ese lugar no vuelve a quedar libre para el grupo.',
      ),
    ).toBeTruthy();
    unmount();

    writeCachedProfile(STUDENT.id, profileFor('monthly', 300 * DAY, { mode: 'group' }));
    mockApi({
      'GET /api/payments/history': { payments: [] },
      'GET /api/group-membership': { groupMembership: { ...seat, isOwner: true } },
    } as never);
    renderProfile();
    fireEvent.click(within(screen.getByRole('region', { name: 'Tus datos' })).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const ownerDialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(ownerDialog).queryByText(/Tienes un lugar en el plan grupal/)).toBeNull();
  });

  it('offers the speciality selector only while none is set', () => {
    writeCachedProfile(STUDENT.id, profileFor('monthly', 30 * DAY, { speciality: 'Pediatría' }));
    mockApi({});
    renderProfile();
    expect(screen.getByText('Pediatría')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '¿A qué especialidad quieres entrar?' })).toBeNull();
    // The exam year stays editable.
    expect(screen.getByRole('combobox', { name: '¿En qué año presentas el ENARM?' })).toBeTruthy();
  });
});

describe('SpecialityBlock', () => {
  it("lists the 27 specialities, saves with 'Guardando...' and then reloads", async () => {
    let finish: (response: Response) => void = () => undefined;
    const api = mockApi({ 'PATCH /api/user/update-speciality': () => new Promise<Response>((resolve) => (finish = resolve)) });
    const reloadPage = vi.fn();
    renderRoutes([{ path: '/', element: <SpecialityBlock speciality={null} reloadPage={reloadPage} /> }], { user: STUDENT });

    const select = screen.getByRole('combobox', { name: '¿A qué especialidad quieres entrar?' });
    expect(select.querySelectorAll('option')).toHaveLength(SPECIALITIES.length + 1);
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'Medicina Interna' } });
    fireEvent.click(save);
    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeTruthy();
    await act(async () => finish(new Response('{"success":true}', { headers: { 'content-type': 'application/json' } })));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(api.bodyOf('PATCH /api/user/update-speciality')).toEqual({ speciality: 'Medicina Interna' });
  });
});
