import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionQuestions } from '@galeno/domain/contracts/quiz';
import { ExamSitting, TIME_UP_MESSAGE } from './exam-sitting';
import { clearToasts, jsonResponse, makeQuestion, renderInRouter, setViewport, stubApi, type FetchCall } from './quiz-test-helpers';

const questions = [
  makeQuestion('e-1', '¿Primera pregunta?', ['Uno', 'Dos', 'Tres', 'Cuatro']),
  makeQuestion('e-2', '¿Segunda pregunta?', ['Uno', 'Dos', 'Tres', 'Cuatro']),
  makeQuestion('e-3', '¿Tercera pregunta?', ['Uno', 'Dos', 'Tres', 'Cuatro']),
];

function session(over: Partial<SessionQuestions> = {}): SessionQuestions {
  return {
    quizSessionId: 's-1',
    kind: 'exam',
    items: questions.map((question) => ({ question, caseText: null })),
    answeredIds: [],
    recorded: [],
    mode: 'examen',
    secondsPerQuestion: null,
    saved: false,
    ...over,
  };
}

const saved = {
  id: 'ev-1',
  quizSessionId: 's-1',
  quickQuizEvaluation: {
    date: '2026-12-06T10:00:00.000Z',
    formattedDate: '6 de diciembre de 2026',
    totalQuestions: 3,
    totalCorrect: 1,
    averageScore: 33.3,
    specialityEvaluations: [],
  },
};

function server() {
  return stubApi((call) => {
    if (call.path === '/api/quiz/sessions/s-1/answers') return jsonResponse({ recorded: 1, answeredInSession: 1 });
    if (call.path === '/api/quiz/evaluate/save-quick-quiz-evaluation') return jsonResponse(saved);
    if (call.path === '/api/quiz/flags') return jsonResponse({ total: 0, questionIds: [] });
    if (call.path === '/api/quiz/sessions/s-1/review')
      return jsonResponse({ quizSessionId: 's-1', kind: 'exam', savedAt: null, items: [] });
    return jsonResponse({ errorMessage: 'Ruta no simulada', code: 'NOT_FOUND' }, 404);
  });
}
const answersSent = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.path === '/api/quiz/sessions/s-1/answers')
    .flatMap((call) => (call.body as { answers: { questionId: string; optionSelectedIndex: number; elapsedMs: number }[] }).answers);

beforeEach(() => {
  setViewport('phone');
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  clearToasts();
  vi.unstubAllGlobals();
});

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("a custom exam in 'examen' mode (issue 35, N8)", () => {
  it('skips a question with «Omitir», comes back through the map, saves each answer as chosen, and counts the skipped one at the end', async () => {
    const calls = server();
    renderInRouter(<ExamSitting session={session()} userId="user-1" title="Examen" />, '/app/repaso/s-1');
    await screen.findByRole('group', { name: /Primera pregunta/ });
    expect(screen.getByTestId('quiz-counter').textContent).toBe('Pregunta 1 de 3');
    // Nothing chosen: the way on is «Omitir», never a disabled button.
    fireEvent.click(screen.getByRole('button', { name: 'Omitir' }));
    await screen.findByRole('group', { name: /Segunda pregunta/ });
    fireEvent.click(screen.getByRole('radio', { name: /Dos/ }));
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    await wait(400);
    expect(answersSent(calls)).toEqual([{ questionId: 'e-2', optionSelectedIndex: 1, elapsedMs: expect.any(Number) }]);
    // No key, no explanation while the exam runs.
    expect(screen.queryByText(/Respuesta (correcta|incorrecta)/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mapa' }));
    const map = screen.getByRole('region', { name: 'Mapa de preguntas' });
    expect(within(map).getByText('Sin responder: 2')).toBeTruthy();
    fireEvent.click(within(map).getByRole('button', { name: 'Pregunta 1: sin responder' }));
    await screen.findByRole('group', { name: /Primera pregunta/ });
    fireEvent.click(screen.getByRole('radio', { name: /Tres/ }));
    await wait(400);
    expect(screen.getByText('Te falta 1 de 3 preguntas.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Terminar examen' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Terminar el examen?' });
    expect(within(dialog).getByText(/Te falta 1 pregunta sin responder: contará como incorrecta/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminar' }));
    expect(await screen.findByRole('heading', { name: 'Resultados de la sesión' })).toBeTruthy();
    expect(answersSent(calls).map((answer) => [answer.questionId, answer.optionSelectedIndex])).toContainEqual(['e-1', 2]);
    expect(calls.some((call) => call.path === '/api/quiz/evaluate/question')).toBe(false);
  });

  it('resumes with the answers chosen before and the time already spent, and ends at zero with the answers graded, as the clock says', async () => {
    const calls = server();
    // 3 questions at 45 s: 2:15 in all. 60 s were spent on the first answer (the server's), 20 s on the second (this device).
    localStorage.setItem('examen-tiempo:s-1', JSON.stringify({ 'e-2': 20_000 }));
    renderInRouter(
      <ExamSitting
        session={session({
          secondsPerQuestion: 45,
          answeredIds: ['e-1'],
          recorded: [{ questionId: 'e-1', selectedIndex: 3, timeMs: 60_000 }],
        })}
        userId="user-1"
        title="Examen"
      />,
      '/app/repaso/s-1',
    );
    // It opens at the first question left, with the clock where it was.
    await screen.findByRole('group', { name: /Segunda pregunta/ });
    expect(screen.getByRole('timer').textContent).toBe('0:55');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await screen.findByRole('group', { name: /Primera pregunta/ });
    expect((screen.getByRole('radio', { name: /Cuatro/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Uno/ }));
    await wait(400);
    const changed = answersSent(calls).find((answer) => answer.questionId === 'e-1')!;
    expect(changed.optionSelectedIndex).toBe(0);
    expect(changed.elapsedMs).toBeGreaterThanOrEqual(60_000);

    await wait(56_000);
    expect(await screen.findByText(TIME_UP_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Resultados de la sesión' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/quiz/evaluate/save-quick-quiz-evaluation')).toBe(true);
    // The time kept on this device is cleared once the exam is graded.
    expect(localStorage.getItem('examen-tiempo:s-1')).toBeNull();
  });

  it('keeps the time of the question on screen across a reload (the page going away writes it down)', async () => {
    server();
    renderInRouter(<ExamSitting session={session({ secondsPerQuestion: 90 })} userId="user-1" title="Examen" />, '/app/repaso/s-1');
    await screen.findByRole('group', { name: /Primera pregunta/ });
    expect(screen.getByRole('timer').textContent).toBe('4:30');
    await wait(7_000);
    window.dispatchEvent(new Event('pagehide'));
    const kept = JSON.parse(localStorage.getItem('examen-tiempo:s-1') ?? '{}') as Record<string, number>;
    expect(kept['e-1']).toBeGreaterThanOrEqual(7_000);
  });
});
