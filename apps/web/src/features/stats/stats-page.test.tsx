import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { evaluationOn, summaryFixture } from './stats-fixtures';

// The route module loads lazily; a busy CI machine can take more than the default second.
configure({ asyncUtilTimeout: 4000 });

function renderStats(fetchImpl: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  const router = createMemoryRouter(
    [
      { path: '/app/estadisticas', lazy: () => import('./stats-route'), HydrateFallback: () => null },
      { path: '/login', element: <p>Página de inicio de sesión</p> },
    ],
    { initialEntries: ['/app/estadisticas'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const summary =
  (overrides: Partial<StatsSummary> = {}) =>
  () =>
    json(summaryFixture(overrides));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('statistics page', () => {
  it('tells a trial in place that statistics come with an account, never as a connection error', async () => {
    renderStats(() => json({ errorMessage: 'Regístrate gratis para usar esta función.', code: 'TRIAL_NOT_ALLOWED' }, 403));
    expect(await screen.findByRole('heading', { level: 1, name: 'Disponible con tu cuenta' })).toBeTruthy();
    expect(screen.queryByText(/Revisa tu conexión/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe('/signup?desde=prueba');
  });

  it('sums up in four tiles: answered, correct %, time per question and saved sessions, each noun agreeing with its figure', async () => {
    renderStats(summary({ totals: { answered: 20, correct: 6, accuracy: 30, secondsPerQuestion: 52, sessionsSaved: 3 } }));
    const tiles = () =>
      within(screen.getByRole('region', { name: 'Resumen' }))
        .getAllByRole('term')
        .map((term) => [term.textContent, term.parentElement!.querySelector('dd')!.textContent]);
    await screen.findByRole('region', { name: 'Resumen' });
    expect(tiles()).toEqual([
      ['Preguntas respondidas', '20'],
      ['Aciertos', '30%'],
      ['Por pregunta', '52 s'],
      ['Sesiones de estudio', '3'],
    ]);
    const resumen = screen.getByRole('region', { name: 'Resumen' });
    // The score's tone in words and colour, the same as every card's: 30% is weak.
    expect(within(resumen).getByText('Débil').dataset.tone).toBe('weak');
    expect(within(resumen).getByText('6 correctas')).toBeTruthy();
    expect(within(resumen).getByText('En Cronómetro · ENARM: 64 s')).toBeTruthy();
  });

  it('says one in the singular, and a time never measured in words', async () => {
    renderStats(summary({ totals: { answered: 1, correct: 1, accuracy: 100, secondsPerQuestion: null, sessionsSaved: 1 } }));
    const resumen = await screen.findByRole('region', { name: 'Resumen' });
    expect(within(resumen).getByText('Pregunta respondida')).toBeTruthy();
    expect(within(resumen).getByText('1 correcta')).toBeTruthy();
    expect(within(resumen).getByText('Sesión de estudio')).toBeTruthy();
    expect(within(resumen).getByText('Sin medir')).toBeTruthy();
    expect(within(resumen).getByText('Se mide en Cronómetro')).toBeTruthy();
  });

  it('says where the student stands among active students in an area where the server ranks them', async () => {
    renderStats(summary({ percentiles: [{ speciality: 'Medicina Interna', percentile: 80, activeStudents: 120 }] }));
    const card = (await screen.findByRole('heading', { name: 'Medicina Interna', level: 3 })).closest('li')!;
    expect(within(card).getByText(/Percentil/).textContent).toBe('Percentil 80 entre 120 estudiantes activos');
  });

  it('folds each area’s sub-specialities by default, so the page stays short on a phone (issue 35, N20)', async () => {
    renderStats(summary());
    const card = (await screen.findByRole('heading', { name: 'Medicina Interna', level: 3 })).closest('li')!;
    const fold = within(card).getByText('Ver 2 subespecialidades').closest('details')!;
    expect(fold.open).toBe(false);
    expect(within(fold).getByText('Cardiología')).toBeTruthy();
    fireEvent.click(within(card).getByText('Ver 2 subespecialidades'));
    expect(fold.open).toBe(true);
  });

  it('says, in an area without a percentile, when it will appear: after the answers it needs, then with enough peers', async () => {
    renderStats(
      summary({
        specialities: [
          { speciality: 'Medicina Interna', correctAnswers: 8, totalSpecialityQuestionsAnswered: 12, subSpecialities: [] },
          { speciality: 'Pediatría', correctAnswers: 40, totalSpecialityQuestionsAnswered: 49, subSpecialities: [] },
          { speciality: 'Cirugía General', correctAnswers: 50, totalSpecialityQuestionsAnswered: 60, subSpecialities: [] },
        ],
      }),
    );
    const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;
    expect(within(await card('Medicina Interna')).getByText(/percentil/).textContent).toBe(
      'Tu percentil aparecerá cuando respondas 38 preguntas más de esta área.',
    );
    expect(within(await card('Pediatría')).getByText(/percentil/).textContent).toBe(
      'Tu percentil aparecerá cuando respondas 1 pregunta más de esta área.',
    );
    expect(within(await card('Cirugía General')).getByText(/percentil/).textContent).toBe(
      'Tu percentil aparecerá cuando al menos 10 estudiantes hayan respondido 50 preguntas o más de esta área.',
    );
  });

  it('shows per area the 30-day trend in words, the time per question, and each sub-speciality’s topics weakest first', async () => {
    renderStats(
      summary({
        areaDetails: [
          {
            speciality: 'Medicina Interna',
            trend: [
              { day: '2026-03-04', answered: 10, correct: 4, accuracy: 40 },
              { day: '2026-03-05', answered: 10, correct: 6, accuracy: 60 },
            ],
            secondsPerQuestion: 58,
            subSpecialities: [
              {
                subSpeciality: 'Cardiología',
                trend: [{ day: '2026-03-05', answered: 5, correct: 2, accuracy: 40 }],
                secondsPerQuestion: 61,
                topics: [
                  { topic: 'Insuficiencia cardiaca', answered: 4, correct: 1, secondsPerQuestion: 70 },
                  { topic: 'Hipertensión arterial', answered: 1, correct: 1, secondsPerQuestion: null },
                ],
              },
            ],
          },
        ],
      }),
    );
    const card = (await screen.findByRole('heading', { name: 'Medicina Interna', level: 3 })).closest('li')!;
    // The area's trend first, then each sub-speciality's (folded).
    expect(within(card).getAllByText(/Últimos 30 días/)[0]!.textContent).toBe(
      'Últimos 30 días: 2 días con respuestas, de 40% a 60% de aciertos. 58 s por pregunta con cronómetro.',
    );
    const topics = within(card).getByText(/^Tendencia y 2 temas/);
    expect(topics.textContent).toBe('Tendencia y 2 temas · 61 s por pregunta');
    fireEvent.click(topics);
    const folded = topics.closest('details')!;
    // The sub-speciality's own trend, in words beside its line.
    expect(within(folded).getByText(/Últimos 30 días/).textContent).toBe('Últimos 30 días: un día con respuestas, 40% de aciertos.');
    const rows = within(within(folded).getByRole('list', { name: 'Temas de Cardiología' }))
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Insuficiencia cardiaca25%1 de 4 correctas · 70 s por pregunta', 'Hipertensión arterial100%1 de 1 correcta']);
  });

  it('filters by bank: a link per bank, the chosen one marked, and the server asked for that bank only', async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) =>
      json(summaryFixture({ totals: { answered: String(input).includes('bank=mir') ? 7 : 20, correct: 5, accuracy: 25 } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter([{ path: '/app/estadisticas', lazy: () => import('./stats-route'), HydrateFallback: () => null }], {
      initialEntries: ['/app/estadisticas'],
    });
    render(<RouterProvider router={router} />);
    const filter = await screen.findByRole('navigation', { name: 'Banco' });
    expect(within(filter).getByRole('link', { name: 'Ambos' }).getAttribute('aria-current')).toBe('page');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/stats/summary');

    fireEvent.click(within(filter).getByRole('link', { name: 'MIR España' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?banco=mir'));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Banco' }))
          .getByRole('link', { name: 'MIR España' })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    // The summary was asked for that bank last; the standing among other students (same-items) may be asked after it.
    const summaries = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/stats/summary'));
    expect(summaries.at(-1)).toBe('/api/stats/summary?bank=mir');
  });

  it('has one h1 and a back link to /app/', async () => {
    renderStats(summary());
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Volver al inicio/ }).getAttribute('href')).toBe('/app/');
  });

  it('lists the recent evaluations newest first with date, score and band', async () => {
    renderStats(
      summary({
        recentEvaluations: [evaluationOn('viejo', '2026-03-01T10:00:00.000Z', 50), evaluationOn('nuevo', '2026-03-06T10:00:00.000Z', 95)],
      }),
    );
    const items = within(await screen.findByTestId('recent-evaluations')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/fecha nuevo.*95%.*Excelente/),
      expect.stringMatching(/fecha viejo.*50%.*Necesita mejorar/),
    ]);
  });

  it('names each recent session’s mode and, when timed, its duration', async () => {
    const timed = evaluationOn('cronometro', '2026-03-06T10:00:00.000Z', 80);
    renderStats(
      summary({
        recentEvaluations: [
          { ...timed, kind: 'timed', quickQuizEvaluation: { ...timed.quickQuizEvaluation, totalTimeMs: 12 * 60_000 } },
          { ...evaluationOn('simulacro', '2026-03-05T10:00:00.000Z', 60), kind: 'simulacro' },
        ],
      }),
    );
    const items = within(await screen.findByTestId('recent-evaluations')).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/Cronómetro · \d+ de \d+ correctas · 12 min/);
    expect(items[1]!.textContent).toMatch(/Simulacro · \d+ de \d+ correctas/);
  });

  it('sorts the speciality cards by accuracy and colours each by its own score, with the percent and the tone in words', async () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const specialities = names.map((name, index) => ({
      speciality: `Especialidad ${name}`,
      // Given worst first: the page must turn it around.
      correctAnswers: 10 + index * 10,
      totalSpecialityQuestionsAnswered: 100,
      subSpecialities: [],
    }));
    renderStats(summary({ specialities }));
    const cards = within(await screen.findByTestId('speciality-cards')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      names.map((name) => `Especialidad ${name}`).reverse(),
    );
    expect(cards.map((card) => card.dataset.tone)).toEqual(['strong', 'fair', 'fair', 'weak', 'weak', 'weak', 'weak']);
    // A 33% area is never green: its stripe is red, it says 'Débil', and it prints its percent.
    const third = cards.find((card) => within(card).queryByText('40%'))!;
    expect(third.className).toContain('border-t-red-600');
    expect(within(third).getByText('Débil')).toBeTruthy();
    expect(cards[0]!.className).toContain('border-t-emerald-600');
    expect(within(cards[0]!).getByText('Fuerte')).toBeTruthy();
    // The legend says what the colours and words mean.
    const legend = within(screen.getByRole('region', { name: 'Por especialidad' }))
      .getByText(/menos de 50%/)
      .closest('p')!;
    expect(legend.textContent).toBe('Débil: menos de 50%Regular: 50 – 69%Fuerte: 70% o más');
  });

  it('colours a sub-speciality by its own score, not its area’s, and says its tone to a screen reader', async () => {
    renderStats(summary());
    const cards = await screen.findByTestId('speciality-cards');
    // Medicina Interna is 80% (strong); Cardiología inside it is 40% (weak).
    expect(within(cards).getAllByRole('listitem')[0]!.dataset.tone).toBe('strong');
    const cardiology = within(cards).getByText('Cardiología').closest('li')!;
    expect(cardiology.dataset.tone).toBe('weak');
    expect(cardiology.textContent).toContain('2/5 · 40% (débil)');
  });

  it('shows sub-speciality rows and recommendations that start the speciality quiz on them', async () => {
    renderStats(summary());
    const cards = await screen.findByTestId('speciality-cards');
    expect(within(cards).getByText('Cardiología')).toBeTruthy();
    expect(within(cards).getByText('Nefrología')).toBeTruthy();
    const practice = screen.getByRole('link', { name: 'Practicar Cardiología' });
    expect(practice.getAttribute('href')).toBe('/app/speciality-quiz?area=Medicina+Interna&sub=Cardiolog%C3%ADa');
  });

  it('offers practice only for sub-specialities that have clinical cases', async () => {
    renderStats(
      summary({
        recommendations: [
          { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', accuracy: 40, answered: 5, preliminary: false, hasCases: true },
          {
            speciality: 'Medicina Interna',
            subSpeciality: 'Endocrinología',
            accuracy: 50,
            answered: 6,
            preliminary: false,
            hasCases: false,
          },
        ],
      }),
    );
    const recommendations = await screen.findByRole('region', { name: 'Recomendaciones para ti' });
    expect(within(recommendations).queryByText(/Preliminar/)).toBeNull();
    expect(
      within(recommendations)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Practicar Cardiología']);
    const endocrinology = within(recommendations).getByText('Endocrinología').closest('li') as HTMLElement;
    expect(within(endocrinology).getByText('Aún no hay casos clínicos de esta subespecialidad.')).toBeTruthy();
  });

  it('recommends from the first session, saying a sub-speciality with few answers is a first hint', async () => {
    renderStats(
      summary({
        recommendations: [
          { speciality: 'Cirugía', subSpeciality: 'Urología', accuracy: 0, answered: 1, preliminary: true, hasCases: true },
        ],
      }),
    );
    const recommendations = await screen.findByRole('region', { name: 'Recomendaciones para ti' });
    const urology = within(recommendations).getByText('Urología').closest('li') as HTMLElement;
    expect(within(urology).getByText(/de aciertos/).textContent).toBe('Preliminar · Cirugía · 0% de aciertos en 1 pregunta');
    expect(within(recommendations).getByText(/una primera pista/).textContent).toContain('con menos de 5 respuestas');
  });

  it('with nothing to recommend, says so by the server’s rule: all at the goal, from the first answer on', async () => {
    renderStats(
      summary({
        recommendations: [],
        specialities: [
          {
            speciality: 'Pediatría',
            correctAnswers: 1,
            totalSpecialityQuestionsAnswered: 1,
            subSpecialities: [{ subSpeciality: 'Neonatología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 1 }],
          },
        ],
      }),
    );
    const recommendations = await screen.findByRole('region', { name: 'Recomendaciones para ti' });
    expect(recommendations.textContent).toContain(
      'Por ahora no hay subespecialidades que reforzar: en todas las que has respondido llevas 70% de aciertos o más.',
    );
    expect(recommendations.textContent).toContain('desde su primera respuesta');
    expect(recommendations.textContent).not.toContain('al menos');
  });

  it('at 14% with nothing to recommend, never says there is nothing to reinforce: those questions were all answered', async () => {
    renderStats(
      summary({
        recommendations: [],
        specialities: [
          {
            speciality: 'Cirugía',
            correctAnswers: 1,
            totalSpecialityQuestionsAnswered: 7,
            subSpecialities: [{ subSpeciality: 'Urología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 7 }],
          },
        ],
      }),
    );
    const recommendations = await screen.findByRole('region', { name: 'Recomendaciones para ti' });
    expect(recommendations.textContent).not.toContain('no hay subespecialidades que reforzar');
    expect(within(recommendations).getByText(/Ya respondiste/).textContent).toBe(
      'Ya respondiste todas las preguntas de Urología, donde llevas menos de 70% de aciertos. Repasa tus respuestas incorrectas con un examen a tu medida.',
    );
    expect(within(recommendations).getByRole('link', { name: 'Crear examen' }).getAttribute('href')).toBe('/app/crear-examen');
  });

  it('draws accuracy over time as an image with a summary, and offers the data as a table', async () => {
    renderStats(summary());
    const chart = await screen.findByRole('img', { name: /Precisión diaria del 4 de marzo de 2026 al 5 de marzo de 2026/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    fireEvent.click(screen.getByText('Ver los datos en una tabla'));
    const table = screen.getByRole('table', { name: 'Precisión por día' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DíaCorrectasPrecisión',
      '4 mar4 de marzo de 20267 de 1070%',
      '5 mar5 de marzo de 20269 de 1090%',
    ]);
    // The day stays in view if the table ever scrolls sideways.
    expect(within(table).getAllByRole('rowheader')[0]!.className).toContain('sticky');
    // Each bar in the colour of its score: 70% and 90% are both strong.
    expect([...chart.querySelectorAll('rect')].map((rect) => rect.getAttribute('class'))).toEqual(['fill-emerald-600', 'fill-emerald-600']);
  });

  it("reads 'No hay estadísticas disponibles' when there is nothing yet", async () => {
    renderStats(
      summary({
        recentEvaluations: [],
        specialities: [],
        accuracyOverTime: [],
        recommendations: [],
        totals: { answered: 0, correct: 0, accuracy: 0 },
      }),
    );
    expect(await screen.findByText('No hay estadísticas disponibles')).toBeTruthy();
    expect(screen.queryByTestId('speciality-cards')).toBeNull();
  });

  it('logs a load error and shows the empty state instead of failing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStats(() => json({ errorMessage: 'Error interno', code: 'INTERNAL' }, 500));
    expect(await screen.findByText('No hay estadísticas disponibles')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load the statistics summary', expect.anything());
    // Not the same as having no history: it says the load failed and offers to try again.
    expect(screen.getByText(/No pudimos cargar tus estadísticas/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it("'Reintentar' loads the summary again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    renderStats(() => (++calls === 1 ? json({ errorMessage: 'Error interno', code: 'INTERNAL' }, 500) : summary()()));
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('speciality-cards')).toBeTruthy();
    expect(screen.queryByText('No hay estadísticas disponibles')).toBeNull();
  });

  it('sends a signed-out person to log in and back', async () => {
    const router = renderStats(() => json({ errorMessage: 'Inicia sesión', code: 'UNAUTHENTICATED' }, 401));
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/app/estadisticas')}`);
  });
});
