import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { apiError, mockApi } from '../../test/api-mock';
import { clearToasts } from './quiz-test-helpers';

function renderFlagged() {
  const router = createMemoryRouter(
    [
      { path: '/app/marcadas', lazy: () => import('./flagged-route'), HydrateFallback: () => null },
      { path: '/app/repaso/:quizSessionId', element: <h1>Repaso abierto</h1> },
    ],
    { initialEntries: ['/app/marcadas'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

const listed = {
  items: [
    {
      questionId: 'q-1',
      question: '¿Cuál es el tratamiento de la otitis?',
      especialidad: 'Cirugía',
      subEspecialidad: 'Otorrinolaringología',
      flaggedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      questionId: 'q-2',
      question: '¿Qué vacuna se aplica al nacer?',
      especialidad: 'Pediatría y Neonatología',
      subEspecialidad: 'Pediatría',
      flaggedAt: '2026-11-19T10:00:00.000Z',
    },
  ],
};

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('/app/marcadas', () => {
  it('lists the flagged questions, unflags one at once (and puts it back if the save fails), and reviews them together', async () => {
    const api = mockApi({
      'GET /api/quiz/flags/questions': listed,
      'PUT /api/quiz/flags/q-1': [apiError(500, 'INTERNAL', 'Error'), { questionId: 'q-1', flagged: false }],
      'POST /api/quiz/review-sessions': {
        quizSessionId: '5b2f3c1e-7a1d-4c1e-9f2a-0c3b4d5e6f70',
        kind: 'review',
        startedAt: '2026-11-24T10:00:00.000Z',
      },
    });
    renderFlagged();
    expect(await screen.findByRole('heading', { level: 1, name: 'Preguntas marcadas' })).toBeTruthy();
    expect(screen.getByText('2 preguntas marcadas. Tus marcas se guardan entre sesiones y dispositivos.')).toBeTruthy();
    expect(screen.getByText('Cirugía · Otorrinolaringología')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: /^Quitar marca/ })[0]!);
    // The failed save puts it back and says so.
    expect(await screen.findByText('No pudimos guardar la marca. Intenta nuevamente.')).toBeTruthy();
    expect(screen.getByText('¿Cuál es el tratamiento de la otitis?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /^Quitar marca/ })[0]!);
    expect(await screen.findByText('1 pregunta marcada. Tus marcas se guardan entre sesiones y dispositivos.')).toBeTruthy();
    expect(screen.queryByText('¿Cuál es el tratamiento de la otitis?')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Repasar marcadas' }));
    expect(await screen.findByRole('heading', { name: 'Repaso abierto' })).toBeTruthy();
    expect(api.bodyOf('POST /api/quiz/review-sessions')).toEqual({ source: 'marcadas' });
  });

  it('says how to flag when nothing is flagged', async () => {
    mockApi({ 'GET /api/quiz/flags/questions': { items: [] } });
    renderFlagged();
    expect(await screen.findByText(/Aún no has marcado preguntas/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repasar marcadas' })).toBeNull();
  });
});
