import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNUP_NOTICE_MS } from '@galeno/domain/timings';
import { clearToasts } from '../../components/ui/toast';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { TRIAL_STORAGE_KEY } from '../../lib/trial-storage';
import { SignupPage } from './signup-page';
import { SignupRoute } from './signup-route-component';
import { signupPrefillState } from '../../lib/signup-prefill';

const SIGNUP = 'POST /api/staggered-auth/user/signup';
const EXISTS = 'POST /api/staggered-auth/user/exists';
/** The step-1 check finds no account for the e-mail. */
const NEW_EMAIL = { [EXISTS]: { exists: false, fallbackLogin: false } };

function renderSignup(affiliateId?: string, path = '/signup') {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage affiliateId={affiliateId} /> },
      { path: '/signup-confirmation', element: <p>Confirmación</p> },
    ],
    { path },
  );
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });

/** Ticks «Acepto el aviso de privacidad…» unless it already is. */
function acceptTerms() {
  const box = screen.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }) as HTMLInputElement;
  if (!box.checked) fireEvent.click(box);
}

/** Step 1 filled and sent; resolves once step 2 shows (after the e-mail check). */
async function completeStep1() {
  type('Correo electrónico', 'Ana@Example.com');
  type('Nombre completo', '  Ana López ');
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
  expect(screen.getByRole('heading', { level: 1, name: '¡Ya casi terminamos!' })).toBeTruthy();
}

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignupPage, step 1', () => {
  it('welcomes with free access, links to login, and shows the required messages under each field', () => {
    mockApi({});
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Te damos la bienvenida' })).toBeTruthy();
    expect(screen.getByText(/acceso gratis/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('El email es requerido')).toBeTruthy();
    expect(screen.getByText('El nombre es requerido')).toBeTruthy();
    expect(field('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Correo electrónico'));
  });

  it('checks the e-mail shape and the name length, and clears a field error when that field is edited', () => {
    mockApi({});
    renderSignup();
    type('Correo electrónico', 'ana@correo');
    type('Nombre completo', ' A ');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Ingresa un email válido')).toBeTruthy();
    expect(screen.getByText('El nombre debe tener al menos 2 caracteres')).toBeTruthy();

    type('Correo electrónico', 'ana@correo.mx');
    expect(screen.queryByText('Ingresa un email válido')).toBeNull();
    expect(screen.getByText('El nombre debe tener al menos 2 caracteres')).toBeTruthy();
  });
  it('takes a person’s name only, with the profile’s message', () => {
    mockApi({});
    renderSignup();
    type('Correo electrónico', 'ana@correo.mx');
    type('Nombre completo', 'Visita https://galeno-mx.example');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('El nombre solo puede tener letras, espacios, apóstrofos y guiones')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: '¡Ya casi terminamos!' })).toBeNull();
  });
});

