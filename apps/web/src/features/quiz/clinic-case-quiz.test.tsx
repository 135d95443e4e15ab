import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicCase } from '@galeno/domain/contracts/quiz';
import { fetchRandomClinicCase } from './api';
import { ClinicCaseQuiz } from './clinic-case-quiz';
import { LOW_TIME_MESSAGE } from './quiz-timer';
import {
  clearToasts,
  gradeCase,
  jsonResponse,
  makeCase,
  renderInRouter,
  savedEvaluation,
  setViewport,
  stubApi,
  type FetchCall,
} from './quiz-test-helpers';
import { pressFirst } from '../../test/keyboard';

/** A server with two random cases that grades them with gradeCase. */
function stubQuizServer(overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  const cases = [makeCase('caso-1'), makeCase('caso-2')];
  let served = 0;
  return stubApi((call) => {
    const override = overrides(call);
    if (override) return override;
    if (call.path.split('?')[0] === '/api/quiz/clinic-case/random') return jsonResponse(cases[served++ % cases.length]);
    if (call.path === '/api/quiz/evaluate/clinic-case') {
      const clinicCase = cases.find((candidate) => candidate.id === call.body?.clinicCaseId) as ClinicCase;
      const picks = Object.fromEntries(
        (call.body?.selectedOptions as { questionId: string; optionSelectedIndex: number }[]).map((pick) => [
          pick.questionId,
          pick.optionSelectedIndex,
        ]),
      );
      // Time ran out: the questions without an answer come back unanswered.
      const unanswered = (id: string) => (call.body?.timeUp && picks[id] === undefined ? { unanswered: true as const } : {});
      return jsonResponse(gradeCase(clinicCase, picks).map((evaluation) => ({ ...evaluation, ...unanswered(evaluation.questionId) })));
    }
    if (call.path === '/api/quiz/evaluate/save-quick-quiz-evaluation') return jsonResponse(savedEvaluation());
    return jsonResponse({ errorMessage: 'Ruta no simulada', code: 'NOT_FOUND' }, 404);
  });
}

function renderQuiz(props: Partial<Parameters<typeof ClinicCaseQuiz>[0]> = {}) {
  return renderInRouter(
    <ClinicCaseQuiz title="Pruebas Rápidas" loadCase={fetchRandomClinicCase} userId="user-1" kind="quick" {...props} />,
  );
}

function gradeButton() {
  return screen.getByRole('button', { name: 'Calificar' }) as HTMLButtonElement;
}

function question(name: RegExp) {
  return screen.getByRole('group', { name });
}

const Q1 = /diagnóstico más probable/;
const Q2 = /tratamiento de primera elección/;

beforeEach(() => {
  setViewport('desktop');
});

