import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component as NotMe } from './not-me-route';

const NOT_ME = 'POST /api/staggered-auth/not-me';
const LINK = '/no-fui-yo?u=6b1f1c1e-6a43-4a7e-9d2c-1b6f1e2a3b4c&t=1795000000000&s=firma-de-prueba-123';

afterEach(() => vi.unstubAllGlobals());

describe('«No fui yo»', () => {
  it('sends the link it came with and says what happened, with the way back in by code', async () => {
    const api = mockApi({ [NOT_ME]: { success: true } } as never);
    renderRoutes([{ path: '/no-fui-yo', element: <NotMe /> }], { path: LINK, user: null });
    expect(screen.getByRole('heading', { name: '¿No fuiste tú?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar todas mis sesiones' }));
    expect(await screen.findByText(/cerramos todas las sesiones de tu cuenta/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar con mi código' }).getAttribute('href')).toBe('/login');
    expect(api.bodyOf(NOT_ME)).toEqual({ u: '6b1f1c1e-6a43-4a7e-9d2c-1b6f1e2a3b4c', t: '1795000000000', s: 'firma-de-prueba-123' });
  });

  it('says so when the link is not valid', async () => {
    mockApi({ [NOT_ME]: apiError(400, 'NOT_ME_LINK_INVALID', 'Este enlace no es válido o ya venció.') } as never);
    renderRoutes([{ path: '/no-fui-yo', element: <NotMe /> }], { path: LINK, user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar todas mis sesiones' }));
    expect(await screen.findByText('Este enlace no es válido o ya venció.')).toBeTruthy();
  });
});
