import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToasts } from '../../components/ui/toast';
import { renderHook } from '@testing-library/react';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { LoginPage } from './login-page';

/** The toasts on screen now. */
const toastsOnScreen = () => renderHook(useToasts).result.current;

/** The errors shown under the fields (announced as alerts); errors never come as toasts (issue 19). */
const fieldErrors = () =>
  screen
    .queryAllByRole('alert')
    .filter((alert) => alert.tagName === 'P')
    .map((alert) => alert.textContent)
    .join(' ');

const REQUEST_OTP = 'POST /api/staggered-auth/request-otp';
const LOGIN_OTP = 'POST /api/staggered-auth/login/otp';
const LOGIN_BIRTHDATE = 'POST /api/staggered-auth/login/birthdate';
const USER_EXISTS = 'POST /api/staggered-auth/user/exists';
const UNREGISTERED = 'Este correo aun no está registrado, por favor registrate para poder iniciar sesión';
const FALLBACK_WRONG =
  'Fecha de nacimiento o teléfono incorrectos. Los datos ingresados no coinciden con nuestros registros. Por favor, verifica e intenta nuevamente.';
const CODE_LIMIT =
  'Ya pediste 3 códigos en los últimos 10 minutos. Podrás pedir otro a las 10:42 p.m.. Mientras tanto, usa el último código que te enviamos.';

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/app', element: <p>Panel principal</p> },
      { path: '/app/profile', element: <p>Página de perfil</p> },
    ],
    { path },
  );
}

const emailInput = () => screen.getByLabelText('Correo electrónico') as HTMLInputElement;

