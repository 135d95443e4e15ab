import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui/toast';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { answerResponse, API, daysAgo, evaluation, preferReducedMotion, QUESTION } from './discount-quiz-test-helpers';
import { EVALUATIONS_KEY, LAST_DISCOUNT_KEY } from './local-record';
import * as route from './public-discount-quiz-route';

function renderQuiz() {
  return renderRoutes(
    [
      {
        path: '/discount-quiz',
        loader: route.loader,
        Component: route.Component,
        ErrorBoundary: route.ErrorBoundary,
        HydrateFallback: () => null,
      },
      { path: '/', element: <p>Página principal</p> },
      { path: '/signup', element: <p>Registro</p> },
    ],
    { path: '/discount-quiz' },
  );
}

const h1 = async (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const counter = () => screen.getByTestId('attempts-counter').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

/** A visitor's ways in after a miss or at an end screen: an account, or 5 minutes without one. */
function expectVisitorLinks() {
  expect(href('Crear mi cuenta gratis')).toBe('/signup');
  expect(href('Probar 5 minutos gratis')).toBe('/trial-period');
}

async function answerWith(option: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(option) }));
  fireEvent.click(button('Responder'));
}

beforeEach(() => {
  localStorage.clear();
  preferReducedMotion(true);
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('public discount quiz', () => {
  it('welcomes with the promise, the counter and a way back home', async () => {
    mockApi({ [API.question]: QUESTION, [API.evaluations]: [[]], [API.last]: { discount: null } });
    renderQuiz();
    expect(await h1('Gana hasta 80% de descuento en tu membresía')).toBeTruthy();
    expect(screen.getByText(/te toma 1 minuto/)).toBeTruthy();
    expect(counter()).toBe('3/3 intentos restantes');
    expect(screen.getByRole('link', { name: 'Volver' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('goes from a right answer through the roulette to the claim form, keeping local storage in step', async () => {
    const api = mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[]],
      [API.last]: { discount: null },
      [API.save]: answerResponse(true, 50, 2),
    });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));

    const heading = await h1('Pregunta tipo ENARM');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Ginecología y Obstetricia · Preeclampsia')).toBeTruthy();
    const group = screen.getByRole('group', { name: QUESTION.question });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByRole('img', { name: 'Estructura química del losartán' }).getAttribute('src')).toBe('/img/losartan.png');
    expect(button('Responder').disabled).toBe(true);
    expect(screen.getByText('Elige una opción para responder.')).toBeTruthy();

    fireEvent.click(within(group).getByRole('radio', { name: /Labetalol/ }));
    expect(button('Responder').disabled).toBe(false);
    fireEvent.click(button('Responder'));

    expect(await h1('¡Respuesta correcta!')).toBeTruthy();
    expect(api.bodyOf(API.save)).toEqual({ questionId: 'dq-1', difficulty: 'Fácil', answerIndexSelected: 0 });
    expect(screen.getByText(/El labetalol es seguro/)).toBeTruthy();
    expect(screen.getByText('Tu respuesta, correcta')).toBeTruthy();
    expect(counter()).toBe('2/3 intentos restantes');
    expect(stored(EVALUATIONS_KEY)).toEqual([expect.objectContaining({ wasCorrect: true, questionId: 'dq-1' })]);
    expect(localStorage.getItem(LAST_DISCOUNT_KEY)).toBe('50%');

    fireEvent.click(button('Ir a la ruleta'));
    expect(await h1('¡Gira la ruleta!')).toBeTruthy();
    fireEvent.click(button('Girar la ruleta'));
    expect(await h1('¡Felicidades!')).toBeTruthy();
    expect(screen.getByTestId('roulette-status').textContent).toBe('¡Ganaste 50% de descuento!');
    expect(screen.getAllByTestId('roulette-segment').find((segment) => segment.dataset.highlighted)?.textContent).toBe('50%');
    expect(screen.getByTestId('prize-conditions').textContent).toBe(
      'Un solo uso en planes de 6 meses, 1 año o de por vida (individual o grupal), solo para la cuenta de tu correo.',
    );

    fireEvent.click(button('Reclamar mi descuento'));
    expect(await h1('Recibe tu descuento de 50%')).toBeTruthy();
    fireEvent.click(button('Volver'));
    expect(await h1('¡Felicidades!')).toBeTruthy();
  });

  it("after a wrong answer with attempts left, says when the next one is, offers a way in, and 'Intentar de nuevo mañana' reloads into 'Ya participaste hoy'", async () => {
    const api = mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[], [evaluation(daysAgo(0), false)]],
      [API.last]: { discount: null },
      // Recorded at 23:30 on Wednesday 10 June in Mexico City (05:30 UTC on the 11th): next day there is Thursday 11.
      [API.save]: { ...answerResponse(false, null, 2), evaluation: evaluation('2026-06-11T05:30:00.000Z', false) },
    });
    renderQuiz();
    await answerWith('Enalapril');
    expect(await h1('Respuesta incorrecta')).toBeTruthy();
    expect(screen.getByText('Tu respuesta')).toBeTruthy();
    expect(screen.getByText('Respuesta correcta')).toBeTruthy();
    expect(screen.getByTestId('next-attempt').textContent).toBe('Tu siguiente intento: mañana, jueves 11 de junio.');
    expectVisitorLinks();
    fireEvent.click(button('Intentar de nuevo mañana'));
    expect(await h1('Ya participaste hoy')).toBeTruthy();
    // No counter beside it: today's attempt is spent, whatever is left for other days (issue 35, N16).
    expect(screen.queryByTestId('attempts-counter')).toBeNull();
    expect(api.requests().filter((request) => request === API.evaluations)).toHaveLength(2);
    expectVisitorLinks();
    expect(screen.queryByRole('link', { name: 'Volver al inicio' })).toBeNull();
  });

  it("flags the last attempt, and after a wrong one reads 'Continuar' and ends at 'Has agotado todos tus intentos'", async () => {
    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[evaluation(daysAgo(2), false), evaluation(daysAgo(1), false)]],
      [API.last]: { discount: null },
      [API.save]: answerResponse(false, null, 0),
    });
    renderQuiz();
    expect(await h1(/Gana hasta/)).toBeTruthy();
    expect(counter()).toBe('1/3 intentos restantes');
    fireEvent.click(button('Comenzar'));
    expect(await screen.findByText('Último intento')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Enalapril/ }));
    fireEvent.click(button('Responder'));
    expect(await h1('Respuesta incorrecta')).toBeTruthy();
    expect(counter()).toBe('Sin intentos');
    expect(screen.getByTestId('next-attempt').textContent).toBe('Ya no te quedan más intentos.');
    expectVisitorLinks();
    fireEvent.click(button('Continuar'));
    expect(await h1('Has agotado todos tus intentos')).toBeTruthy();
    expectVisitorLinks();
    expect(screen.queryByRole('link', { name: 'Volver al inicio' })).toBeNull();
  });

  it.each([
    ['ALREADY_PARTICIPATED_TODAY', 'Ya participaste hoy'],
    ['MAX_ATTEMPTS_REACHED', 'Has agotado todos tus intentos'],
  ])("moves to the matching end screen on the server's 409 %s", async (code, title) => {
    mockApi({ [API.question]: QUESTION, [API.evaluations]: [[]], [API.last]: { discount: null }, [API.save]: apiError(409, code, title) });
    renderQuiz();
    await answerWith('Labetalol');
    expect(await h1(title)).toBeTruthy();
  });

  it('loads a fresh question when the server no longer takes this one (another tab loaded a newer one)', async () => {
    const NEWER = { ...QUESTION, id: 'dq-2', question: '¿Primera línea en crisis asmática?' };
    const api = mockApi({
      [API.question]: [QUESTION, NEWER],
      [API.evaluations]: [[]],
      [API.last]: { discount: null },
      [API.save]: apiError(409, 'QUESTION_NOT_SERVED', 'Esta pregunta ya no está vigente: carga una pregunta nueva para participar.'),
    });
    renderQuiz();
    await answerWith('Labetalol');
    expect(await screen.findByText('Esta pregunta ya no está vigente: carga una pregunta nueva para participar.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByRole('group', { name: NEWER.question })).toBeTruthy();
    expect(api.requests().filter((request) => request === API.question)).toHaveLength(2);
  });

  it('shows any other failure to save the answer as an error toast and keeps the question', async () => {
    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[]],
      [API.last]: { discount: null },
      [API.save]: apiError(429, 'RATE_LIMITED', 'Demasiadas solicitudes.'),
    });
    renderQuiz();
    await answerWith('Labetalol');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Demasiadas solicitudes.'));
    expect(screen.getByRole('heading', { level: 1, name: 'Pregunta tipo ENARM' })).toBeTruthy();
    expect(button('Responder').disabled).toBe(false);
  });

  it("opens on 'Ya participaste hoy' after a wrong answer today, and on the roulette after a right one", async () => {
    mockApi({ [API.question]: QUESTION, [API.evaluations]: [[evaluation(daysAgo(0), false)]], [API.last]: { discount: null } });
    const first = renderQuiz();
    expect(await h1('Ya participaste hoy')).toBeTruthy();
    first.unmount();

    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[evaluation(daysAgo(0), true)]],
      [API.last]: { discount: { discount: '80%', userAccepted: null, claimed: false, validUntil: '2026-12-20T18:00:00.000Z' } },
    });
    renderQuiz();
    expect(await h1('¡Gira la ruleta!')).toBeTruthy();
    fireEvent.click(button('Girar la ruleta'));
    expect(await screen.findByText('¡Ganaste 80% de descuento!')).toBeTruthy();
  });

  it('lets someone who already won go from the welcome straight to the result', async () => {
    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[evaluation(daysAgo(1), true)]],
      [API.last]: { discount: { discount: '30%', userAccepted: null, claimed: false, validUntil: '2026-12-20T18:00:00.000Z' } },
    });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver mi descuento de 30%' }));
    expect(await h1('¡Felicidades!')).toBeTruthy();
    expect(screen.getByTestId('roulette-status').textContent).toBe('¡Ganaste 30% de descuento!');
    expect(screen.getByText('Válido hasta el 20 de diciembre de 2026.')).toBeTruthy();
  });

  it('shows a claimed prize as claimed, with its validity date, instead of the wheel (ux N16)', async () => {
    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: [[evaluation(daysAgo(0), true)]],
      [API.last]: { discount: { discount: '50%', userAccepted: true, claimed: true, validUntil: '2026-12-20T18:00:00.000Z' } },
    });
    renderQuiz();
    expect(await h1('¡Felicidades!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Girar la ruleta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reclamar mi descuento' })).toBeNull();
    expect(
      screen.getByText('Ya reclamaste este descuento: te lo enviamos por correo. Crea tu cuenta con ese correo para usarlo.'),
    ).toBeTruthy();
    expect(screen.getByText('Válido hasta el 20 de diciembre de 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear mi cuenta' }).getAttribute('href')).toBe('/signup');
  });

  it('rewrites local storage from the server (server wins)', async () => {
    localStorage.setItem(EVALUATIONS_KEY, JSON.stringify([{ created: daysAgo(0), wasCorrect: false }]));
    localStorage.setItem(LAST_DISCOUNT_KEY, '80%');
    mockApi({ [API.question]: QUESTION, [API.evaluations]: [[]], [API.last]: { discount: null } });
    renderQuiz();
    expect(await h1(/Gana hasta/)).toBeTruthy();
    expect(stored(EVALUATIONS_KEY)).toEqual([]);
    expect(localStorage.getItem(LAST_DISCOUNT_KEY)).toBeNull();
  });

  it('reads local storage when the server cannot answer', async () => {
    localStorage.setItem(EVALUATIONS_KEY, JSON.stringify([{ created: daysAgo(0), wasCorrect: false }, { nonsense: true }]));
    mockApi({
      [API.question]: QUESTION,
      [API.evaluations]: apiError(500, 'INTERNAL', 'Error'),
      [API.last]: apiError(500, 'INTERNAL', 'Error'),
    });
    renderQuiz();
    // Today's wrong answer, read from the browser's copy (the malformed entry skipped).
    expect(await h1('Ya participaste hoy')).toBeTruthy();
  });

  it('offers a retry when the question could not be loaded', async () => {
    mockApi({
      [API.question]: [apiError(404, 'NOT_FOUND', 'Aún no hay preguntas disponibles para el quiz de descuento.'), QUESTION],
      [API.evaluations]: [[]],
      [API.last]: { discount: null },
    });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByText('Aún no hay preguntas disponibles para el quiz de descuento.')).toBeTruthy();
    fireEvent.click(button('Reintentar'));
    // The reload starts the quiz over, now with a question.
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByRole('group', { name: QUESTION.question })).toBeTruthy();
  });
});
