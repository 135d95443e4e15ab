import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui/toast';
import { clearProfileCache, PROFILE_CACHE_KEY, writeCachedProfile } from '../../lib/profile-cache';
import { apiError, jsonResponse, mockApi, profileFor, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as activateRoute from './group-activate-route';
import { routeAt } from './memberships-test-helpers';

const ACTIVATE = 'POST /api/group-membership/activate';

function renderActivate(path = '/app/group-membership/activate?email=ana%40example.com', user = STUDENT) {
  return renderRoutes([routeAt('/app/group-membership/activate', activateRoute)], { path, user });
}

function errorBox() {
  return screen.getByText('Error de activación').closest('[role="alert"]');
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('group activation', () => {
  it('prefills the e-mail from the query when it is not the signed-in one', () => {
    mockApi({});
    renderActivate('/app/group-membership/activate?email=luis%40example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Activa tu membresía grupal' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Correo electrónico' }) as HTMLInputElement).value).toBe('luis@example.com');
  });

  it('asks nothing more of the invited account: one button activates (ux finding 17)', async () => {
    const api = mockApi({ [ACTIVATE]: { success: true, message: 'ok', membershipDetails: { membershipType: '1-year' } } });
    renderActivate();
    expect(screen.queryByRole('textbox', { name: 'Correo electrónico' })).toBeNull();
    expect(screen.getByText(/Se activará en tu cuenta/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    expect(await screen.findByRole('heading', { name: 'Tu membresía grupal está activa' })).toBeTruthy();
    expect(api.bodyOf(ACTIVATE)).toEqual({ email: 'ana@example.com' });
  });

  it("says 'Ingresa un correo electrónico válido' for an invalid e-mail, without calling the server", () => {
    const api = mockApi({});
    renderActivate('/app/group-membership/activate');
    const field = screen.getByRole('textbox', { name: 'Correo electrónico' });
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'ana@' } });
    expect(screen.queryByText('Ingresa un correo electrónico válido')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeTruthy();
    expect(api.requests()).toEqual([]);
  });

  it("shows the server's message in an 'Error de activación' box, with the signed-in e-mail for another account's invitation", async () => {
    const message = 'Solo la cuenta con el correo invitado puede activar esta membresía. Inicia sesión con ese correo.';
    mockApi({ [ACTIVATE]: apiError(403, 'NOT_INVITED_ACCOUNT', message) });
    renderActivate('/app/group-membership/activate?email=luis%40example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    await screen.findByText('Error de activación');
    expect(errorBox()?.textContent).toContain(message);
    expect(errorBox()?.textContent).toContain('Tu sesión está iniciada con ana@example.com.');
  });

  it('shows a missing invitation (404) with its message', async () => {
    mockApi({ [ACTIVATE]: apiError(404, 'NOT_FOUND', 'No encontramos una invitación pendiente para este correo.') });
    renderActivate();
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    await screen.findByText('Error de activación');
    expect(errorBox()?.textContent).toContain('No encontramos una invitación pendiente para este correo.');
    expect(errorBox()?.textContent).not.toContain('Tu sesión está iniciada');
  });

  it("falls back to 'Error al activar la cuenta' when the server gives no message of its own", async () => {
    mockApi({ [ACTIVATE]: new Response('', { status: 500 }) });
    renderActivate();
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    await screen.findByText('Error de activación');
    expect(errorBox()?.textContent).toContain('Error al activar la cuenta');
    expect((screen.getByRole('button', { name: 'Activar membresía' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Ha ocurrido un error inesperado. Por favor intenta nuevamente.' for an unexpected failure", async () => {
    // A 200 without membershipDetails cannot be read.
    mockApi({ [ACTIVATE]: jsonResponse({ success: true }) });
    renderActivate();
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));
    await screen.findByText('Error de activación');
    expect(errorBox()?.textContent).toContain('Ha ocurrido un error inesperado. Por favor intenta nuevamente.');
  });

  it("activates: toast '¡Cuenta activada exitosamente!', the membership type, a button to /app, and the profile cache cleared", async () => {
    writeCachedProfile(STUDENT.id, profileFor('free', 3_600_000));
    const api = mockApi({
      [ACTIVATE]: { success: true, message: '¡Cuenta activada exitosamente!', membershipDetails: { membershipType: '1-year' } },
    });
    renderActivate('/app/group-membership/activate?email=Ana%40Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Activar membresía' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tu membresía grupal está activa' });
    expect(document.activeElement).toBe(heading);
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('data-tone')).toBe('success');
    expect(toast.textContent).toContain('¡Cuenta activada exitosamente!');
    expect(screen.getByText('1 Año (Grupal)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
    expect(api.bodyOf(ACTIVATE)).toEqual({ email: 'ana@example.com' });
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });

  it('asks a trial session to log in and come back to the invitation', () => {
    mockApi({});
    renderActivate('/app/group-membership/activate?email=ana%40example.com', trialUser(null));
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent('/app/group-membership/activate?email=ana%40example.com')}`,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
