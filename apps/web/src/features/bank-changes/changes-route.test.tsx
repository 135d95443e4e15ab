import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component } from './changes-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderRoutes([{ path: '/novedades', element: <Component /> }], { path: '/novedades' });

describe('«Novedades del banco» (issue 39)', () => {
  it('lists each change with its date, where in the bank it is and why, never a key', async () => {
    mockApi({
      'GET /api/content/changes': {
        items: [
          {
            at: '2026-12-05T18:00:00.000Z',
            itemKind: 'question',
            itemId: 'q-1',
            kind: 'reporte',
            reason: 'Corregida tras un reporte',
            where: 'Cardiología · Síndrome coronario agudo',
          },
          {
            at: '2026-12-04T18:00:00.000Z',
            itemKind: 'question',
            itemId: 'q-2',
            kind: 'guia',
            reason: 'Ahora sigue Guía X, versión 2025',
            where: 'Endocrinología · Obesidad',
          },
        ],
      },
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Novedades del banco' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '5 de diciembre de 2026 · Pregunta · Cardiología · Síndrome coronario agudoCorregida tras un reporte',
      '4 de diciembre de 2026 · Pregunta · Endocrinología · ObesidadSigue una nueva versión de su guíaAhora sigue Guía X, versión 2025',
    ]);
  });

  it('says when there is nothing yet, and offers to retry when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/content/changes': [apiError(503, 'UNAVAILABLE', ''), { items: [] }] });
    render();
    // On a loaded machine (CI beside two Chromiums) the failed read and its alert take over a second.
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Todavía no hay cambios que contar/)).toBeTruthy();
  });
});
