import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, jsonResponse, makeQuestion, setViewport, stubApi } from './quiz-test-helpers';

vi.mock('../../lib/session', () => ({
  useRequiredUser: () => ({ id: 'user-1', name: 'Ana', email: 'ana@example.com', isTrial: false, trialEndsAt: null }),
}));

const questions = [makeQuestion('e-1', '¿Primera?', ['A', 'B']), makeQuestion('e-2', '¿Segunda?', ['A', 'B'])];
const sessionQuestions = (over: object) => ({
  quizSessionId: 's-9',
  kind: 'exam',
  items: questions.map((question) => ({ question, caseText: null })),
  answeredIds: [],
  mode: 'examen',
  secondsPerQuestion: null,
  saved: false,
  ...over,
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/repaso/:quizSessionId', lazy: () => import('./review-session-route'), HydrateFallback: () => null },
      { path: '/app/sesion/:quizSessionId', element: <h1>Resultados guardados</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => setViewport('phone'));
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('/app/repaso/:id (issue 35, N3)', () => {
  it('a finished exam opens its results and review, never question 1 again', async () => {
    stubApi(() => jsonResponse(sessionQuestions({ answeredIds: ['e-1', 'e-2'], saved: true })));
    const router = renderAt('/app/repaso/s-9');
    expect(await screen.findByRole('heading', { name: 'Resultados guardados' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/sesion/s-9');
    expect(screen.queryByText(/Pregunta 1/)).toBeNull();
  });

  it('every question answered but never finished: «Ver resultados» grades it and opens the results', async () => {
    const calls = stubApi((call) =>
      call.path.endsWith('save-quick-quiz-evaluation')
        ? jsonResponse({ id: 'ev-1', quizSessionId: 's-9', quickQuizEvaluation: {} })
        : jsonResponse(sessionQuestions({ answeredIds: ['e-1', 'e-2'], mode: 'tutor' })),
    );
    const router = renderAt('/app/repaso/s-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Examen: respondiste todas las preguntas' })).toBeTruthy();
    expect(screen.queryByText(/Pregunta 1/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver resultados' }));
    expect(await screen.findByRole('heading', { name: 'Resultados guardados' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/sesion/s-9');
    expect(calls.find((call) => call.path.endsWith('save-quick-quiz-evaluation'))?.body).toEqual({
      userId: 'user-1',
      quizSessionId: 's-9',
    });
  });

  it('an exam half answered resumes at the first question left', async () => {
    stubApi(() => jsonResponse(sessionQuestions({ answeredIds: ['e-1'], mode: 'tutor' })));
    renderAt('/app/repaso/s-9');
    expect(await screen.findByRole('group', { name: /¿Segunda\?/ })).toBeTruthy();
  });
});
