import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, errorResponse, jsonResponse, makeCard, makeGuide, renderFlashcards, stubApi } from './flashcards-test-helpers';

const GUIDES = [
  makeGuide({ id: 'gpc-a', guideName: 'Preeclampsia', dueToday: 1 }),
  makeGuide({ id: 'gpc-b', guideName: 'Asma', dueToday: 1 }),
];

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('review of the day', () => {
  it("says 'No tienes tarjetas pendientes para hoy' when nothing is due", async () => {
    stubApi((call) => (call.path === '/api/ankis/review/today' ? jsonResponse({ cards: [], totalDue: 0 }) : jsonResponse(GUIDES)));
    renderFlashcards('/app/flashcards/repaso');
    expect(await screen.findByRole('heading', { level: 1, name: 'Repaso del día' })).toBeTruthy();
    expect(screen.getByText('No tienes tarjetas pendientes para hoy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Estudiar una guía' }).getAttribute('href')).toBe('/app/flashcards');
  });

  it('studies the due cards of every guide, each labelled with its guide, saving to the right guide', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/ankis/review/today')
        return jsonResponse({ cards: [makeCard('a1', 'gpc-a'), makeCard('b1', 'gpc-b')], totalDue: 60 });
      if (call.path === '/api/ankis/clinic-guides') return jsonResponse(GUIDES);
      return jsonResponse({ evaluation: { id: 'e1' }, nextDue: '2026-01-02T00:00:00.000Z' });
    });
    renderFlashcards('/app/flashcards/repaso');
    expect(await screen.findByText('Tienes 60 tarjetas pendientes; aquí están las 2 más urgentes de todas tus guías.')).toBeTruthy();
    expect(screen.getByText('Quedan 2 de 2')).toBeTruthy();
    expect(screen.getByText('Preeclampsia')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar respuesta' }));
    // The back says which version of the guideline the card follows, and when it was checked (issue 39).
    expect(screen.getByText('Sigue: IMSS-076-21, versión 2021 · verificada en diciembre de 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Bien/ }));
    expect(await screen.findByText('Asma')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar respuesta' }));
    fireEvent.click(screen.getByRole('button', { name: /^Otra vez/ }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/ankis/flashcards/evaluate')).toHaveLength(2));

    const saved = calls.filter((call) => call.path === '/api/ankis/flashcards/evaluate').map((call) => call.body?.evaluation);
    expect(saved).toMatchObject([
      { flashcardId: 'a1', flashcardGuideId: 'gpc-a', correct: true, grade: 'good' },
      { flashcardId: 'b1', flashcardGuideId: 'gpc-b', correct: false, grade: 'again' },
    ]);
  });

  it('still works when the guide names cannot be loaded', async () => {
    stubApi((call) =>
      call.path === '/api/ankis/review/today'
        ? jsonResponse({ cards: [makeCard('a1', 'gpc-a')], totalDue: 1 })
        : errorResponse(500, 'INTERNAL', 'Error'),
    );
    renderFlashcards('/app/flashcards/repaso');
    expect(await screen.findByText('Pregunta de a1')).toBeTruthy();
    expect(screen.getByText('Las tarjetas que te toca repasar hoy, de todas tus guías.')).toBeTruthy();
  });

  it('opens the expired-membership dialog when the review answers MEMBERSHIP_EXPIRED', async () => {
    // Only the guide names load; her profile (read by the dialog) and the review say her access ended.
    stubApi((call) =>
      call.path === '/api/ankis/clinic-guides'
        ? jsonResponse(GUIDES)
        : errorResponse(403, 'MEMBERSHIP_EXPIRED', 'Tu membresía ha expirado.'),
    );
    renderFlashcards('/app/flashcards/repaso');
    expect(await screen.findByRole('alertdialog', { name: 'Membresía Expirada' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'No pudimos cargar tu repaso del día' })).toBeTruthy();
  });
});
