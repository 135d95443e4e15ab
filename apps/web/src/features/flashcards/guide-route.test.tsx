import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  onEvaluate,
}: { cards?: typeof CARDS; onEvaluate?: (call: FetchCall) => Response | Promise<Response> | undefined } = {}) {
  return stubApi((call) => {
    if (call.path === '/api/ankis/clinic-guides/gpc-a') return jsonResponse(toGuide(GUIDE));
    if (call.path === '/api/ankis/flashcards/gpc-a') return jsonResponse(cards);
    if (call.path === '/api/ankis/flashcards/evaluate') {
      const evaluation = call.body?.evaluation as { flashcardId: string; correct: boolean; timeTakenInSeconds: number };
      return (
        onEvaluate?.(call) ??
        jsonResponse({
          evaluation: { id: 'e1', userId: 'u1', flashcardGuideId: 'gpc-a', createdAt: '2026-01-01T00:00:00.000Z', ...evaluation },
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
  await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' });
}

/** Reveal and mark the card on screen with the buttons, and wait for the result. */
async function study(correct: boolean) {
  fireEvent.click(button('Mostrar respuesta'));
  fireEvent.click(button(correct ? /^La sabía/ : /^No la sabía/));
  await screen.findByText(correct ? /La sabías: esta tarjeta sale de la cola/ : /No la sabías: volverá/);
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
  it('loads the guide and shows the first question, with the answer hidden and Siguiente disabled', async () => {
    stubGuideServer();
    await openGuide();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Ginecología y Obstetricia')).toBeTruthy();
    expect(screen.getByText('Actualización 2017 · 3 tarjetas')).toBeTruthy();
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(screen.getByText('Pregunta de c1')).toBeTruthy();
    expect(screen.queryByText('Respuesta de c1')).toBeNull();
    expect(button('Siguiente').disabled).toBe(true);
    expect(screen.getByText(/^Atajos:/).textContent).toBe('Atajos: Espacio muestra la respuesta · 1 La sabía · 2 No la sabía');
    expect((screen.getByRole('checkbox', { name: 'Atajos de teclado' }) as HTMLInputElement).checked).toBe(true);
    expect(document.title).toContain('Preeclampsia');
  });

  it("shows 'No hay flashcards disponibles' for a guide without cards", async () => {
    stubGuideServer({ cards: [] });
    await openGuide();
    expect(screen.getByText('No hay flashcards disponibles')).toBeTruthy();
    expect(queryButton('Mostrar respuesta')).toBeNull();
  });

  it("reveals the answer in a live region, saves 'La sabía' with the time taken, and says 'Evaluación guardada'", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const calls = stubGuideServer();
    await openGuide();

    fireEvent.click(button('Mostrar respuesta'));
    const answer = screen.getByText('Respuesta de c1');
    expect(answer.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('Explicación de c1')).toBeTruthy();
    expect(queryButton('Mostrar respuesta')).toBeNull();
    expect(button('Siguiente').disabled).toBe(true);

    vi.setSystemTime(new Date('2026-03-01T10:00:12Z'));
    fireEvent.click(button(/^La sabía/));
    const toast = await screen.findByText('Evaluación guardada');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(saves(calls).map((call) => call.body)).toEqual([
      { evaluation: { flashcardId: 'c1', flashcardGuideId: 'gpc-a', correct: true, timeTakenInSeconds: 12 } },
    ]);
    expect(saves(calls)[0]?.method).toBe('POST');
    expect(screen.getByText('Quedan 2 de 3')).toBeTruthy();
    expect(button('Siguiente').disabled).toBe(false);
    expect(document.activeElement).toBe(button('Siguiente'));

    fireEvent.click(button('Siguiente'));
    expect(screen.getByText('Pregunta de c2')).toBeTruthy();
    expect(screen.queryByText('Respuesta de c2')).toBeNull();
    expect(button('Siguiente').disabled).toBe(true);
  });

  it("keeps a card marked 'No la sabía' in the queue", async () => {
    const calls = stubGuideServer();
    await openGuide();
    await study(false);
    expect(saves(calls)[0]?.body).toMatchObject({ evaluation: { flashcardId: 'c1', correct: false } });
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(await screen.findByText('Evaluación guardada')).toBeTruthy();
  });

  it("shows the server's message when a save fails, and keeps the card to mark again", async () => {
    let fail = true;
    stubGuideServer({
      onEvaluate: () => (fail ? errorResponse(400, 'GUIDE_MISMATCH', 'La flashcard no pertenece a esa guía.') : undefined),
    });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));

    expect((await screen.findByText('La flashcard no pertenece a esa guía.')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText('Evaluación guardada')).toBeNull();
    expect(screen.getByText('Quedan 3 de 3')).toBeTruthy();
    expect(screen.getByText('Respuesta de c1')).toBeTruthy();
    expect(button('Siguiente').disabled).toBe(true);

    fail = false;
    fireEvent.click(button(/^La sabía/));
    expect(await screen.findByText('Evaluación guardada')).toBeTruthy();
    expect(screen.getByText('Quedan 2 de 3')).toBeTruthy();
    expect(screen.queryByText('La flashcard no pertenece a esa guía.')).toBeNull();
  });

  it("offers 'Reiniciar flashcard' on the last card, where Siguiente stays disabled, and starts the next pass with the cards left", async () => {
    stubGuideServer();
    await openGuide();
    expect(queryButton(/Reiniciar flashcard/)).toBeNull();
    await study(true);
    fireEvent.click(button('Siguiente'));
    await study(false);
    fireEvent.click(button('Siguiente'));

    expect(screen.getByText('Pregunta de c3')).toBeTruthy();
    expect(button(/Reiniciar flashcard/).disabled).toBe(true);
    await study(false);
    expect(button('Siguiente').disabled).toBe(true);
    expect(button(/Reiniciar flashcard/).disabled).toBe(false);
    expect(document.activeElement).toBe(button(/Reiniciar flashcard/));

    fireEvent.click(button(/Reiniciar flashcard/));
    expect(screen.getByText('Vuelta 2 · tarjeta 1 de 2')).toBeTruthy();
    expect(screen.getByText('Quedan 2 de 3')).toBeTruthy();
    expect(screen.getByText('Pregunta de c2')).toBeTruthy();
  });

  it('shows the congratulation screen when every card is learned; restarting clears progress and stops saving', async () => {
    const calls = stubGuideServer({ cards: [makeCard('c1'), makeCard('c2')] });
    await openGuide();
    await study(true);
    fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));

    const heading = await screen.findByRole('heading', { name: /¡Felicidades! Aprendiste todas las tarjetas/ });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/Marcaste como sabidas las 2 tarjetas en 1 vuelta/)).toBeTruthy();
    expect(saves(calls)).toHaveLength(2);

    fireEvent.click(button('Reiniciar guía'));
    expect(screen.getByText('Quedan 2 de 2')).toBeTruthy();
    expect(screen.getByText(/Modo práctica/)).toBeTruthy();
    clearToasts();

    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));
    expect(screen.getByText('Queda 1 de 2')).toBeTruthy();
    fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^No la sabía/));
    expect(saves(calls)).toHaveLength(2);
    expect(screen.queryByText('Evaluación guardada')).toBeNull();
  });

  it('works from the keyboard: Space reveals, 1 marks correct and 2 incorrect', async () => {
    const calls = stubGuideServer();
    await openGuide();

    // The shortcut listener is attached by an effect; on a loaded machine it may land after the heading shows.
    await waitFor(() => {
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(screen.getByText('Respuesta de c1')).toBeTruthy();
    });
    fireEvent.keyDown(document.body, { key: '1' });
    await screen.findByText(/La sabías/);
    expect(saves(calls)[0]?.body).toMatchObject({ evaluation: { flashcardId: 'c1', correct: true } });

    fireEvent.click(button('Siguiente'));
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '2' });
    await screen.findByText(/No la sabías/);
    expect(saves(calls)[1]?.body).toMatchObject({ evaluation: { flashcardId: 'c2', correct: false } });
  });

  it('leaves Space to a focused button, ignores held keys, and does not mark before the answer shows', async () => {
    const calls = stubGuideServer();
    await openGuide();

    fireEvent.keyDown(document.body, { key: '1' });
    expect(saves(calls)).toHaveLength(0);

    // Space on a button presses that button (the browser does it); the shortcut must not act as well.
    fireEvent.keyDown(button('Siguiente'), { key: ' ' });
    expect(screen.queryByText('Respuesta de c1')).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ', repeat: true });
    expect(screen.queryByText('Respuesta de c1')).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '1' });
    fireEvent.keyDown(document.body, { key: '2' });
    await screen.findByText(/La sabías/);
    expect(saves(calls)).toHaveLength(1);
  });

  it("ignores the single-key shortcuts once 'Atajos de teclado' is turned off (WCAG 2.1.4), and remembers it", async () => {
    const calls = stubGuideServer();
    await openGuide();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Atajos de teclado' }));
    expect(localStorage.getItem('keyboard-shortcuts')).toBe('off');
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '1' });
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
    expect(document.activeElement).toBe(screen.getByRole('group', { name: '¿La sabías?' }));
  });

  it('opens the expired-membership dialog when a save answers MEMBERSHIP_EXPIRED', async () => {
    stubGuideServer({ onEvaluate: () => errorResponse(403, 'MEMBERSHIP_EXPIRED', 'Tu membresía ha expirado.') });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));

    const dialog = await screen.findByRole('alertdialog', { name: 'Membresía Expirada' });
    expect(dialog.textContent).toContain('Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.');
    expect(within(dialog).getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
    expect(within(dialog).getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('sends a signed-out person to log in and back here when a save answers 401', async () => {
    stubGuideServer({ onEvaluate: () => errorResponse(401, 'UNAUTHORIZED', 'Inicia sesión para continuar.') });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));
    expect(await screen.findByText('Página de inicio de sesión /app/flashcards/gpc-a')).toBeTruthy();
  });

  it('ignores a second click while the evaluation is being saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubGuideServer({ onEvaluate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openGuide();
    fireEvent.click(button('Mostrar respuesta'));
    fireEvent.click(button(/^La sabía/));
    fireEvent.click(button(/^La sabía/));
    fireEvent.click(button(/^No la sabía/));
    expect(saves(calls)).toHaveLength(1);
    expect(button(/^La sabía/).getAttribute('aria-disabled')).toBe('true');

    await act(async () => answer(jsonResponse({ evaluation: {}, nextDue: '2026-01-02T00:00:00.000Z' })));
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
