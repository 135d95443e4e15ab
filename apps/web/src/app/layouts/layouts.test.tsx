import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShellLayout } from '../../components/layout/app-shell-layout';
import { CenteredLayout } from './centered-layout';

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
