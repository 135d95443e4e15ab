import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FallbackLogin } from '@galeno/domain/contracts/profile';
import { AppGuard } from '../../app/app-guard';
import { clearToasts } from '../../components/ui/toast';
import { clearProfileCache, writeCachedProfile } from '../../lib/profile-cache';
import { apiError, mockApi, profileFor, STUDENT, type MockRoutes } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { ProfilePage } from './profile-page';

// Issue 20, account rights in «Tus datos»: the name is edited in place; the birth date and phone are saved only
// with a code e-mailed for it, and nothing typed is lost on the way.
const DAY = 86_400_000;
const CODE_SENT = 'POST /api/user/login-data/code';
const LOGIN_DATA = 'PUT /api/user/login-data';

function renderProfile(routes: MockRoutes, fallbackLogin: Partial<FallbackLogin> = {}) {
  const profile = profileFor('monthly', 30 * DAY);
  writeCachedProfile(STUDENT.id, { ...profile, fallbackLogin: { ...profile.fallbackLogin, ...fallbackLogin } });
  const api = mockApi({ 'GET /api/payments/history': { payments: [] }, ...routes });
  const view = renderRoutes([{ path: '/app', element: <AppGuard />, children: [{ path: 'profile', element: <ProfilePage /> }] }], {
    path: '/app/profile',
    user: STUDENT,
  });
  return { api, ...view, data: screen.getByRole('region', { name: 'Tus datos' }) };
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('the name in «Tus datos»', () => {
  it('is edited in place: a refused name stays with the reason under it, a good one is saved and shown', async () => {
    const { api, data, session } = renderProfile({
      'PUT /api/user/name': [apiError(429, 'RATE_LIMITED', 'Demasiadas solicitudes. Intenta en un minuto.'), { name: 'María José Pérez' }],
    });
    expect(within(data).getByText('Ana López')).toBeTruthy();
    fireEvent.click(within(data).getByRole('button', { name: 'Cambiar nombre' }));
    const field = within(data).getByLabelText('Nombre') as HTMLInputElement;
    expect(field.value).toBe('Ana López');
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'Ana2' } });
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar nombre' }));
    expect(within(data).getByText('El nombre solo puede tener letras, espacios, apóstrofos y guiones')).toBeTruthy();
    expect(api.requests()).not.toContain('PUT /api/user/name');

    fireEvent.change(field, { target: { value: '  María José   Pérez ' } });
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar nombre' }));
    expect(await within(data).findByText('Demasiadas solicitudes. Intenta en un minuto.')).toBeTruthy();
    expect((within(data).getByLabelText('Nombre') as HTMLInputElement).value).toBe('  María José   Pérez ');

    fireEvent.click(within(data).getByRole('button', { name: 'Guardar nombre' }));
    expect(await screen.findByText('Nombre guardado')).toBeTruthy();
    expect(api.bodyOf('PUT /api/user/name', 1)).toEqual({ name: 'María José Pérez' });
    expect(within(data).getByText('María José Pérez')).toBeTruthy();
    expect(session.getSnapshot().user?.name).toBe('María José Pérez');
    expect(document.activeElement).toBe(within(data).getByRole('button', { name: 'Cambiar nombre' }));
  });

  it('Escape leaves it as it was', () => {
    const { api, data } = renderProfile({});
    fireEvent.click(within(data).getByRole('button', { name: 'Cambiar nombre' }));
    const field = within(data).getByLabelText('Nombre');
    fireEvent.change(field, { target: { value: 'Otra Persona' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(within(data).queryByLabelText('Nombre')).toBeNull();
    expect(within(data).getByText('Ana López')).toBeTruthy();
    expect(api.requests()).not.toContain('PUT /api/user/name');
  });
});

describe('the birth date and phone in «Tus datos»', () => {
  it('asks for the e-mailed code on save; a wrong code keeps everything typed; the right one saves and confirms them', async () => {
    const { api, data } = renderProfile(
      {
        [CODE_SENT]: { success: true },
        [LOGIN_DATA]: [
          apiError(400, 'OTP_WRONG', 'El código es incorrecto. Revísalo e intenta nuevamente.'),
          { fallbackLogin: { dateOfBirth: '1997-06-01', phoneNumber: '5599998888', confirmed: true } },
        ],
      },
      { confirmed: false },
    );
    const phone = within(data).getByLabelText('Teléfono') as HTMLInputElement;
    expect(phone.value).toBe('5511223344');
    fireEvent.change(phone, { target: { value: '55 9999 8888' } });
    expect(phone.value).toBe('5599998888');
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar cambios' }));

    const code = await within(data).findByLabelText('Código');
    expect(document.activeElement).toBe(code);
    expect(within(data).getByRole('status').textContent).toContain(`Te enviamos un código a ${STUDENT.email}`);
    expect(api.requests()).toContain(CODE_SENT);
    expect(api.requests()).not.toContain(LOGIN_DATA);

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar con el código' }));
    expect(await within(data).findByText('El código es incorrecto. Revísalo e intenta nuevamente.')).toBeTruthy();
    expect(phone.value).toBe('5599998888');
    expect(document.activeElement).toBe(code);

    const profileReads = () => api.requests().filter((request) => request === 'GET /api/user/profile');
    // The copy from localStorage was checked with the server once, when the page opened (issue 35).
    const readsBeforeSaving = profileReads().length;
    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar con el código' }));
    expect(await screen.findByText(/Guardamos tu fecha de nacimiento y tu teléfono/)).toBeTruthy();
    expect(api.bodyOf(LOGIN_DATA, 1)).toEqual({ phoneNumber: '5599998888', code: '222222' });
    expect(within(data).queryByLabelText('Código')).toBeNull();
    expect((within(data).getByLabelText('Teléfono') as HTMLInputElement).value).toBe('5599998888');
    // «Entrar sin código» shows them confirmed, without reloading the profile.
    expect(screen.getByText(/Listo: puedes usar tu fecha de nacimiento/)).toBeTruthy();
    expect(profileReads()).toHaveLength(readsBeforeSaving);
  });

  it('says when nothing changed or a value is invalid, and keeps what was typed when the code cannot be sent', async () => {
    const { api, data } = renderProfile({
      [CODE_SENT]: apiError(429, 'OTP_REQUEST_LIMIT', 'Ya pediste 3 códigos en los últimos 10 minutos. Podrás pedir otro a las 10:20.'),
    });
    const save = within(data).getByRole('button', { name: 'Guardar cambios' });
    fireEvent.click(save);
    expect(within(data).getByText('No cambiaste tu fecha de nacimiento ni tu teléfono.')).toBeTruthy();
    fireEvent.change(within(data).getByLabelText('Teléfono'), { target: { value: '123' } });
    fireEvent.click(save);
    expect(within(data).getByText('Ingresa un número válido')).toBeTruthy();
    expect(api.requests()).not.toContain(CODE_SENT);

    fireEvent.change(within(data).getByLabelText('Fecha de nacimiento'), { target: { value: '1990-01-02' } });
    fireEvent.change(within(data).getByLabelText('Teléfono'), { target: { value: '5511223344' } });
    fireEvent.click(save);
    expect(await within(data).findByText(/Ya pediste 3 códigos/)).toBeTruthy();
    expect((within(data).getByLabelText('Fecha de nacimiento') as HTMLInputElement).value).toBe('1990-01-02');
    expect(within(data).queryByLabelText('Código')).toBeNull();
  });

  it('«Cancelar» goes back to the fields with the change still typed', async () => {
    const { api, data } = renderProfile({ [CODE_SENT]: { success: true } });
    fireEvent.change(within(data).getByLabelText('Fecha de nacimiento'), { target: { value: '1990-01-02' } });
    fireEvent.click(within(data).getByRole('button', { name: 'Guardar cambios' }));
    await within(data).findByLabelText('Código');
    expect((within(data).getByLabelText('Fecha de nacimiento') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(data).getByRole('button', { name: 'Cancelar' }));
    const date = within(data).getByLabelText('Fecha de nacimiento') as HTMLInputElement;
    expect(date.value).toBe('1990-01-02');
    expect(date.disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(api.requests()).not.toContain(LOGIN_DATA);
  });
});

describe('«Entrar sin código»', () => {
  it('confirms the stored values with one button, no code, and says how to change them', async () => {
    const { api } = renderProfile(
      { 'PUT /api/user/fallback-login': { fallbackLogin: { dateOfBirth: '1997-06-01', phoneNumber: '5511223344', confirmed: true } } },
      { confirmed: false },
    );
    const block = screen.getByRole('region', { name: 'Entrar sin código' });
    expect(within(block).getByText('1 de junio de 1997')).toBeTruthy();
    expect(within(block).getByText('5511223344')).toBeTruthy();
    expect(within(block).getByText(/cámbialos en «Tus datos»/)).toBeTruthy();
    fireEvent.click(within(block).getByRole('button', { name: 'Confirmar mis datos' }));
    expect(await within(block).findByText(/Listo: puedes usar tu fecha de nacimiento/)).toBeTruthy();
    expect(api.bodyOf('PUT /api/user/fallback-login')).toEqual({ dateOfBirth: '1997-06-01', phoneNumber: '5511223344' });
    expect(within(block).queryByRole('button', { name: 'Confirmar mis datos' })).toBeNull();
  });
});
