import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearToasts,
  errorResponse,
  jsonResponse,
  makeCard,
  makeGuide,
  renderFlashcards,
  stubApi,
  toGuide,
  type FetchCall,
} from './flashcards-test-helpers';

const GUIDE = makeGuide({ id: 'gpc-a', guideName: 'Preeclampsia', category: 'Ginecología y Obstetricia', yearOfUpdate: 2017 });
const CARDS = [makeCard('c1'), makeCard('c2'), makeCard('c3')];

/** A server with one guide; `onEvaluate` answers the saves (saved by default). */
function stubGuideServer({
  cards = CARDS,
  allCards,
  onEvaluate,
}: { cards?: typeof CARDS; allCards?: typeof CARDS; onEvaluate?: (call: FetchCall) => Response | Promise<Response> | undefined } = {}) {
  let evaluations = 0;
  return stubApi((call) => {
    if (call.path === '/api/ankis/clinic-guides/gpc-a') return jsonResponse(toGuide(GUIDE));
    if (call.path === '/api/ankis/flashcards/gpc-a') return jsonResponse(cards);
    if (call.path === '/api/ankis/flashcards/gpc-a?all=1') return jsonResponse(allCards ?? cards);
    if (call.method === 'DELETE' && call.path.startsWith('/api/ankis/flashcards/evaluations/'))
      return jsonResponse({ flashcardId: 'c1', due: null });
    if (call.path === '/api/ankis/flashcards/evaluate') {
      const evaluation = call.body?.evaluation as { flashcardId: string; correct: boolean; timeTakenInSeconds: number };
      return (
        onEvaluate?.(call) ??
        jsonResponse({
          evaluation: {
            id: `e${++evaluations}`,
            userId: 'u1',
            flashcardGuideId: 'gpc-a',
            createdAt: '2026-01-01T00:00:00.000Z',
            ...evaluation,
          },
          nextDue: '2026-01-02T00:00:00.000Z',
        })
      );
    }
    return errorResponse(404, 'NOT_FOUND', 'Ruta no simulada');
  });
}

const saves = (calls: FetchCall[]) => calls.filter((call) => call.path === '/api/ankis/flashcards/evaluate');
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const queryButton = (name: string | RegExp) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

async function openGuide() {
  renderFlashcards('/app/flashcards/gpc-a');
  // The first render imports the lazy route afresh (each file gets fresh modules): on a loaded machine, over a second.
  await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' }, { timeout: 10_000 });
}

/**
 * Resolves once the page listens for its keyboard shortcuts: the listener is attached by an effect, which on a loaded
 * machine may land after the heading shows, and a key pressed before it is lost.
 */
function shortcutsListening(): Promise<void> {
  const added = vi.spyOn(document, 'addEventListener');
  return waitFor(() => expect(added.mock.calls.some(([type]) => type === 'keydown')).toBe(true));
}

const GRADE_NAMES = { again: /^Otra vez/, hard: /^Difícil/, good: /^Bien/, easy: /^Fácil/ } as const;

/** Reveal the card on screen and grade it with one tap; waits until the next card (or the end) shows. */
async function study(grade: keyof typeof GRADE_NAMES, calls?: FetchCall[]) {
  const before = calls ? saves(calls).length : 0;
  fireEvent.click(button('Mostrar respuesta'));
  fireEvent.click(button(GRADE_NAMES[grade]));
  if (calls) await waitFor(() => expect(saves(calls)).toHaveLength(before + 1));
  await waitFor(() => expect(queryButton(GRADE_NAMES.good)).toBeNull());
}