afterEach(() => {
  localStorage.clear();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('clinical case quiz', () => {
  it('in the timed quiz shows one clock, counting down the time left at the pace, and sends the time spent on the case with the answers', async () => {
    const calls = stubQuizServer();
    renderQuiz({ title: 'Cronómetro', kind: 'timed', timed: true, secondsPerQuestion: 64 });
    await screen.findByText(/caso-1/);
    // Two questions at 64 s each, on one large countdown: no count-up clock beside it (issue 35, N12).
    expect(screen.getAllByRole('timer').map((timer) => timer.textContent)).toEqual(['2:08']);
    expect(screen.queryByText(/\d{2}:\d{2}:\d{2}/)).toBeNull();
    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 2 de 2 preguntas.');
    const body = calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case')?.body;
    expect(typeof body?.elapsedMs).toBe('number');
    expect(body?.elapsedMs as number).toBeGreaterThanOrEqual(0);
  });

  it('sends no time outside the timed quiz', async () => {
    const calls = stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 2 de 2 preguntas.');
    expect(calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case')?.body).not.toHaveProperty('elapsedMs');
  });

  it('says once that the unseen cases ran out, and "Repasar mis errores" opens a review of the missed questions of that choice', async () => {
    const calls = stubQuizServer((call) => {
      if (call.path.split('?')[0] === '/api/quiz/clinic-case/random') return jsonResponse({ ...makeCase('repetido'), repeated: true });
      if (call.path === '/api/quiz/review-sessions')
        return jsonResponse({
          quizSessionId: 'b3c0e8a2-1111-4c1a-9d2b-0a0a0a0a0a0a',
          kind: 'review',
          startedAt: '2026-11-24T12:00:00.000Z',
        });
      return undefined;
    });
    const router = renderQuiz({ repeatScope: { label: 'de Urología', speciality: 'Cirugía', subSpeciality: 'Urología' } });
    expect(await screen.findByRole('heading', { name: 'Ya resolviste todos los casos de Urología' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Repasar mis errores' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/repaso/b3c0e8a2-1111-4c1a-9d2b-0a0a0a0a0a0a'));
    expect(calls.find((call) => call.path === '/api/quiz/review-sessions')?.body).toEqual({
      source: 'errores',
      speciality: 'Cirugía',
      subSpeciality: 'Urología',
    });
  });

  it('offers all three ways on in the quick and timed quizzes: "Otra subespecialidad" opens the speciality picker', async () => {
    stubQuizServer((call) =>
      call.path.split('?')[0] === '/api/quiz/clinic-case/random' ? jsonResponse({ ...makeCase('repetido'), repeated: true }) : undefined,
    );
    renderQuiz({ title: 'Cronómetro', kind: 'timed', timed: true, secondsPerQuestion: 64 });
    const notice = (await screen.findByRole('heading', { name: 'Ya resolviste todos los casos disponibles' })).closest('section')!;
    expect(within(notice).getByRole('button', { name: 'Repasar mis errores' })).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Otra subespecialidad' }).getAttribute('href')).toBe('/app/speciality-quiz');
    expect(within(notice).getByRole('button', { name: 'Repetir casos' })).toBeTruthy();
  });

  it('"Repetir casos" puts the notice away and the repeats go on without it', async () => {
    stubQuizServer((call) =>
      call.path.split('?')[0] === '/api/quiz/clinic-case/random' ? jsonResponse({ ...makeCase('repetido'), repeated: true }) : undefined,
    );
    renderQuiz();
    expect(await screen.findByRole('heading', { name: 'Ya resolviste todos los casos disponibles' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Repetir casos' }));
    expect(screen.queryByRole('heading', { name: /Ya resolviste/ })).toBeNull();
    expect(screen.getByText(/\(repetido\)/)).toBeTruthy();
  });

  it('unfolds the case as in the exam: the next question stays closed, its text unseen, until the one before has an answer', async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/\(caso-1\)/);
    const second = screen.getByRole('button', { name: /Pregunta 2 de 2/ });
    expect(second.getAttribute('aria-disabled')).toBe('true');
    expect(second.textContent).toContain('Se muestra al responder la anterior');
    expect(screen.queryByText(Q2)).toBeNull();
    fireEvent.click(second);
    expect(screen.queryByRole('group', { name: Q2 })).toBeNull();

    fireEvent.click(within(question(Q1)).getAllByRole('radio')[1]!);
    expect(screen.getByRole('button', { name: /Pregunta 2 de 2/ }).getAttribute('aria-disabled')).toBeNull();
    expect(question(Q2)).toBeTruthy();
  });

  it('shows a loading state, then the case with its questions as cards, the first one open and nothing selected', async () => {
    stubQuizServer();
    renderQuiz();
    expect(screen.getByTestId('quiz-loading')).toBeTruthy();
    expect(screen.getByTestId('quiz-live-region').textContent).toBe('Cargando caso clínico...');

    expect(await screen.findByText(/fiebre de 39 °C y tos de 3 días \(caso-1\)/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const toggles = screen.getAllByRole('button', { expanded: true });
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([expect.stringContaining('Pregunta 1 de 2')]);
    expect(screen.getByRole('button', { name: /Pregunta 2 de 2/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    // Options are labelled radios lettered A–J, grouped by their question.
    expect(within(question(Q1)).getByRole('radio', { name: /^B\W+Neumonía adquirida en la comunidad$/ })).toBeTruthy();
    expect(screen.getByText('Fuente: Banco de preguntas ENARM 2023')).toBeTruthy();
  });

  it("enables 'Calificar' only once every question has an option", async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    expect(gradeButton().disabled).toBe(true);
    expect(screen.getByText(/0 de 2 respondidas/)).toBeTruthy();

    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    expect(gradeButton().disabled).toBe(true);
    // Answering the first question opened the second.
    expect(screen.getByRole('button', { name: /Pregunta 2 de 2/ }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Ceftriaxona/ }));
    expect(gradeButton().disabled).toBe(false);
    expect(screen.getByText(/2 de 2 respondidas/)).toBeTruthy();
  });

  it('grades the case: each question correct or incorrect, the right option marked, the explanation with its guideline', async () => {
    const calls = stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Ceftriaxona/ }));
    fireEvent.click(gradeButton());

    expect(await screen.findByText('Acertaste 1 de 2 preguntas.')).toBeTruthy();
    const evaluate = calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case');
    expect(evaluate?.body).toEqual({
      clinicCaseId: 'caso-1',
      selectedOptions: [
        { questionId: 'caso-1-p1', optionSelectedIndex: 1 },
        { questionId: 'caso-1-p2', optionSelectedIndex: 1 },
      ],
      quizSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    expect(screen.getByText('Correcta')).toBeTruthy();
    expect(screen.getByText('Incorrecta')).toBeTruthy();
    expect(screen.getByText('Respuesta incorrecta. La correcta es la A.')).toBeTruthy();
    expect(within(question(Q2)).getByRole('radio', { name: /Amoxicilina.*Respuesta correcta/ })).toBeTruthy();
    expect(within(question(Q2)).getByRole('radio', { name: /Ceftriaxona.*Tu respuesta/ })).toBeTruthy();
    expect(screen.getByText('Explicación de la pregunta 1.')).toBeTruthy();
    expect(screen.getByText('Explicación de la pregunta 2.')).toBeTruthy();
    expect(screen.getAllByText(/Neumonía adquirida en la comunidad en pediatría \(IMSS-120-08, versión 2021\)/)).toHaveLength(2);
    expect(screen.getByTestId('quiz-live-region').textContent).toBe('Caso calificado: acertaste 1 de 2.');
    // The answers are final.
    expect(screen.getAllByRole('radio').every((radio) => radio.matches(':disabled'))).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Acertaste 1 de 2 preguntas.'));
  });

  it('on a phone each explanation opens in place in its question, with its guideline, and no sheet over the page', async () => {
    setViewport('phone');
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 2 de 2 preguntas.');
    const second = screen.getByRole('region', { name: 'Retroalimentación de la pregunta 2' });
    expect(within(second).getByText('Explicación de la pregunta 2.')).toBeTruthy();
    expect(
      within(second)
        .getByText(/Guía de Práctica Clínica/)
        .closest('summary')?.textContent,
    ).toBe('Guía de Práctica Clínica: Neumonía adquirida en la comunidad en pediatría (IMSS-120-08, versión 2021)');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver retroalimentación' })).toBeNull();
  });

  it('answers from the keyboard: letters or digits choose an option of the active question, Enter grades', async () => {
    const calls = stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);

    // The listener attaches in an effect, which can land after the screen shows: press once it listens.
    await pressFirst('b');
    expect((within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }) as HTMLInputElement).checked).toBe(true);
    // Not every question has an answer yet: Enter does nothing.
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(calls.some((call) => call.path.includes('/evaluate/'))).toBe(false);

    // A focused question takes the keys: back in the first card, 'c' changes its answer.
    const asthma = within(question(Q1)).getByRole('radio', { name: /Asma/ });
    act(() => asthma.focus());
    fireEvent.keyDown(asthma, { key: 'c' });
    expect((asthma as HTMLInputElement).checked).toBe(true);

    // Focus on the second card's header: '5' is its fifth option (E).
    const secondCard = screen.getByRole('button', { name: /Pregunta 2 de 2/ });
    act(() => secondCard.focus());
    fireEvent.keyDown(secondCard, { key: '5' });
    expect((within(question(Q2)).getByRole('radio', { name: /Salbutamol/ }) as HTMLInputElement).checked).toBe(true);
    // An option the question does not have changes nothing.
    fireEvent.keyDown(secondCard, { key: 'j' });
    expect((within(question(Q2)).getByRole('radio', { name: /Salbutamol/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(secondCard, { key: 'A', shiftKey: true });
    expect((within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }) as HTMLInputElement).checked).toBe(true);
    // With a modifier the browser's shortcut wins.
    fireEvent.keyDown(secondCard, { key: 'c', ctrlKey: true });
    expect((within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.keyDown(within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }), { key: 'Enter' });
    expect(await screen.findByText('Acertaste 1 de 2 preguntas.')).toBeTruthy();
    // After grading, keys no longer change answers.
    fireEvent.keyDown(document.body, { key: 'c' });
    expect((within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('keys answer only a question whose options are on screen: a closed one ignores them', async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    await pressFirst('b');
    // The first answer opened the second question; closing it takes its options off screen.
    const secondCard = screen.getByRole('button', { name: /Pregunta 2 de 2/ });
    fireEvent.click(secondCard);
    expect(secondCard.getAttribute('aria-expanded')).toBe('false');
    act(() => secondCard.focus());
    fireEvent.keyDown(secondCard, { key: '5' });
    fireEvent.click(secondCard);
    expect(
      within(question(Q2))
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('leaves keys alone while the person types in a text field', async () => {
    stubQuizServer();
    renderQuiz({ toolbarLinks: <input aria-label="Notas" /> });
    await screen.findByText(/caso-1/);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Notas' }), { key: 'b' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it("'Siguiente' loads a new case, briefly loading, in the same quiz session", async () => {
    const calls = stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    await pressFirst('a');
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.click(gradeButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));

    expect(screen.getByTestId('quiz-loading')).toBeTruthy();
    expect(await screen.findByText(/caso-2/)).toBeTruthy();
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(gradeButton().disabled).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Caso clínico'));

    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 1 de 2 preguntas.');
    const sessions = calls.filter((call) => call.path === '/api/quiz/evaluate/clinic-case').map((call) => call.body?.quizSessionId);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toBe(sessions[1]);
    // The server opened one session when the quiz started; the first case is asked for alongside it, and
    // every later one with the session's id, so the server avoids the cases it already served.
    const opened = calls.filter((call) => call.path === '/api/quiz/sessions');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.body).toEqual({ kind: 'quick' });
    const picks = calls.filter((call) => call.path.startsWith('/api/quiz/clinic-case/random'));
    expect(picks.map((call) => call.path)).toEqual([
      '/api/quiz/clinic-case/random',
      `/api/quiz/clinic-case/random?quizSessionId=${String(sessions[0])}`,
    ]);
  });

  it("'Salir' leaves at once before anything is graded", async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    expect(screen.getByRole('link', { name: 'Salir' }).getAttribute('href')).toBe('/app');
  });

  it("'Salir' just leaves after graded answers too: they already count, so nothing is asked, saved or discarded (N2)", async () => {
    const calls = stubQuizServer();
    const router = renderQuiz();
    await screen.findByText(/caso-1/);
    await pressFirst('a');
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 1 de 2 preguntas.');
    const exit = screen.getByRole('link', { name: 'Salir' });
    expect(exit.getAttribute('href')).toBe('/app');
    fireEvent.click(exit);
    expect(await screen.findByText('Inicio de la app')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.path.includes('save-quick-quiz-evaluation') || call.path.endsWith('/discard'))).toBe(false);
  });

  it("'Atajos de teclado' turns the single-key shortcuts off, and the choice is remembered", async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    const toggle = screen.getByRole('checkbox', { name: 'Atajos de teclado' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(localStorage.getItem('keyboard-shortcuts')).toBe('off');

    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: '1' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    // A new quiz page reads the stored choice.
    cleanup();
    renderQuiz();
    await screen.findByText(/caso-2/);
    expect((screen.getByRole('checkbox', { name: 'Atajos de teclado' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Atajos de teclado' }));
    // Turned back on, the listener attaches in an effect: press once it listens.
    await pressFirst('b');
    expect((within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("'Guardar y salir' saves the session and shows the server's results", async () => {
    const calls = stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Bronquiolitis/ }));
    fireEvent.click(within(question(Q2)).getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(gradeButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar y salir' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeTruthy();
    const evaluateSession = calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case')?.body?.quizSessionId;
    expect(calls.find((call) => call.path === '/api/quiz/evaluate/save-quick-quiz-evaluation')?.body).toEqual({
      userId: 'user-1',
      quizSessionId: evaluateSession,
    });
    // The server's numbers (3 of 4, 75%), not this case's 1 of 2.
    expect(screen.getAllByText('75%').length).toBeGreaterThan(0);
    expect(screen.getByText(/Respondiste correctamente/).textContent).toBe('Respondiste correctamente 3 de 4 preguntas.');
    expect(screen.getByText('Bien')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("shows the server's message when grading fails, or 'Ocurrió un error desconocido. Intenta nuevamente.' when it has none", async () => {
    let failures = 0;
    stubQuizServer((call) => {
      if (call.path !== '/api/quiz/evaluate/clinic-case') return undefined;
      failures++;
      return failures === 1
        ? jsonResponse({ errorMessage: 'Responde todas las preguntas del caso antes de calificar.', code: 'INCOMPLETE_CASE' }, 400)
        : new Response('upstream down', { status: 502 });
    });
    renderQuiz();
    await screen.findByText(/caso-1/);
    await pressFirst('a');
    fireEvent.keyDown(document.body, { key: 'a' });

    fireEvent.click(gradeButton());
    expect(await screen.findByText(/Responde todas las preguntas del caso antes de calificar\./)).toBeTruthy();
    await waitFor(() => expect(gradeButton().disabled).toBe(false));
    fireEvent.click(gradeButton());
    expect(await screen.findByText(/^Ocurrió un error desconocido\. Intenta nuevamente\.$/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Ocurrió un error desconocido. Intenta nuevamente.');
  });

  it('opens the expired-membership modal when the server says access ended', async () => {
    stubApi(() =>
      jsonResponse(
        {
          errorMessage: 'Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.',
          code: 'MEMBERSHIP_EXPIRED',
        },
        403,
      ),
    );
    renderQuiz();
    const modal = await screen.findByRole('alertdialog', { name: 'Membresía Expirada' });
    expect(
      within(modal).getByText('Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.'),
    ).toBeTruthy();
    expect(within(modal).getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
    expect(within(modal).getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('sends a signed-out person to log in and back', async () => {
    stubApi(() => jsonResponse({ errorMessage: 'Inicia sesión', code: 'UNAUTHENTICATED' }, 401));
    const router = renderQuiz();
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/app/quick-quiz')}`);
  });

  it('shows why a case could not load, and retries', async () => {
    let attempts = 0;
    stubQuizServer((call) =>
      call.path.startsWith('/api/quiz/clinic-case/random') && attempts++ === 0 ? new Response(null, { status: 500 }) : undefined,
    );
    renderQuiz();
    expect(await screen.findByText('Ocurrió un error desconocido. Intenta nuevamente.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/caso-1/)).toBeTruthy();
  });

  it("opens the case full screen from 'Leer caso clínico'", async () => {
    stubQuizServer();
    renderQuiz();
    await screen.findByText(/caso-1/);
    fireEvent.click(screen.getByRole('button', { name: 'Leer caso clínico' }));
    let reader = screen.getByRole('dialog', { name: 'Caso clínico' });
    expect(within(reader).getByText(/caso-1/)).toBeTruthy();
    fireEvent.click(within(reader).getByRole('button', { name: 'Ir a las preguntas' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(document.body, { key: 'c' });
    fireEvent.click(screen.getByRole('button', { name: 'Leer caso clínico' }));
    reader = screen.getByRole('dialog', { name: 'Caso clínico' });
    // Keys pressed inside the reader do not answer the questions behind it.
    fireEvent.keyDown(reader, { key: 'a' });
    fireEvent.click(within(reader).getByRole('button', { name: 'Volver al examen' }));
    expect((within(question(Q1)).getByRole('radio', { name: /Asma/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('timed quiz', () => {
  it('counts HH:MM:SS from the start of each case and stops on grading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubQuizServer();
    renderQuiz({ timed: true });
    await screen.findByText(/caso-1/);
    const timer = () => screen.getByRole('timer').textContent;
    expect(timer()).toBe('00:00:00');

    // Let the clock's effect start its interval before moving time.
    await act(async () => undefined);
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(timer()).toBe('00:01:05');

    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 2 de 2 preguntas.');
    await act(async () => undefined);
    const stoppedAt = timer();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(timer()).toBe(stoppedAt);
    expect(screen.getByText(/detenido/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText(/caso-2/);
    expect(timer()).toBe('00:00:00');
  });
});

describe('timed quiz at its pace', () => {
  /** The fake clock: let the clock's effect start its interval, then move time on. */
  async function advance(ms: number) {
    await act(async () => undefined);
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }

  it("says how the session stands against the ENARM's pace, from the questions answered and their time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubQuizServer();
    renderQuiz({ title: 'Cronómetro', kind: 'timed', timed: true, secondsPerQuestion: 64 });
    await screen.findByText(/caso-1/);
    expect(screen.getByTestId('quiz-session-pace').textContent).toBe('Sesión: Al ritmo del ENARM');

    // Two questions in 40 s: 128 s at the pace, 88 s ahead.
    await advance(40_000);
    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 2 de 2 preguntas.');
    const sent = calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case')?.body;
    expect(sent?.elapsedMs as number).toBeGreaterThanOrEqual(40_000);
    expect(sent?.elapsedMs as number).toBeLessThan(41_000);
    expect(sent).not.toHaveProperty('timeUp');
    expect(screen.getByTestId('quiz-session-pace').textContent).toBe('Sesión: 1 min adelante del ritmo del ENARM');
  });

  it('warns politely once a fifth of the time is left, and at zero grades the answers chosen, the rest unanswered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubQuizServer();
    renderQuiz({ title: 'Cronómetro', kind: 'timed', timed: true, secondsPerQuestion: 64 });
    await screen.findByText(/caso-1/);
    const warning = screen.getByTestId('quiz-time-warning');
    expect(warning.getAttribute('aria-live')).toBe('polite');
    expect(warning.textContent).toBe('');

    fireEvent.click(within(question(Q1)).getByRole('radio', { name: /Neumonía adquirida/ }));
    // 128 s for the case: 103 s on, 25 s are left, under a fifth.
    await advance(103_000);
    expect(screen.getByRole('timer').textContent).toBe('0:25');
    expect(warning.textContent).toBe(LOW_TIME_MESSAGE);
    expect(calls.some((call) => call.path === '/api/quiz/evaluate/clinic-case')).toBe(false);

    await advance(25_000);
    await screen.findByText('Acertaste 1 de 2 preguntas.');
    const sent = calls.find((call) => call.path === '/api/quiz/evaluate/clinic-case')?.body;
    expect(sent).toMatchObject({
      clinicCaseId: 'caso-1',
      selectedOptions: [{ questionId: 'caso-1-p1', optionSelectedIndex: 1 }],
      // The case took exactly its time.
      elapsedMs: 128_000,
      timeUp: true,
    });
    expect(screen.getByText('Se acabó el tiempo del caso.')).toBeTruthy();
    expect(screen.getByText('Sin responder: 1.')).toBeTruthy();
    expect(screen.getByTestId('quiz-timer').textContent).toBe('Tiempo agotado');
    expect(screen.queryByRole('timer')).toBeNull();
    // The unanswered question opened with its key and explanation, and nothing can be chosen any more.
    expect(screen.getByRole('button', { name: /Pregunta 2 de 2/ }).textContent).toContain('Sin responder');
    expect(screen.getByText('Sin responder: se acabó el tiempo. La correcta es la A.')).toBeTruthy();
    expect(screen.getByText('Explicación de la pregunta 2.')).toBeTruthy();
    expect(screen.getAllByRole('radio').every((radio) => radio.matches(':disabled'))).toBe(true);
    expect(screen.getByTestId('quiz-live-region').textContent).toBe(
      'Se acabó el tiempo. Caso calificado: acertaste 1 de 2. Sin responder: 1.',
    );
    // One answered question against the whole case's time: 64 s behind.
    expect(screen.getByTestId('quiz-session-pace').textContent).toBe('Sesión: 1 min atrás del ritmo del ENARM');
    // The clock stopped with the grading.
    await advance(10_000);
    expect(screen.getByTestId('quiz-timer').textContent).toBe('Tiempo agotado');
    expect(calls.filter((call) => call.path === '/api/quiz/evaluate/clinic-case')).toHaveLength(1);
  });

  it('after a failed grade at zero, the choices stay frozen and "Calificar" sends them again as they stood', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failures = 0;
    const calls = stubQuizServer((call) =>
      call.path === '/api/quiz/evaluate/clinic-case' && failures++ === 0 ? new Response('upstream down', { status: 502 }) : undefined,
    );
    renderQuiz({ title: 'Cronómetro', kind: 'timed', timed: true, secondsPerQuestion: 64 });
    await screen.findByText(/caso-1/);
    await advance(128_000);
    expect(await screen.findByText(/^Ocurrió un error desconocido\. Intenta nuevamente\.$/)).toBeTruthy();
    await waitFor(() => expect(gradeButton().disabled).toBe(false));
    expect(
      within(question(Q1))
        .getAllByRole('radio')
        .every((radio) => radio.matches(':disabled')),
    ).toBe(true);
    fireEvent.click(gradeButton());
    await screen.findByText('Acertaste 0 de 2 preguntas.');
    const sent = calls.filter((call) => call.path === '/api/quiz/evaluate/clinic-case').map((call) => call.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ selectedOptions: [], timeUp: true, elapsedMs: 128_000 });
    expect(screen.getByText('Sin responder: 2.')).toBeTruthy();
  });
});
