import { nextDueLabel } from './guides-route';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, makeGuide, renderFlashcards, stubApi } from './flashcards-test-helpers';
import { groupGuidesByCategory } from './guide-groups';

const GUIDES = [
  makeGuide({
    id: 'gpc-hta',
    guideName: 'Hipertensión arterial',
    category: 'Medicina Interna',
    yearOfUpdate: 2021,
    gpcCode: 'IMSS-076-08',
    flashcardsCount: 16,
    dueToday: 2,
    newCards: 10,
    newToday: 10,
    learned: 4,
    progress: 25,
  }),
  makeGuide({
    id: 'gpc-pre',
    guideName: 'Preeclampsia',
    category: 'Ginecología y Obstetricia',
    yearOfUpdate: 2017,
    flashcardsCount: 17,
    dueToday: 0,
    newCards: 17,
    progress: 0,
  }),
  makeGuide({
    id: 'gpc-dm',
    guideName: 'Diabetes mellitus tipo 2',
    category: 'Medicina Interna',
    yearOfUpdate: 2019,
    flashcardsCount: 1,
    dueToday: 1,
    newCards: 0,
    newToday: 0,
    learned: 1,
    progress: 100,
  }),
  makeGuide({
    id: 'gpc-apend',
    guideName: 'Apendicitis aguda',
    category: 'Cirugía',
    yearOfUpdate: 2022,
    flashcardsCount: 17,
    dueToday: 0,
    newCards: 17,
    progress: 0,
  }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('guides list', () => {
  it('groups the guides under their category, in alphabetical order', async () => {
    stubApi(() => jsonResponse(GUIDES));
    renderFlashcards('/app/flashcards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guías de Práctica Clínica' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const categories = screen.getAllByRole('heading', { level: 2 });
    expect(categories.map((heading) => heading.textContent)).toEqual(['Cirugía', 'Ginecología y Obstetricia', 'Medicina Interna']);
    const internal = categories[2]?.closest('section') as HTMLElement;
    expect(
      within(internal)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Diabetes mellitus tipo 2', 'Hipertensión arterial']);
  });

  it('shows each guide with its year, cards, due and new counts and an accessible progress bar, linking to the guide', async () => {
    stubApi(() => jsonResponse(GUIDES));
    renderFlashcards('/app/flashcards');
    const link = await screen.findByRole('link', { name: 'Hipertensión arterial' });
    expect(link.getAttribute('href')).toBe('/app/flashcards/gpc-hta');

    const card = link.closest('article') as HTMLElement;
    // The guideline's catalogue key and its update year, so a student can check it is the current one (ux finding 1).
    expect(within(card).getByText('IMSS-076-08 · Actualización 2021 · 16 tarjetas')).toBeTruthy();
    expect(within(card).getByText('2 para repasar ahora')).toBeTruthy();
    expect(within(card).getByText('10 nuevas hoy')).toBeTruthy();
    expect(within(card).getByText('4 aprendidas')).toBeTruthy();
    const progress = within(card).getByRole('progressbar', { name: 'Progreso de Hipertensión arterial' });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(progress.getAttribute('aria-valuemax')).toBe('100');
    expect(progress.getAttribute('aria-valuetext')).toBe('25% de la guía aprendida');
    // «Aprendidas», as the count beside it: one word for cards in long-term review (issue 35, N9).
    expect(within(card).queryByText('Dominadas')).toBeNull();
    expect(within(card).getByText('Aprendidas')).toBeTruthy();

    const single = (screen.getByRole('link', { name: 'Diabetes mellitus tipo 2' }).closest('article') as HTMLElement).textContent;
    expect(single).toContain('1 tarjeta');
    expect(single).toContain('0 nuevas hoy');
    expect(screen.getByRole('link', { name: 'Preeclampsia' }).closest('article')?.textContent).toContain('Sin pendientes');
  });

  it('says once, above the guides, that the daily new-card limit is reached, with the way to change it (issue 35, N9)', async () => {
    stubApi(() =>
      jsonResponse([
        makeGuide({ id: 'gpc-a', guideName: 'Preeclampsia', newCards: 17, newToday: 0 }),
        makeGuide({ id: 'gpc-b', guideName: 'Apendicitis aguda', newCards: 38, newToday: 0 }),
      ]),
    );
    renderFlashcards('/app/flashcards');
    const notice = await screen.findByTestId('new-card-limit');
    expect(notice.textContent).toContain('Llegaste a tu límite diario de tarjetas nuevas: mañana llegan más.');
    expect(within(notice).getByRole('link', { name: 'Cambiar el límite' }).getAttribute('href')).toBe('/app/profile#tarjetas-nuevas');
  });

  it('says how many new cards are left today when the limit cuts a guide short, and nothing when it does not', async () => {
    stubApi(() =>
      jsonResponse([makeGuide({ id: 'gpc-a', newCards: 17, newToday: 3 }), makeGuide({ id: 'gpc-b', newCards: 2, newToday: 2 })]),
    );
    renderFlashcards('/app/flashcards');
    expect((await screen.findByTestId('new-card-limit')).textContent).toContain(
      'Hoy te quedan 3 tarjetas nuevas de tu límite diario, para todas las guías.',
    );
  });

  it('says when the next card falls due, the way a student plans', () => {
    const now = new Date('2026-11-24T18:00:00Z');
    expect(nextDueLabel(null, now)).toBe('Sin pendientes');
    expect(nextDueLabel('2026-11-24T18:10:00Z', now)).toBe('Próxima en 10 min');
    expect(nextDueLabel('2026-11-24T23:40:00Z', now)).toMatch(/^Próxima hoy a las 5:40/);
    expect(nextDueLabel('2026-11-28T15:00:00Z', now)).toMatch(/^Próxima el 28 nov/);
  });

  it("offers 'Repaso del día' with the cards due across guides", async () => {
    stubApi(() => jsonResponse(GUIDES));
    renderFlashcards('/app/flashcards');
    const review = await screen.findByRole('link', { name: /Repaso del día/ });
    expect(review.getAttribute('href')).toBe('/app/flashcards/repaso');
    expect(review.textContent).toContain('3 tarjetas pendientes de todas tus guías');
  });

  it("hides 'Repaso del día' when nothing is due", async () => {
    stubApi(() => jsonResponse(GUIDES.map((guide) => ({ ...guide, dueToday: 0 }))));
    renderFlashcards('/app/flashcards');
    await screen.findByRole('link', { name: 'Preeclampsia' });
    expect(screen.queryByRole('link', { name: /Repaso del día/ })).toBeNull();
  });

  it("says 'No hay flashcards disponibles' when there are no guides", async () => {
    stubApi(() => jsonResponse([]));
    renderFlashcards('/app/flashcards');
    expect(await screen.findByText('No hay flashcards disponibles')).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('shows a load failure in Spanish with a retry', async () => {
    // The server hides 5xx details behind the client's generic text.
    let answer = () => errorResponse(500, 'INTERNAL', 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.');
    stubApi(() => answer());
    renderFlashcards('/app/flashcards');
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos cargar las guías' })).toBeTruthy();
    // The client's generic text gives way to one that says what failed.
    expect(screen.getByText(/Ocurrió un error al cargar la información/).getAttribute('role')).toBe('alert');
    expect(screen.getAllByRole('link', { name: 'Volver al inicio' }).map((link) => link.getAttribute('href'))).toEqual(['/app', '/app']);

    answer = () => jsonResponse(GUIDES);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guías de Práctica Clínica' })).toBeTruthy();
  });

  it('tells a trial in place that flashcards come with an account, never as an error', async () => {
    stubApi(() => errorResponse(403, 'TRIAL_NOT_ALLOWED', 'Regístrate gratis para usar esta función.'));
    renderFlashcards('/app/flashcards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Disponible con tu cuenta' })).toBeTruthy();
    expect(screen.queryByText(/Revisa tu conexión|Ocurrió un error/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe('/signup?desde=prueba');
  });

  it('sends a signed-out person to log in and back', async () => {
    stubApi(() => errorResponse(401, 'UNAUTHORIZED', 'Inicia sesión para continuar.'));
    renderFlashcards('/app/flashcards');
    expect(await screen.findByText('Página de inicio de sesión /app/flashcards')).toBeTruthy();
  });
});

describe('groupGuidesByCategory', () => {
  it('sorts accented names with their letter', () => {
    const groups = groupGuidesByCategory([
      makeGuide({ id: 'b', guideName: 'Úlcera péptica', category: 'Medicina Interna' }),
      makeGuide({ id: 'a', guideName: 'Asma', category: 'Medicina Interna' }),
      makeGuide({ id: 'c', guideName: 'Otitis', category: 'Otorrinolaringología' }),
      makeGuide({ id: 'd', guideName: 'Eclampsia', category: 'Ginecología' }),
    ]);
    expect(groups.map((group) => [group.category, group.guides.map((guide) => guide.id)])).toEqual([
      ['Ginecología', ['d']],
      ['Medicina Interna', ['a', 'b']],
      ['Otorrinolaringología', ['c']],
    ]);
  });
});
