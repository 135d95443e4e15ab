import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimulacroResults } from '@galeno/domain/contracts/simulacros';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { SimulacroResultsView } from './simulacro-results';

const results = (overrides: Partial<SimulacroResults> = {}): SimulacroResults => ({
  quizSessionId: 'sim-1',
  formId: 'mini-1',
  name: 'Mini simulacro 1',
  correct: 6,
  answered: 9,
  total: 10,
  score: 60,
  byArea: [{ area: 'Pediatría', correct: 6, total: 10 }],
  usedMs: 600_000,
  minutes: 15,
  percentile: null,
  finishers: 1,
  retake: false,
  ...overrides,
});

function renderResults(value: SimulacroResults) {
  return renderRoutes(
    [
      { path: '/app/simulacro/:id', element: <SimulacroResultsView results={value} /> },
      { path: '/app/repaso/:id', element: <p>Repaso abierto</p> },
    ],
    { path: `/app/simulacro/${value.quizSessionId}`, user: STUDENT },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('simulacro results', () => {
  it('open at the top, with the title in view and focus on it', () => {
    mockApi({});
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderResults(results());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Resultados: Mini simulacro 1' }));
  });

  it('offer «Repasar incorrectas» over the sitting’s missed questions, which opens a review session', async () => {
    const api = mockApi({
      'POST /api/quiz/review-sessions': { quizSessionId: 'repaso-9', kind: 'review', startedAt: '2026-12-06T05:00:00.000Z' },
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderResults(results());
    fireEvent.click(screen.getByRole('button', { name: 'Repasar incorrectas (3)' }));
    expect(await screen.findByText('Repaso abierto')).toBeTruthy();
    expect(api.bodyOf('POST /api/quiz/review-sessions')).toEqual({ source: 'incorrectas', quizSessionId: 'sim-1' });
  });

  it('say a refusal in place and give the button back', async () => {
    mockApi({
      'POST /api/quiz/review-sessions': apiError(400, 'NO_MISSED_QUESTIONS', 'No tuviste respuestas incorrectas en esta sesión.'),
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderResults(results());
    fireEvent.click(screen.getByRole('button', { name: 'Repasar incorrectas (3)' }));
    expect(await screen.findByText('No tuviste respuestas incorrectas en esta sesión.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Repasar incorrectas (3)' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('offer no review when every answer was right', () => {
    mockApi({});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderResults(results({ correct: 9, answered: 9, score: 90 }));
    expect(screen.queryByRole('button', { name: /Repasar incorrectas/ })).toBeNull();
  });
});
