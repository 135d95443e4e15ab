import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, jsonResponse, makeCase, makeQuestion, setViewport, stubApi } from './quiz-test-helpers';

vi.mock('../../lib/session', () => ({
  useRequiredUser: () => ({ id: 'user-1', name: 'Ana', email: 'ana@example.com', isTrial: false, trialEndsAt: null }),
}));

function renderRoute(path: string, lazy: () => Promise<object>) {
  const router = createMemoryRouter([{ path, lazy, HydrateFallback: () => null }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  setViewport('desktop');
  stubApi((call) =>
    call.path === '/api/quiz/bank'
      ? jsonResponse({
          bank: 'galeno',
          includeEnglish: true,
          includeUnexplainedMir: false,
          mirNoticeDue: false,
          questions: { galeno: 10, mir: 5, mirWithoutExplanation: 2 },
        })
      : call.path.includes('/question/')
        ? jsonResponse(makeQuestion('p-1', '¿Pregunta de prueba?', ['Sí', 'No']))
        : jsonResponse(makeCase()),
  );
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('quiz route modules', () => {
  it("/app/quick-quiz: 'Pruebas Rápidas' with a link to single questions", async () => {
    renderRoute('/app/quick-quiz', () => import('./quick-quiz-route'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pruebas Rápidas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pregunta suelta' }).getAttribute('href')).toBe('/app/quick-quiz/pregunta');
    expect(await screen.findByRole('button', { name: 'Leer caso clínico' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(document.title).toContain('Pruebas Rápidas');
    // The bank in use, in the header (issue 37).
    expect(within(await screen.findByTestId('quiz-actions')).getByRole('button', { name: 'Banco: Galeno ENARM' })).toBeTruthy();
  });

  it("/app/timed-quiz: 'Cronómetro' with its clock", async () => {
    renderRoute('/app/timed-quiz', () => import('./timed-quiz-route'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cronómetro' })).toBeTruthy();
    // One countdown of the case's time at the ENARM's pace (issue 35, N12).
    expect((await screen.findByRole('timer')).textContent).toMatch(/^\d+:\d{2}$/);
    expect(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' })).toBeTruthy();
  });

  it('/app/quick-quiz/pregunta: a single question', async () => {
    renderRoute('/app/quick-quiz/pregunta', () => import('./single-question-route'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pregunta suelta' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: '¿Pregunta de prueba?' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' })).toBeTruthy();
  });
});
