import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

function renderAt(initialEntries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Página principal</p> },
      { path: '/somewhere', element: <p>Página anterior</p> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NotFoundPage', () => {
  it('shows the spec title and text', () => {
    renderAt(['/no-existe']);
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByText('Lo sentimos, la página que estás buscando no existe o ha sido movida...')).toBeTruthy();
  });

  it('offers home (/app), back and login (/login)', () => {
    renderAt(['/no-existe']);
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('button', { name: 'Regresar' })).toBeTruthy();
  });

  it('goes back to the previous page', async () => {
    const router = renderAt(['/somewhere', '/no-existe']);
    fireEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByText('Página anterior')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('goes to the landing when there is no previous page in the app', async () => {
    const router = renderAt(['/no-existe']);
    fireEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByText('Página principal')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sets the tab title', () => {
    renderAt(['/no-existe']);
    expect(document.title).toBe('Página no encontrada · Galeno');
  });
});