beforeEach(() => {
  // Math.random just under 1 leaves the shuffle in the server's order, so tests know which card is next.
  vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('guide page', () => {
  it('loads the session and shows the first question, the answer hidden, in a compact header', async () => {
    stubGuideServer();
    await openGuide();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Ginecología y Obstetricia · IMSS-020-08, actualización 2017')).toBeTruthy();
    expect(screen.getByText('3 tarjetas para esta sesión')).toBeTruthy();
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(screen.getByText('Pregunta de c1')).toBeTruthy();
    expect(screen.queryByText('Respuesta de c1')).toBeNull();
    expect(queryButton(GRADE_NAMES.good)).toBeNull();
    expect(screen.getByText(/^Atajos:/).textContent).toBe(
      'Atajos: Espacio muestra la respuesta · 1 Otra vez · 2 Difícil · 3 Bien · 4 Fácil · U Deshacer',
    );
    expect((screen.getByRole('checkbox', { name: 'Atajos de teclado' }) as HTMLInputElement).checked).toBe(true);
    expect(document.title).toContain('Preeclampsia');
  });

  it('says nothing is due when the schedule has no card now, and «Repasar de todos modos» serves every card', async () => {
    stubGuideServer({ cards: [], allCards: CARDS });
    const router = renderFlashcards('/app/flashcards/gpc-a');
    await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' });
    expect(screen.getByText('No tienes tarjetas pendientes para hoy')).toBeTruthy();
    expect(queryButton('Mostrar respuesta')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Repasar de todos modos' }));
    expect(await screen.findByText('Repaso libre: 3 tarjetas')).toBeTruthy();
    expect(router.state.location.search).toBe('?todas=1');
    expect(screen.getByText('Pregunta de c1')).toBeTruthy();
  });

  it('reveals the answer in place, shows four grades with their intervals, and one tap saves the grade and moves on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const calls = stubGuideServer();
    await openGuide();

    fireEvent.click(button('Mostrar respuesta'));
    const answer = screen.getByText('Respuesta de c1');
    expect(answer.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('Explicación de c1')).toBeTruthy();
    const grades = screen.getByRole('group', { name: '¿Qué tan bien la sabías?' });
    expect(
      within(grades)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Otra vez1 min', 'Difícil6 min', 'Bien10 min', 'Fácil4 d']);
    expect(document.activeElement).toBe(grades);

    vi.setSystemTime(new Date('2026-03-01T10:00:12Z'));
    fireEvent.click(button(GRADE_NAMES.good));
    expect(await screen.findByText('Pregunta de c2')).toBeTruthy();
    // With the device's key for the grade and when it was given (issue 41: sent again, it is recorded once).
    expect(saves(calls).map((call) => call.body)).toEqual([
      {
        evaluation: {
          flashcardId: 'c1',
          flashcardGuideId: 'gpc-a',
          correct: true,
          grade: 'good',
          timeTakenInSeconds: 12,
          clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
          gradedAt: '2026-03-01T10:00:12.000Z',
        },
      },
    ]);
    expect(screen.getByText('Quedan 2 de 3')).toBeTruthy();
    expect(screen.queryByText('Respuesta de c2')).toBeNull();
    // 'Evaluación guardada', once and quietly: a status line, not a toast over the next card.
    const saved = screen.getByText('Evaluación guardada: cada calificación se guarda al tocarla.');
    expect(saved.getAttribute('role')).toBe('status');
    // The toaster's region stays empty.
    expect(
      screen
        .getAllByRole('status')
        .filter((region) => region !== saved)
        .every((region) => region.textContent === ''),
    ).toBe(true);
  });

  it("keeps a card graded 'Otra vez' (incorrect) in the queue, and brings it back in the next pass by itself", async () => {
    const calls = stubGuideServer();
    await openGuide();
    await study('again', calls);
    expect(saves(calls)[0]?.body).toMatchObject({ evaluation: { flashcardId: 'c1', correct: false, grade: 'again' } });
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    await study('hard', calls);
    await study('easy', calls);
    expect(saves(calls).map((call) => (call.body as { evaluation: { grade: string } }).evaluation.grade)).toEqual([
      'again',
      'hard',
      'easy',
    ]);
    expect(screen.getByText(/vuelta 2/)).toBeTruthy();
    expect(screen.getByText('Queda 1 de 3')).toBeTruthy();
    expect(screen.getByText('Pregunta de c1')).toBeTruthy();
  });

  it("shows the server's message when a save fails, and keeps the card to grade again", async () => {
    let fail = true;
    stubGuideServer({
      onEvaluate: () => (fail ? errorResponse(400, 'GUIDE_MISMATCH', 'La flashcard no pertenece a esa guía.') : undefined),
    });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.good));

    expect((await screen.findByText('La flashcard no pertenece a esa guía.')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(screen.getByText('Respuesta de c1')).toBeTruthy();

    fail = false;
    fireEvent.click(button(GRADE_NAMES.good));
    expect(await screen.findByText('Pregunta de c2')).toBeTruthy();
    expect(screen.getByText('Quedan 2 de 3')).toBeTruthy();
    expect(screen.queryByText('La flashcard no pertenece a esa guía.')).toBeNull();
  });

  it('undoes the last grade: the server takes it back and the card comes back with its answer, to grade again', async () => {
    const calls = stubGuideServer();
    await openGuide();
    await study('good', calls);
    expect(screen.getByText('Pregunta de c2')).toBeTruthy();
    fireEvent.click(button('Deshacer'));
    expect(await screen.findByText('Respuesta de c1')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/ankis/flashcards/evaluations/e1']);
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(queryButton('Deshacer')).toBeNull();
    fireEvent.click(button(GRADE_NAMES.again));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]?.body).toMatchObject({ evaluation: { flashcardId: 'c1', grade: 'again' } });
  });

  it('shows the congratulation screen when every card is learned; restarting clears progress and stops saving', async () => {
    const calls = stubGuideServer({ cards: [makeCard('c1'), makeCard('c2')] });
    await openGuide();
    await study('good', calls);
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.easy));

    const heading = await screen.findByRole('heading', { name: /¡Felicidades! Terminaste por hoy/ });
    // Focus moves in an effect after the screen renders: on a loaded machine, a moment after it appears.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // One word for a card in long-term review, «aprendida», and none for this session's: it was «repasada» (N9).
    expect(screen.getByText(/Repasaste las 2 tarjetas en 1 vuelta/)).toBeTruthy();
    expect(saves(calls)).toHaveLength(2);

    // Studying another guide is the main way on; restarting (practice, not saved) comes second.
    expect(screen.getByRole('link', { name: 'Estudiar otra guía' }).getAttribute('href')).toBe('/app/flashcards');
    fireEvent.click(button('Reiniciar guía'));
    expect(screen.getByText('Quedan 2 de 2')).toBeTruthy();
    expect(screen.getByText(/Modo práctica/)).toBeTruthy();
    await study('good');
    expect(screen.getByText('Queda 1 de 2')).toBeTruthy();
    await study('again');
    expect(saves(calls)).toHaveLength(2);
  });

  it('says when cards come back later today instead of «Terminaste por hoy» (issue 35, N9)', async () => {
    // Noon in Mexico City: ten minutes on is still today.
    vi.useFakeTimers({ now: new Date('2026-12-06T18:00:00.000Z'), shouldAdvanceTime: true });
    const inTenMinutes = new Date(Date.now() + 10 * 60_000).toISOString();
    const calls = stubGuideServer({
      cards: [makeCard('c1'), makeCard('c2')],
      onEvaluate: (call) => {
        const { flashcardId } = call.body?.evaluation as { flashcardId: string };
        return jsonResponse({
          evaluation: {
            id: `e-${flashcardId}`,
            userId: 'u1',
            flashcardGuideId: 'gpc-a',
            flashcardId,
            correct: true,
            timeTakenInSeconds: 3,
            createdAt: new Date().toISOString(),
          },
          // c1 is still being learned: it comes back in ten minutes; c2 in four days.
          nextDue: flashcardId === 'c1' ? inTenMinutes : new Date(Date.now() + 4 * 86_400_000).toISOString(),
        });
      },
    });
    await openGuide();
    await study('good', calls);
    await study('easy', calls);
    const heading = await screen.findByRole('heading', { level: 2, name: '1 tarjeta vuelve en 10 min' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText(/Terminaste por hoy/)).toBeNull();
  });

  it('shows where the daily new-card limit bites, with the way to change it (issue 35, N9)', async () => {
    const guide = { ...GUIDE, flashcardsCount: 38, newCards: 35, newToday: 3 };
    stubApi((call) => {
      if (call.path === '/api/ankis/clinic-guides') return jsonResponse([guide]);
      if (call.path === '/api/ankis/clinic-guides/gpc-a') return jsonResponse(toGuide(guide));
      if (call.path === '/api/ankis/flashcards/gpc-a') return jsonResponse(CARDS);
      return errorResponse(404, 'NOT_FOUND', 'Ruta no simulada');
    });
    await openGuide();
    const notice = await screen.findByTestId('new-card-limit');
    expect(notice.textContent).toContain(
      'Hoy ves 3 de las 35 tarjetas nuevas de esta guía: llegaste a tu límite diario de tarjetas nuevas.',
    );
    expect(within(notice).getByRole('link', { name: 'Cambiar el límite' }).getAttribute('href')).toBe('/app/profile#tarjetas-nuevas');
  });

  it('works from the keyboard: Space reveals, 1–4 grade, U undoes', async () => {
    const calls = stubGuideServer();
    await openGuide();

    // The shortcut listener is attached by an effect; on a loaded machine it may land after the heading shows.
    await waitFor(() => {
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(screen.getByText('Respuesta de c1')).toBeTruthy();
    });
    fireEvent.keyDown(document.body, { key: '3' });
    await screen.findByText('Pregunta de c2');
    expect(saves(calls)[0]?.body).toMatchObject({ evaluation: { flashcardId: 'c1', correct: true, grade: 'good' } });

    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '1' });
    await screen.findByText('Pregunta de c3');
    expect(saves(calls)[1]?.body).toMatchObject({ evaluation: { flashcardId: 'c2', correct: false, grade: 'again' } });

    fireEvent.keyDown(document.body, { key: 'u' });
    expect(await screen.findByText('Respuesta de c2')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '4' });
    await screen.findByText('Pregunta de c3');
    expect(saves(calls)[2]?.body).toMatchObject({ evaluation: { flashcardId: 'c2', grade: 'easy' } });
  });

  it('leaves Space to a focused button, ignores held keys, and does not grade before the answer shows', async () => {
    const calls = stubGuideServer();
    const listening = shortcutsListening();
    await openGuide();
    await listening;

    fireEvent.keyDown(document.body, { key: '3' });
    expect(saves(calls)).toHaveLength(0);

    // Space on a button presses that button (the browser does it); the shortcut must not act as well.
    fireEvent.keyDown(button('Mostrar respuesta'), { key: ' ' });
    expect(screen.queryByText('Respuesta de c1')).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ', repeat: true });
    expect(screen.queryByText('Respuesta de c1')).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '3' });
    fireEvent.keyDown(document.body, { key: '1' });
    await screen.findByText('Pregunta de c2');
    expect(saves(calls)).toHaveLength(1);
  });

  it("ignores the single-key shortcuts once 'Atajos de teclado' is turned off (WCAG 2.1.4), and remembers it", async () => {
    const calls = stubGuideServer();
    const listening = shortcutsListening();
    await openGuide();
    await listening;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Atajos de teclado' }));
    expect(localStorage.getItem('keyboard-shortcuts')).toBe('off');
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '3' });
    expect(screen.queryByText('Respuesta de c1')).toBeNull();
    expect(saves(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Atajos de teclado' }));
    await waitFor(() => {
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(screen.getByText('Respuesta de c1')).toBeTruthy();
    });
  });

  it('reveals the answer when the card itself is tapped', async () => {
    stubGuideServer();
    await openGuide();
    fireEvent.click(screen.getByText('Pregunta de c1'));
    expect(screen.getByText('Respuesta de c1')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: '¿Qué tan bien la sabías?' }));
  });

  it('folds a long explanation to three lines with «Ver explicación»', async () => {
    stubGuideServer({ cards: [{ ...makeCard('c1'), explanation: 'Explicación larga. '.repeat(30) }] });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    const more = button('Ver explicación');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(button('Ver menos').getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the expired-membership dialog when a save answers MEMBERSHIP_EXPIRED', async () => {
    stubGuideServer({ onEvaluate: () => errorResponse(403, 'MEMBERSHIP_EXPIRED', 'Tu membresía ha expirado.') });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.good));

    const dialog = await screen.findByRole('alertdialog', { name: 'Membresía Expirada' });
    expect(dialog.textContent).toContain('Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.');
    expect(within(dialog).getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
    expect(within(dialog).getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('sends a signed-out person to log in and back here when a save answers 401', async () => {
    stubGuideServer({ onEvaluate: () => errorResponse(401, 'UNAUTHORIZED', 'Inicia sesión para continuar.') });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.good));
    expect(await screen.findByText('Página de inicio de sesión /app/flashcards/gpc-a')).toBeTruthy();
  });

  it('without signal keeps the grade on the phone and moves on; reopened, the guide does not serve that card again (issue 41)', async () => {
    const calls = stubGuideServer({ onEvaluate: () => Promise.reject(new TypeError('Failed to fetch')) });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.good));
    expect(await screen.findByText('Pregunta de c2')).toBeTruthy();
    expect(screen.getByText(/^Sin conexión: 1 calificación guardada en este teléfono; se envían solas al volver la señal\.$/)).toBeTruthy();
    expect(saves(calls)).toHaveLength(1);

    cleanup();
    await openGuide();
    expect(screen.getByText('Quedan 2 de 2')).toBeTruthy();
    expect(screen.getByText('Pregunta de c2')).toBeTruthy();
  });

  it('ignores a second tap while the grade is being saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubGuideServer({ onEvaluate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(GRADE_NAMES.good));
    fireEvent.click(button(GRADE_NAMES.good));
    fireEvent.click(button(GRADE_NAMES.again));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(button(GRADE_NAMES.good).getAttribute('aria-disabled')).toBe('true');

    await act(async () => answer(jsonResponse({ evaluation: { id: 'e9' }, nextDue: '2026-01-02T00:00:00.000Z' })));
    await waitFor(() => expect(screen.getByText('Quedan 2 de 3')).toBeTruthy());
  });
});