async function reachCodeStage(email = 'ana@example.com') {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('two devices at once (issue 20)', () => {
  it('says so when signing in ended the session on another device', async () => {
    mockApi({
      [REQUEST_OTP]: { success: true, fallbackLogin: true },
      [LOGIN_OTP]: { authUser: STUDENT, endedOtherSession: true },
    });
    renderLogin();
    await reachCodeStage();
    fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Panel principal')).toBeTruthy();
    expect(screen.getByText('Cerramos tu sesión en otro dispositivo: tu cuenta puede estar abierta en 2 a la vez.')).toBeTruthy();
  });
});

describe('LoginPage, e-mail stage', () => {
  it('welcomes back, links to signup and support, and prefills the e-mail from ?email=', () => {
    mockApi({});
    renderLogin('/login?email=ana%40example.com');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entra a Galeno');
    expect(emailInput().value).toBe('ana@example.com');
    expect(screen.getByRole('link', { name: 'Regístrate gratis' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: /chat de soporte/ }).getAttribute('target')).toBe('_blank');
  });

  it('keeps the button disabled while the field is empty, and toasts an invalid address without calling the server', async () => {
    const api = mockApi({});
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Enviar código' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(emailInput(), { target: { value: 'ana@' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await waitFor(() => fieldErrors())).toContain('Ingresa un correo válido');
    expect(api.requests()).toEqual([]);
  });

  it("shows the server's message for an unregistered e-mail", async () => {
    mockApi({ [REQUEST_OTP]: apiError(404, 'USER_NOT_FOUND', UNREGISTERED) });
    renderLogin();
    fireEvent.change(emailInput(), { target: { value: 'nadie@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(fieldErrors()).toContain(UNREGISTERED));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entra a Galeno');
  });
});

describe('LoginPage, redirectTo', () => {
  it("'Regístrate gratis' carries a safe redirectTo to /signup, and drops a foreign one", () => {
    mockApi({});
    const invite = '/app/group-membership/activate?email=ana%40example.com';
    const { unmount } = renderLogin(`/login?redirectTo=${encodeURIComponent(invite)}`);
    expect(screen.getByRole('link', { name: 'Regístrate gratis' }).getAttribute('href')).toBe(
      `/signup?redirectTo=${encodeURIComponent(invite)}`,
    );
    unmount();
    renderLogin(`/login?redirectTo=${encodeURIComponent('//evil.example/app')}`);
    expect(screen.getByRole('link', { name: 'Regístrate gratis' }).getAttribute('href')).toBe('/signup');
  });
});

describe('LoginPage, failures the server did not judge (spec section 8)', () => {
  const CODE_SEND_FAILED = 'Error al enviar el código. Intenta nuevamente.';
  const CODE_CHECK_FAILED = 'Error al validar el código. Intenta nuevamente.';
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const serverError = () => apiError(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.');

  it(`a code request that cannot reach the server, or fails on it, reads '${CODE_SEND_FAILED}'`, async () => {
    for (const answer of [offline, serverError]) {
      mockApi({ [REQUEST_OTP]: answer });
      const { unmount } = renderLogin();
      fireEvent.change(emailInput(), { target: { value: 'ana@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
      await waitFor(() => expect(fieldErrors()).toContain(CODE_SEND_FAILED));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entra a Galeno');
      act(() => clearToasts());
      unmount();
    }
  });

  it(`a code check that cannot reach the server, or fails on it, reads '${CODE_CHECK_FAILED}'`, async () => {
    for (const answer of [offline, serverError]) {
      mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true }, [LOGIN_OTP]: answer });
      const { unmount } = renderLogin();
      await reachCodeStage();
      fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      await waitFor(() => expect(fieldErrors()).toContain(CODE_CHECK_FAILED));
      act(() => clearToasts());
      unmount();
    }
  });

  it(`a resend that fails on the server reads '${CODE_SEND_FAILED}'`, async () => {
    mockApi({
      [REQUEST_OTP]: [{ success: true, fallbackLogin: true }, serverError()],
      [LOGIN_OTP]: apiError(400, 'OTP_WRONG', 'El código es incorrecto. Revísalo e intenta nuevamente.'),
    });
    renderLogin();
    await reachCodeStage();
    fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(screen.getByText(CODE_SEND_FAILED)).toBeTruthy());
  });
});

describe('LoginPage, code stage', () => {
  it('gives the three tips and a code field of at most 10 characters', async () => {
    const api = mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true } });
    renderLogin();
    await reachCodeStage(' Ana@Example.com ');
    expect(api.bodyOf(REQUEST_OTP)).toEqual({ email: 'ana@example.com' });
    expect(screen.getByText(/carpeta de spam/)).toBeTruthy();
    expect(screen.getByText(/asunto del correo/)).toBeTruthy();
    expect(screen.getByText(/hasta 2 minutos/)).toBeTruthy();
    expect(screen.getByLabelText('Código de acceso').getAttribute('maxlength')).toBe('10');
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
    // Resend appears only after a refused code.
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull();
  });

  it("a wrong code shows Resend, which reads 'Enviado!' and is disabled after one click", async () => {
    const api = mockApi({
      [REQUEST_OTP]: { success: true, fallbackLogin: true },
      [LOGIN_OTP]: apiError(400, 'OTP_WRONG', 'El código es incorrecto. Revísalo e intenta nuevamente.'),
    });
    renderLogin();
    await reachCodeStage();
    fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(fieldErrors()).toBe('El código es incorrecto. Revísalo e intenta nuevamente.'));
    expect(screen.getByLabelText('Código de acceso').getAttribute('aria-invalid')).toBe('true');
    expect(toastsOnScreen()).toEqual([]);
    // Typing again clears it.
    fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: '11111' } });
    expect(fieldErrors()).toBe('');

    const resend = await screen.findByRole('button', { name: 'Reenviar' });
    fireEvent.click(resend);
    const sent = screen.getByRole('button', { name: 'Enviado!' }) as HTMLButtonElement;
    expect(sent.disabled).toBe(true);
    await waitFor(() => expect(api.requests().filter((request) => request === REQUEST_OTP)).toHaveLength(2));
    fireEvent.click(sent);
    expect(api.requests().filter((request) => request === REQUEST_OTP)).toHaveLength(2);
  });

  it('a right code (trimmed) signs in and returns to redirectTo', async () => {
    const api = mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true }, [LOGIN_OTP]: { authUser: STUDENT } });
    const { router, session } = renderLogin('/login?redirectTo=%2Fapp%2Fprofile');
    await reachCodeStage();
    fireEvent.change(screen.getByLabelText('Código de acceso'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Página de perfil')).toBeTruthy();
    expect(api.bodyOf(LOGIN_OTP)).toEqual({ email: 'ana@example.com', otpCode: '123456' });
    expect(router.state.location.pathname).toBe('/app/profile');
    expect(session.getSnapshot().user).toEqual(STUDENT);
  });

  it('puts the focus in the code field once the code is sent, so typing it works at once (ux finding 23)', async () => {
    mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true } });
    renderLogin();
    await reachCodeStage();
    // Focus moves in an effect after the stage renders: on a loaded machine that is a tick later.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Código de acceso')));
  });

  it("'Corregir correo' returns to the e-mail with the address kept", async () => {
    mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true } });
    renderLogin();
    await reachCodeStage();
    fireEvent.click(screen.getByRole('button', { name: 'Corregir correo' }));
    expect(emailInput().value).toBe('ana@example.com');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });
});

