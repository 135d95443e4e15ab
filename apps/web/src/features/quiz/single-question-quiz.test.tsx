import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { settleTrialTimeUp } from '../../lib/trial-time-up';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { clearToasts, jsonResponse, makeQuestion, renderInRouter, savedEvaluation, setViewport, stubApi } from './quiz-test-helpers';
import { SingleQuestionQuiz } from './single-question-quiz';
import { pressFirst } from '../../test/keyboard';

const questions = [
  makeQuestion(
    'p-1',
    '¿Cuál es el agente causal más frecuente de la otitis media aguda?',
    ['Streptococcus pneumoniae', 'Haemophilus influenzae', 'Moraxella catarrhalis', 'Staphylococcus aureus', 'Pseudomonas aeruginosa'],
    {
      tags: { Especialidad: 'Cirugía', SubEspecialidad: 'Otorrinolaringología', Tema: 'Otitis', Dificultad: 'Fácil' },
      gpc: { name: 'Diagnóstico y tratamiento de la otitis media aguda', code: null, year: 2022 },
      source: { citation: 'HEAD-QA, examen MIR 2016', url: 'https://example.org/head-qa' },
    },
  ),
  makeQuestion('p-2', '¿Qué vacuna se aplica al nacer?', ['BCG', 'Pentavalente', 'Rotavirus']),
];

function stubServer(optionShares: number[] | null = null, { repeatFrom = Infinity } = {}) {
  let served = 0;
  return stubApi((call) => {
    if (call.path === '/api/quiz/question/random') {
      const question = questions[served % questions.length]!;
      // Past `repeatFrom`, the server says the unseen questions ran out.
      return jsonResponse(served++ >= repeatFrom ? { ...question, repeated: true } : question);
    }
    if (call.path === '/api/quiz/evaluate/question') {
      const evaluation: QuestionEvaluation = {
        questionId: call.body?.questionId as string,
        correct: call.body?.selectedOption === 0,
        correctAnswer: 0,
        feedback: 'S. pneumoniae causa la mayoría de los casos.',
        tags: questions[0]!.tags,
        optionShares,
      };
      return jsonResponse(evaluation);
    }
    if (call.path === '/api/quiz/evaluate/save-quick-quiz-evaluation') return jsonResponse(savedEvaluation());
    return jsonResponse({ errorMessage: 'Ruta no simulada', code: 'NOT_FOUND' }, 404);
  });
}

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('single question in the trial', () => {
  it('grades the chosen answer when the time is up, and offers the signup that keeps it instead of «Guardar y salir»', async () => {
    setViewport('desktop');
    const calls = stubServer();
    renderInRouter(<SingleQuestionQuiz userId="TRIAL" trial />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    fireEvent.click(screen.getByRole('radio', { name: /Streptococcus/ }));
    // The trial's clock reaches zero with an answer chosen and not graded yet.
    await act(() => settleTrialTimeUp());
    expect(calls.filter((call) => call.path === '/api/quiz/evaluate/question')).toHaveLength(1);
    expect(await screen.findByText('Respuesta correcta')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar y salir' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Crear cuenta y guardar' }).getAttribute('href')).toBe('/signup?desde=prueba');
    // Nothing chosen on the next one: time up sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente pregunta' }));
    await screen.findByRole('group', { name: /vacuna/ });
    await act(() => settleTrialTimeUp());
    expect(calls.filter((call) => call.path === '/api/quiz/evaluate/question')).toHaveLength(1);
  });
});

