import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component } from './digest-unsubscribe-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the plan e-mail's one-click unsubscribe (issue 40)", () => {
  it('sends the link’s signature once the page runs and says it is done', async () => {
    const api = mockApi({ 'POST /api/plan/digest/unsubscribe': { success: true } });
    renderRoutes([{ path: '/recordatorios/baja', element: <Component /> }], {
      path: '/recordatorios/baja?u=0b7a4c5e-1d2f-4a3b-9c8d-7e6f5a4b3c2d&s=firma-del-enlace',
    });
    expect(await screen.findByText(/Listo: ya no te enviaremos el correo con tu plan de hoy/)).toBeTruthy();
    expect(api.bodyOf('POST /api/plan/digest/unsubscribe')).toEqual({ u: '0b7a4c5e-1d2f-4a3b-9c8d-7e6f5a4b3c2d', s: 'firma-del-enlace' });
  });

  it('says so when it could not, and how else to stop it', async () => {
    mockApi({ 'POST /api/plan/digest/unsubscribe': apiError(400, 'VALIDATION_ERROR', 'Datos inválidos') });
    renderRoutes([{ path: '/recordatorios/baja', element: <Component /> }], { path: '/recordatorios/baja?u=x&s=y' });
    expect(await screen.findByText(/No pudimos completarlo/)).toBeTruthy();
  });
});
