import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import type { HeldItemsResponse } from '@galeno/domain/contracts/content-review';
import { clearToasts } from '../../components/ui/toast';
import { createSessionStore } from '../../lib/session';
import { apiError, jsonResponse, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component, createContentReviewLoader } from './content-queue-route';

const STAFF: AuthUser = { id: 'staff-1', name: 'Equipo', email: 'equipo@example.com', isTrial: false, trialEndsAt: null };
const SLOW = { timeout: 5000 };

const HELD: HeldItemsResponse = {
  total: 2,
  items: [
    {
      id: 'casimedicos-es-train-0007',
      kind: 'case',
      bank: 'casimedicos',
      speciality: 'Medicina Interna',
      subSpeciality: 'Cardiología',
      caseText: 'Varón de 64 años con disnea de esfuerzo y soplo sistólico.',
      questions: [
        {
          id: 'casimedicos-es-train-0007-q1',
          question: '¿Diagnóstico?',
          options: ['Estenosis aórtica', 'Insuficiencia mitral', 'CIA', 'Miocardiopatía'],
          correctIndex: 0,
          explanation: 'La estenosis aórtica…',
        },
      ],
      holdReason: 'Clave sin verificación independiente (CasiMedicos no es la plantilla oficial).',
      source: 'CasiMedicos-Arg, CC BY 4.0',
    },
    {
      id: 'casimedicos-es-train-0008',
      kind: 'question',
      bank: 'casimedicos',
      speciality: 'Cirugía',
      subSpeciality: 'Urología',
      caseText: null,
      questions: [
        {
          id: 'casimedicos-es-train-0008',
          question: '¿Tratamiento?',
          options: ['A', 'B', 'C', 'D'],
          correctIndex: 2,
          explanation: 'Porque…',
        },
      ],
      holdReason: 'Copias de esta pregunta en CasiMedicos con claves distintas.',
      source: null,
    },
  ],
};

function renderQueue(user: AuthUser | null = STAFF) {
  const store = createSessionStore({ initialUser: user });
  return renderRoutes(
    [
      { path: '/metrics/revision', loader: createContentReviewLoader(store), Component, HydrateFallback: () => null },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
    ],
    { path: '/metrics/revision', store },
  );
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('the review queue page', () => {
  it('lists each held item with its key, reason and source, and publishes or retires it', async () => {
    const api = mockApi({
      'GET /api/content-review/held': jsonResponse(HELD),
      'POST /api/content-review/held/casimedicos-es-train-0007': jsonResponse({ id: 'casimedicos-es-train-0007', status: 'published' }),
      'POST /api/content-review/held/casimedicos-es-train-0008': apiError(404, 'NOT_HELD', 'Esta pregunta ya no está en revisión.'),
    });
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Preguntas en revisión' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/2 preguntas esperan revisión/)).toBeTruthy();
    const first = screen.getByRole('article', { name: /Cardiología/ });
    expect(within(first).getByText('A. Estenosis aórtica — clave')).toBeTruthy();
    expect(within(first).getByText(/Clave sin verificación independiente/)).toBeTruthy();
    expect(within(first).getByText('Fuente: CasiMedicos-Arg, CC BY 4.0')).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Publicar (la clave es correcta)' }));
    expect((await within(first).findByRole('status')).textContent).toBe('Publicada: ya se sirve y se califica.');
    expect(api.bodyOf('POST /api/content-review/held/casimedicos-es-train-0007')).toEqual({ action: 'publish' });
    expect(screen.getByText(/1 pregunta espera revisión/)).toBeTruthy();

    const second = screen.getByRole('article', { name: /Urología/ });
    fireEvent.click(within(second).getByRole('button', { name: 'Retirar' }));
    expect((await within(second).findByRole('alert')).textContent).toBe('Esta pregunta ya no está en revisión.');
  });

  it('tells other accounts they may not see it', async () => {
    mockApi({ 'GET /api/content-review/held': apiError(403, 'STAFF_ONLY', 'Esta sección es solo para el equipo.') });
    renderQueue();
    expect(await screen.findByText('No tienes permiso para ver esta página', {}, SLOW)).toBeTruthy();
  });

  it('sends visitors to log in and back', async () => {
    mockApi({});
    const { router } = renderQueue(null);
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, SLOW);
    expect(router.state.location.search).toBe('?redirectTo=%2Fmetrics%2Frevision');
  });
});
