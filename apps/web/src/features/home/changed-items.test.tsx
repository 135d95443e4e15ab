import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { ChangedItems } from './changed-items';

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderRoutes([{ path: '/app', element: <ChangedItems /> }], { path: '/app', user: STUDENT });

describe('what changed in items the student answered (issue 39)', () => {
  it('tells her once, with the key before and after, until «Entendido»', async () => {
    const api = mockApi({
      'GET /api/content/changes/mine': {
        items: [
          {
            at: '2026-12-06T10:00:00.000Z',
            itemKind: 'question',
            itemId: 'q-1',
            kind: 'clave',
            text: 'Mujer de 30 años con…',
            before: 'Metformina',
            after: 'Insulina',
          },
          {
            at: '2026-12-06T10:00:00.000Z',
            itemKind: 'question',
            itemId: 'q-2',
            kind: 'retirada',
            text: 'Hombre de 50 años…',
            before: null,
            after: null,
          },
          {
            at: '2026-12-06T10:00:00.000Z',
            itemKind: 'flashcard',
            itemId: 'f-1',
            kind: 'clave',
            text: '¿Dosis de…?',
            before: '5 mg',
            after: '10 mg',
          },
        ],
      },
      'POST /api/content/changes/mine/seen': { success: true },
    });
    render();
    expect(
      await screen.findByRole('heading', { name: '2 preguntas que respondiste cambiaron y 1 flashcard que estudias cambió' }),
    ).toBeTruthy();
    expect(screen.getByText(/Metformina/).textContent).toBe('Antes: Metformina · Ahora: Insulina');
    expect(screen.getByText(/Su repaso empieza de nuevo/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver todas las novedades' }).getAttribute('href')).toBe('/novedades');
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
    expect(api.requests()).toContain('POST /api/content/changes/mine/seen');
  });

  it('says nothing when nothing changed or the list cannot be read', async () => {
    const api = mockApi({ 'GET /api/content/changes/mine': { items: [] } });
    render();
    await waitFor(() => expect(api.requests()).toContain('GET /api/content/changes/mine'));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