describe('SignupPage, step 2', () => {
  it("is titled 'almost done', and its recovery notice animates for 4 seconds", async () => {
    vi.useFakeTimers();
    mockApi(NEW_EMAIL);
    renderSignup();
    await completeStep1();
    expect(screen.getByRole('heading', { level: 1, name: '¡Ya casi terminamos!' })).toBeTruthy();
    const notice = screen.getByTestId('recovery-notice');
    expect(notice.textContent).toMatch(/recuperar tu cuenta/);
    expect(notice.dataset.animating).toBe('true');
    act(() => vi.advanceTimersByTime(SIGNUP_NOTICE_MS - 1));
    expect(notice.dataset.animating).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(notice.dataset.animating).toBe('false');
  });

  it('strips non-digits from the phone as typed and shows every step-2 message', async () => {
    mockApi(NEW_EMAIL);
    renderSignup();
    await completeStep1();
    const phone = field(/Número de teléfono/);
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    type(/Número de teléfono/, '+52 (55) 12-ab');
    expect(phone.value).toBe('525512');

    type(/Número de teléfono/, '');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByText('La fecha de nacimiento es requerida')).toBeTruthy();
    expect(screen.getByText('El teléfono es requerido')).toBeTruthy();

    type('Fecha de nacimiento', `${new Date().getFullYear() - 5}-01-01`);
    type(/Número de teléfono/, '1234567');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByText('Debes tener entre 13 y 120 años')).toBeTruthy();
    expect(screen.getByText('Ingresa un número válido')).toBeTruthy();
  });

  it("'Atrás' returns to step 1 with the values kept", async () => {
    mockApi(NEW_EMAIL);
    renderSignup();
    await completeStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(field('Correo electrónico').value).toBe('Ana@Example.com');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it("submits with 'Registrando...', toasts success and goes to the confirmation with the e-mail", async () => {
    let finish: (response: Response) => void = () => undefined;
    const api = mockApi({ ...NEW_EMAIL, [SIGNUP]: () => new Promise<Response>((resolve) => (finish = resolve)) });
    const { router } = renderSignup('dra-paty');
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '55 1234 5678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));

    const busy = await screen.findByRole('button', { name: 'Registrando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(api.bodyOf(SIGNUP)).toEqual({
      email: 'ana@example.com',
      name: 'Ana López',
      dateOfBirth: '1998-05-04',
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
      affiliateId: 'dra-paty',
    });
    await act(async () =>
      finish(new Response(JSON.stringify({ authData: { authUser: STUDENT } }), { headers: { 'content-type': 'application/json' } })),
    );

    expect(await screen.findByText('Confirmación')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup-confirmation');
    expect(router.state.location.search).toBe('?email=ana%40example.com');
    expect(screen.getByRole('status').textContent).toContain('Usuario creado correctamente');
  });

  it('carries a safe redirectTo to the confirmation and the login link, and forgets the finished trial', async () => {
    mockApi({ ...NEW_EMAIL, [SIGNUP]: { authData: { authUser: STUDENT } } });
    localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify({ startedAt: '2026-03-01T11:55:00Z', finishedAt: '2026-03-01T12:00:00Z' }));
    const invite = encodeURIComponent('/app/group-membership/activate?email=ana%40example.com');
    const { router } = renderSignup(undefined, `/signup?redirectTo=${invite}`);
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe(`/login?redirectTo=${invite}`);
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '5512345678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(await screen.findByText('Confirmación')).toBeTruthy();
    expect(router.state.location.search).toBe(`?email=ana%40example.com&redirectTo=${invite}`);
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });

  it('drops a redirectTo that leads out of the app', async () => {
    mockApi({ ...NEW_EMAIL, [SIGNUP]: { authData: { authUser: STUDENT } } });
    const { router } = renderSignup(undefined, `/signup?redirectTo=${encodeURIComponent('https://evil.example/app')}`);
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login');
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '5512345678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(await screen.findByText('Confirmación')).toBeTruthy();
    expect(router.state.location.search).toBe('?email=ana%40example.com');
  });

  it('says a taken e-mail at step 1, next to the field, with a way in with it', async () => {
    const api = mockApi({ [EXISTS]: { exists: true, fallbackLogin: false } });
    renderSignup();
    type('Correo electrónico', 'Ana@Example.com');
    type('Nombre completo', 'Ana López');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.getByText('Este correo ya está registrado. Inicia sesión con tu correo.')).toBeTruthy());
    expect(api.bodyOf(EXISTS)).toEqual({ email: 'ana@example.com' });
    expect(field('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Entrar con ana@example.com' }).getAttribute('href')).toBe('/login?email=ana%40example.com');
    expect(screen.queryByRole('heading', { name: '¡Ya casi terminamos!' })).toBeNull();
    // Another e-mail clears it.
    type('Correo electrónico', 'otra@example.com');
    expect(screen.queryByRole('link', { name: /Entrar con/ })).toBeNull();
  });

  it('goes back to the e-mail with the message when the server finds it taken at the end, and shows other failures in the form', async () => {
    mockApi({ ...NEW_EMAIL, [SIGNUP]: apiError(409, 'EMAIL_TAKEN', 'Este correo ya está registrado. Inicia sesión con tu correo.') });
    renderSignup();
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '5512345678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(screen.getByText('Este correo ya está registrado. Inicia sesión con tu correo.')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1, name: 'Te damos la bienvenida' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar con ana@example.com' })).toBeTruthy();

    mockApi({ ...NEW_EMAIL, [SIGNUP]: apiError(400, 'VALIDATION_ERROR', 'Debes tener entre 13 y 120 años') });
    type('Correo electrónico', 'ana2@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { level: 1, name: '¡Ya casi terminamos!' });
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Debes tener entre 13 y 120 años'),
    );
    expect((screen.getByRole('button', { name: 'Crear mi cuenta' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('arrives prefilled from a discount claim, shows the discount, and keeps the trial answers when it comes from the trial', async () => {
    const api = mockApi({ ...NEW_EMAIL, [SIGNUP]: { authData: { authUser: STUDENT } } });
    const { router } = renderRoutes(
      [
        { path: '/', element: <p>Inicio</p> },
        { path: '/signup', element: <SignupRoute /> },
        { path: '/signup-confirmation', element: <p>Confirmación</p> },
      ],
      { path: '/' },
    );
    const state = signupPrefillState({ email: 'eva@example.com', name: 'Eva Luna', dateOfBirth: '1994-03-03', discountPercent: 50 });
    await act(() => router.navigate('/signup?desde=prueba', { state }));
    expect(field('Correo electrónico').value).toBe('eva@example.com');
    expect(field('Nombre completo').value).toBe('Eva Luna');
    expect(screen.getByText('Tienes 50% de descuento: quedará en tu cuenta si te registras con eva@example.com.')).toBeTruthy();
    expect(screen.getByText('Guardaremos en tu cuenta lo que respondiste en tu prueba gratuita.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { level: 1, name: '¡Ya casi terminamos!' });
    expect(field('Fecha de nacimiento').value).toBe('1994-03-03');
    type(/Número de teléfono/, '5512345678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await screen.findByText('Confirmación');
    expect(api.bodyOf(SIGNUP)).toEqual({
      email: 'eva@example.com',
      name: 'Eva Luna',
      dateOfBirth: '1994-03-03',
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
      keepTrialAnswers: true,
    });
  });

  it('asks to accept the aviso de privacidad and the terms (linked) before creating the account', async () => {
    const api = mockApi({ ...NEW_EMAIL, [SIGNUP]: { authData: { authUser: STUDENT } } });
    renderSignup();
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '5512345678');
    expect(screen.getByRole('link', { name: 'aviso de privacidad' }).getAttribute('href')).toBe('/privacidad');
    expect(screen.getByRole('link', { name: 'términos y condiciones' }).getAttribute('href')).toBe('/terminos');
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(screen.getByText('Para crear tu cuenta, acepta el aviso de privacidad y los términos.')).toBeTruthy();
    const box = screen.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(api.requests()).not.toContain(SIGNUP);
    acceptTerms();
    expect(screen.queryByText('Para crear tu cuenta, acepta el aviso de privacidad y los términos.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await screen.findByText('Confirmación');
    expect(api.bodyOf(SIGNUP)).toMatchObject({ acceptsPrivacyNotice: true });
  });

  it('takes the affiliate id from route state, and sends none without one', async () => {
    const api = mockApi({ ...NEW_EMAIL, [SIGNUP]: { authData: { authUser: STUDENT } } });
    const { router } = renderRoutes(
      [
        { path: '/', element: <p>Inicio</p> },
        { path: '/signup', element: <SignupRoute /> },
        { path: '/signup-confirmation', element: <p>Confirmación</p> },
      ],
      { path: '/' },
    );
    await act(() => router.navigate('/signup', { state: { affiliateId: 'dr-luis' } }));
    await completeStep1();
    type('Fecha de nacimiento', '1998-05-04');
    type(/Número de teléfono/, '5512345678');
    acceptTerms();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await screen.findByText('Confirmación');
    expect(api.bodyOf(SIGNUP)).toMatchObject({ affiliateId: 'dr-luis' });
  });
});