describe('single question', () => {
  it('after grading shows the share of students who chose each option, only when the server sends it', async () => {
    setViewport('desktop');
    stubServer([62, 20, 10, 5, 3]);
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.queryByText(/% de los estudiantes/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Haemophilus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    await screen.findByText('Respuesta incorrecta. La correcta es la A.');
    expect(screen.getAllByText(/% de los estudiantes/).map((node) => node.textContent)).toEqual([
      '62 % de los estudiantes',
      '20 % de los estudiantes',
      '10 % de los estudiantes',
      '5 % de los estudiantes',
      '3 % de los estudiantes',
    ]);
  });

  it("shows the speciality tag, the question and options A–E; 'Calificar' waits for an option", async () => {
    setViewport('desktop');
    stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    const group = await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.getByText('Cirugía · Otorrinolaringología')).toBeTruthy();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent?.charAt(0)),
    ).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((screen.getByRole('button', { name: 'Calificar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /HEAD-QA, examen MIR 2016/ }).getAttribute('href')).toBe('https://example.org/head-qa');
  });

  it("grades, explains with the guideline inline on desktop, then 'Siguiente pregunta' in the same session", async () => {
    setViewport('desktop');
    const calls = stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    // The listener attaches in an effect, which can land after the screen shows: press once it listens.
    await pressFirst('2');
    expect((screen.getByRole('radio', { name: /Haemophilus/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Enter' });

    expect(await screen.findByText('Respuesta incorrecta. La correcta es la A.')).toBeTruthy();
    expect(screen.getByText('S. pneumoniae causa la mayoría de los casos.')).toBeTruthy();
    expect(screen.getByText(/Diagnóstico y tratamiento de la otitis media aguda \(versión 2022\)/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Streptococcus pneumoniae.*Respuesta correcta/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente pregunta' }));
    expect(await screen.findByRole('group', { name: /vacuna se aplica al nacer/ })).toBeTruthy();
    await pressFirst('a');
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    await screen.findByText('Respuesta correcta');
    const sessions = calls.filter((call) => call.path === '/api/quiz/evaluate/question').map((call) => call.body?.quizSessionId);
    expect(calls.filter((call) => call.path === '/api/quiz/evaluate/question').map((call) => call.body?.selectedOption)).toEqual([1, 0]);
    expect(sessions[0]).toBeTruthy();
    expect(sessions[0]).toBe(sessions[1]);
  });

  it.each([
    { reduced: false, behavior: 'smooth' },
    { reduced: true, behavior: 'auto' },
  ])('after «Calificar» brings the verdict into view and focus to it (reduced motion: $reduced)', async ({ reduced, behavior }) => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('prefers-reduced-motion') ? reduced : true,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const scrolled: { element: Element; options: unknown }[] = [];
    const scrollIntoView = vi.fn(function (this: Element, options: unknown) {
      scrolled.push({ element: this, options });
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      stubServer();
      renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
      await screen.findByRole('group', { name: /otitis media aguda/ });
      fireEvent.click(screen.getByRole('radio', { name: /Haemophilus/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
      const verdict = await screen.findByText('Respuesta incorrecta. La correcta es la A.');
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]!.element.contains(verdict)).toBe(true);
      expect(scrolled[0]!.options).toEqual({ block: 'start', behavior });
      expect(document.activeElement?.contains(verdict)).toBe(true);
      // Said once, politely, by the page's live region.
      expect(screen.getByTestId('quiz-live-region').textContent).toBe('Respuesta incorrecta.');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('says once that the unseen questions ran out, with the way to review errors or repeat', async () => {
    setViewport('desktop');
    stubServer(null, { repeatFrom: 1 });
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.queryByRole('heading', { name: /Ya resolviste/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Streptococcus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente pregunta' }));
    await screen.findByRole('group', { name: /vacuna se aplica al nacer/ });
    expect(screen.getByRole('heading', { name: 'Ya resolviste todas las preguntas sueltas disponibles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Repasar mis errores' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Repetir preguntas' }));
    expect(screen.queryByRole('heading', { name: /Ya resolviste/ })).toBeNull();
    // Only once: the next repeat says nothing.
    fireEvent.click(screen.getByRole('radio', { name: /BCG/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente pregunta' }));
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.queryByRole('heading', { name: /Ya resolviste/ })).toBeNull();
  });

  it('on a phone the explanation opens in place under the options, with no sheet over the page', async () => {
    setViewport('phone');
    stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    fireEvent.click(screen.getByRole('radio', { name: /Streptococcus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    const feedback = await screen.findByRole('region', { name: 'Retroalimentación' });
    expect(within(feedback).getByText('S. pneumoniae causa la mayoría de los casos.')).toBeTruthy();
    expect(screen.getByText('Respuesta correcta')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver retroalimentación' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente pregunta' }));
    expect(await screen.findByRole('group', { name: /vacuna se aplica al nacer/ })).toBeTruthy();
  });

  it('saves the session and shows the results', async () => {
    setViewport('desktop');
    const calls = stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-7" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    await pressFirst('a');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar y salir' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('save-quick-quiz-evaluation'))?.body?.userId).toBe('user-7');
  });

  it("'Salir' is a plain link home, before and after an answer is graded: the answer already counts (N2)", async () => {
    setViewport('desktop');
    const calls = stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.getByRole('link', { name: 'Salir' }).getAttribute('href')).toBe('/app');
    await pressFirst('a');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await screen.findByText('Respuesta correcta');

    fireEvent.click(screen.getByRole('link', { name: 'Salir' }));
    expect(await screen.findByText('Inicio de la app')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('save-quick-quiz-evaluation'))).toBe(false);
  });

  it('offers an optional one-minute clock, remembered on this device, and grades with the time when it is on (ux N13)', async () => {
    setViewport('phone');
    localStorage.removeItem('preguntas-sueltas-reloj');
    const calls = stubServer();
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.queryByRole('timer')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Reloj de 1 minuto' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    fireEvent.click(screen.getByRole('radio', { name: /Haemophilus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    await screen.findByText('Respuesta incorrecta. La correcta es la A.');
    expect(typeof (calls.find((call) => call.path === '/api/quiz/evaluate/question')!.body as { elapsedMs?: number }).elapsedMs).toBe(
      'number',
    );
    cleanup();

    // The next visit starts with the clock on.
    renderInRouter(<SingleQuestionQuiz userId="user-1" />, '/app/quick-quiz/pregunta');
    await screen.findByRole('group', { name: /vacuna se aplica al nacer/ });
    expect(screen.getByRole('button', { name: 'Reloj de 1 minuto' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    localStorage.removeItem('preguntas-sueltas-reloj');
  });

  it('in a tutor-mode exam with a time per question shows one countdown, then the time over the pace, a counter that never wraps, and grades with the answer’s time', async () => {
    setViewport('desktop');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubServer();
    const load = async (round: number) => ({ questions: [questions[round]!] as [(typeof questions)[0]], caseText: null });
    renderInRouter(
      <SingleQuestionQuiz
        userId="user-1"
        review={{ sessionId: 's-2', load, total: 2, title: 'Examen', startAt: 0, secondsPerQuestion: 90 }}
      />,
      '/app/repaso/s-2',
    );
    await screen.findByRole('group', { name: /otitis media aguda/ });
    expect(screen.getAllByRole('timer').map((timer) => timer.textContent)).toEqual(['1:30']);
    expect(screen.getByTestId('quiz-counter').textContent).toBe('Pregunta 1 de 2');
    expect(screen.getByTestId('quiz-counter').className).toContain('whitespace-nowrap');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(93_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('+0:03');
    expect(screen.getByText('sobre el ritmo')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Haemophilus/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    await screen.findByText('Respuesta incorrecta. La correcta es la A.');
    const sent = calls.find((call) => call.path === '/api/quiz/evaluate/question')!.body as { elapsedMs?: number; quizSessionId?: string };
    expect(sent.quizSessionId).toBe('s-2');
    expect(sent.elapsedMs).toBeGreaterThanOrEqual(93_000);
  });
});
