import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShellLayout } from '../../components/layout/app-shell-layout';
import { CenteredLayout } from './centered-layout';
import { RootLayout } from './root-layout';
import { clearToasts, toast } from '../../components/ui/toast';

function renderLayout(layout: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element: layout, children: [{ index: true, element: <h1>Contenido</h1> }] }]);
  render(<RouterProvider router={router} />);
}

describe('layouts', () => {
  it('the centered layout wraps the page in the single main landmark with a link home', () => {
    renderLayout(<CenteredLayout />);
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.textContent).toBe('Contenido');
    expect(screen.getByRole('link', { name: /página principal/ }).getAttribute('href')).toBe('/');
  });

  it('the app shell renders its header slot before the main content', () => {
    renderLayout(<AppShellLayout header={<header>Encabezado de la app</header>} />);
    expect(screen.getByRole('banner').textContent).toBe('Encabezado de la app');
    expect(screen.getByRole('main').textContent).toBe('Contenido');
  });
});

describe('the root layout', () => {
  it('ends error toasts with their screen, and keeps a confirmation the next screen should see', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/login', element: <p>Entrar</p> },
            { path: '/app', element: <p>Inicio</p> },
          ],
        },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('Entrar');
    act(() => {
      toast.error('El código es incorrecto. Revísalo e intenta nuevamente.');
      toast.success('Usuario creado correctamente');
    });
    expect(screen.getByText('El código es incorrecto. Revísalo e intenta nuevamente.')).toBeTruthy();
    await act(() => router.navigate('/app'));
    expect(screen.getByText('Inicio')).toBeTruthy();
    expect(screen.queryByText('El código es incorrecto. Revísalo e intenta nuevamente.')).toBeNull();
    expect(screen.getByText('Usuario creado correctamente')).toBeTruthy();
    act(() => clearToasts());
  });
});