describe('guide page loading', () => {
  it('says the guide does not exist for an unknown id, with a way back', async () => {
    stubApi(() => errorResponse(404, 'NOT_FOUND', 'La guía no existe o ya no está disponible.'));
    renderFlashcards('/app/flashcards/nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta guía' })).toBeTruthy();
    expect(screen.getByText('La guía no existe o ya no está disponible.').getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'Ver todas las guías' }).getAttribute('href')).toBe('/app/flashcards');
    expect(queryButton('Reintentar')).toBeNull();
  });

  it('opens the expired-membership dialog when the cards answer MEMBERSHIP_EXPIRED', async () => {
    stubApi((call) =>
      call.path === '/api/ankis/clinic-guides/gpc-a'
        ? jsonResponse(toGuide(GUIDE))
        : errorResponse(403, 'MEMBERSHIP_EXPIRED', 'Tu membresía ha expirado.'),
    );
    renderFlashcards('/app/flashcards/gpc-a');
    expect(await screen.findByRole('alertdialog', { name: 'Membresía Expirada' })).toBeTruthy();
  });

  it('shows a load failure with a retry that loads the guide', async () => {
    let down = true;
    stubApi((call) => {
      if (down) return errorResponse(503, 'UNAVAILABLE', 'El servicio no está disponible por el momento.');
      if (call.path === '/api/ankis/clinic-guides/gpc-a') return jsonResponse(toGuide(GUIDE));
      return jsonResponse(CARDS);
    });
    renderFlashcards('/app/flashcards/gpc-a');
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos cargar la guía' })).toBeTruthy();
    expect(screen.getByText('El servicio no está disponible por el momento.').getAttribute('role')).toBe('alert');

    down = false;
    fireEvent.click(button('Reintentar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' })).toBeTruthy();
  });

  it('sends a signed-out person to log in and back when loading answers 401', async () => {
    stubApi(() => errorResponse(401, 'UNAUTHORIZED', 'Inicia sesión para continuar.'));
    renderFlashcards('/app/flashcards/gpc-a');
    expect(await screen.findByText('Página de inicio de sesión /app/flashcards/gpc-a')).toBeTruthy();
  });
});