describe('LoginPage, birth date and phone (ux N11)', () => {
  it("'No encuentro el código' asks for both together; a refusal says neither; arrows go back and back-to-start restarts", async () => {
    const api = mockApi({
      [REQUEST_OTP]: { success: true, fallbackLogin: true },
      [LOGIN_BIRTHDATE]: [apiError(401, 'BIRTHDATE_WRONG', FALLBACK_WRONG), { authUser: STUDENT }],
    });
    const { router } = renderLogin();
    await reachCodeStage();
    fireEvent.click(screen.getByRole('button', { name: 'No encuentro el código' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Entra con tu fecha de nacimiento y tu teléfono' })).toBeTruthy();

    // Back arrow to the code, and forward again.
    fireEvent.click(screen.getByRole('button', { name: 'Volver al código' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No encuentro el código' }));

    // One value alone cannot be sent.
    const submit = screen.getByRole('button', { name: 'Iniciar sesión' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Fecha de nacimiento'), { target: { value: '1998-05-04' } });
    expect(submit.disabled).toBe(true);
    const phone = screen.getByLabelText(/Número de teléfono/) as HTMLInputElement;
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(phone, { target: { value: '55 1234-5679' } });
    expect(phone.value).toBe('5512345679');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(fieldErrors()).toContain(FALLBACK_WRONG));
    expect(api.bodyOf(LOGIN_BIRTHDATE)).toEqual({ email: 'ana@example.com', birthdate: '1998-05-04', phoneNumber: '5512345679' });
    expect(screen.queryByRole('button', { name: /teléfono/ })).toBeNull();

    fireEvent.change(phone, { target: { value: '5512345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Panel principal')).toBeTruthy();
    expect(api.bodyOf(LOGIN_BIRTHDATE, 1)).toEqual({ email: 'ana@example.com', birthdate: '1998-05-04', phoneNumber: '5512345678' });
    expect(router.state.location.pathname).toBe('/app');
  });

  it('back-to-start returns to the e-mail', async () => {
    mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: true } });
    renderLogin();
    await reachCodeStage();
    fireEvent.click(screen.getByRole('button', { name: 'No encuentro el código' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volver a empezar' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entra a Galeno');
  });

  it('are not offered to an account that cannot use them: «No encuentro el código» says why instead', async () => {
    mockApi({ [REQUEST_OTP]: { success: true, fallbackLogin: false } });
    renderLogin();
    await reachCodeStage();
    fireEvent.click(screen.getByRole('button', { name: 'No encuentro el código' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText(/solo es posible después de confirmarlos en Mi Perfil/).getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText('Fecha de nacimiento')).toBeNull();
  });

  it('after the code limit, offer them only where the server says they work', async () => {
    for (const fallbackLogin of [true, false]) {
      mockApi({ [REQUEST_OTP]: apiError(429, 'OTP_REQUEST_LIMIT', CODE_LIMIT), [USER_EXISTS]: { exists: true, fallbackLogin } });
      const { unmount } = renderLogin();
      await reachCodeStage();
      expect(screen.getByText(CODE_LIMIT)).toBeTruthy();
      const offer = screen.queryByRole('button', { name: 'Entrar con mi fecha de nacimiento y teléfono' });
      expect(offer !== null, String(fallbackLogin)).toBe(fallbackLogin);
      if (offer) {
        fireEvent.click(offer);
        expect(screen.getByRole('heading', { level: 1, name: 'Entra con tu fecha de nacimiento y tu teléfono' })).toBeTruthy();
      }
      unmount();
    }
  });
});
