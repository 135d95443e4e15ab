import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeCard, makeGuide, renderFlashcards, stubApi, toGuide } from './flashcards-test-helpers';

const GUIDE = makeGuide({ id: 'gpc-a', guideName: 'Preeclampsia' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('flashcards layout', () => {
  it('goes back home from the guides list', async () => {
    stubApi(() => jsonResponse([GUIDE]));
    renderFlashcards('/app/flashcards');
    await screen.findByRole('link', { name: 'Preeclampsia' });
    const nav = screen.getByRole('navigation', { name: 'Flashcards' });
    expect(nav.querySelector('a')?.getAttribute('href')).toBe('/app');
    expect(nav.textContent).toBe('Volver al inicio');
  });

  it('goes back to the guides list from a guide and from the review of the day', async () => {
    stubApi((call) => {
      if (call.path === '/api/ankis/clinic-guides/gpc-a') return jsonResponse(toGuide(GUIDE));
      if (call.path === '/api/ankis/flashcards/gpc-a') return jsonResponse([makeCard('c1')]);
      if (call.path === '/api/ankis/review/today') return jsonResponse({ cards: [], totalDue: 0 });
      return jsonResponse([GUIDE]);
    });
    const router = renderFlashcards('/app/flashcards/gpc-a');
    await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' });
    expect(screen.getByRole('link', { name: 'Volver a las guías' }).getAttribute('href')).toBe('/app/flashcards');

    await act(() => router.navigate('/app/flashcards/repaso'));
    await screen.findByRole('heading', { level: 1, name: 'Repaso del día' });
    expect(screen.getByRole('link', { name: 'Volver a las guías' }).getAttribute('href')).toBe('/app/flashcards');
  });

  it('shows the loading screen while the next page loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubApi(async (call) => {
      if (call.path === '/api/ankis/clinic-guides') return jsonResponse([GUIDE]);
      await gate;
      return call.path.startsWith('/api/ankis/clinic-guides/') ? jsonResponse(toGuide(GUIDE)) : jsonResponse([makeCard('c1')]);
    });
    renderFlashcards('/app/flashcards');
    fireEvent.click(await screen.findByRole('link', { name: 'Preeclampsia' }));

    // Not on the first frames (fast navigations never flash it), then a polite 'Cargando...'.
    expect(screen.queryByText('Cargando...')).toBeNull();
    const loading = await screen.findByText('Cargando...');
    expect(loading.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');

    act(() => release());
    await screen.findByRole('heading', { level: 1, name: 'Preeclampsia' });
    await waitFor(() => expect(screen.queryByText('Cargando...')).toBeNull());
  });
});
