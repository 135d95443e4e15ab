import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { SignupConfirmationPage, signupConfirmationLoader } from './signup-confirmation-page';

const routes = [
  { path: '/', element: <p>Página principal</p> },
  {
    path: '/signup-confirmation',
    loader: signupConfirmationLoader,
    element: <SignupConfirmationPage />,
    hydrateFallbackElement: <p>Cargando...</p>,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignupConfirmationPage', () => {
  it('sends visitors without an e-mail to /', async () => {
    const { router } = renderRoutes(routes, { path: '/signup-confirmation' });
    expect(await screen.findByText('Página principal')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says an e-mail was sent, gives the tips, the login link to copy and the in-app browser warning', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, { path: '/signup-confirmation?email=ana%40example.com' });

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText(/Te enviamos un correo a/).textContent).toContain('ana@example.com');
    expect(screen.getByText(/carpeta de spam/)).toBeTruthy();
    expect(screen.getByText(/Busca «Galeno»/)).toBeTruthy();
    expect(screen.getByText(/bien escrito/)).toBeTruthy();
    expect(screen.getByText(/no dentro de Facebook, Instagram/)).toBeTruthy();

    const link = `${window.location.origin}/login?email=ana%40example.com`;
    expect((screen.getByLabelText('Tu enlace para iniciar sesión') as HTMLInputElement).value).toBe(link);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByText('Copiado al portapapeles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login?email=ana%40example.com');
  });

  it('passes a safe redirectTo on to the login link, and drops a foreign one', async () => {
    const invite = encodeURIComponent('/app/group-membership/activate?email=ana%40example.com');
    const { unmount } = renderRoutes(routes, { path: `/signup-confirmation?email=ana%40example.com&redirectTo=${invite}` });
    const login = await screen.findByRole('link', { name: 'Ir a iniciar sesión' });
    expect(login.getAttribute('href')).toBe(`/login?email=ana%40example.com&redirectTo=${invite}`);
    expect((screen.getByLabelText('Tu enlace para iniciar sesión') as HTMLInputElement).value).toBe(
      `${window.location.origin}/login?email=ana%40example.com&redirectTo=${invite}`,
    );
    unmount();
    renderRoutes(routes, { path: `/signup-confirmation?email=ana%40example.com&redirectTo=${encodeURIComponent('//evil.example')}` });
    expect((await screen.findByRole('link', { name: 'Ir a iniciar sesión' })).getAttribute('href')).toBe('/login?email=ana%40example.com');
  });
});
