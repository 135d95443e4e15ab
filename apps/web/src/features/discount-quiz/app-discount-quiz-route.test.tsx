import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { clearToasts } from '../../components/ui/toast';
import { mockApi, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as route from './app-discount-quiz-route';
import { answerResponse, API, daysAgo, evaluation, preferReducedMotion, QUESTION } from './discount-quiz-test-helpers';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderQuiz(user: AuthUser = STUDENT) {
  return renderRoutes(
    [
      {
        path: '/app/discount-quiz',
        loader: route.loader,
        Component: route.Component,
        ErrorBoundary: route.ErrorBoundary,
        HydrateFallback: () => null,
      },
      { path: '*', element: <Where /> },
    ],
    { path: '/app/discount-quiz', user },
  );
}

/** The account's data; the session calls answer as for a signed-in student. */
function serve(routes: Record<string, unknown>) {
  return mockApi({ [API.refresh]: { success: true }, [API.me]: { authUser: STUDENT }, [API.question]: QUESTION, ...routes });
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const where = async () => (await screen.findByTestId('where')).textContent;

/** From the roulette the data opened on, to the result. */
async function spinToResult() {
  fireEvent.click(await screen.findByRole('button', { name: 'Girar la ruleta' }));
  expect(await h1('¡Felicidades!')).toBeTruthy();
}

const WON_TODAY = {
  [API.evaluations]: [[evaluation(daysAgo(0), true)]],
  [API.last]: { discount: { discount: '30%', userAccepted: null } },
};

beforeEach(() => {
  preferReducedMotion(true);
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('signed-in discount quiz', () => {
  it('refreshes the token before loading, and heads the question with its speciality and topic', async () => {
    const api = serve({ [API.evaluations]: [[]], [API.last]: { discount: null } });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByText('Ginecología y Obstetricia · Preeclampsia')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver' }).getAttribute('href')).toBe('/app');
    expect(screen.getByTestId('attempts-counter').textContent).toBe('3/3 intentos restantes');
    const requests = api.requests();
    expect(requests.lastIndexOf(API.refresh)).toBeGreaterThanOrEqual(0);
    expect(requests.lastIndexOf(API.refresh)).toBeLessThan(requests.indexOf(API.evaluations));
    expect(requests.indexOf(API.last)).toBeGreaterThan(requests.lastIndexOf(API.refresh));
  });

  it("'Usar mi descuento' saves it as accepted and goes to payment with the percent", async () => {
    const api = serve({ ...WON_TODAY, [API.decision]: { discount: '30%', userAccepted: true } });
    renderQuiz();
    await spinToResult();
    fireEvent.click(button('Usar mi descuento'));
    expect(await where()).toBe('/app/membership-pay?discount=30');
    expect(api.bodyOf(API.decision)).toEqual({ discount: 30, userAccepted: true });
  });

  it('a discount accepted before opens as won, with its date and «Usar ahora», never the wheel again (ux N16)', async () => {
    serve({ ...WON_TODAY, [API.last]: { discount: { discount: '30%', userAccepted: true, validUntil: '2026-12-20T18:00:00.000Z' } } });
    renderQuiz();
    expect(await screen.findByText('Ya lo apartaste: se aplica al pagar tu membresía.')).toBeTruthy();
    expect(screen.getByText(/^Válido hasta el /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Girar la ruleta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ahora no' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Usar ahora' }).getAttribute('href')).toBe('/app/membership-pay?discount=30');
  });

  it("'Ahora no' saves a new discount as declined and returns to /app", async () => {
    const api = serve({ ...WON_TODAY, [API.decision]: { discount: '30%', userAccepted: false } });
    renderQuiz();
    await spinToResult();
    fireEvent.click(button('Ahora no'));
    expect(await where()).toBe('/app');
    expect(api.bodyOf(API.decision)).toEqual({ discount: 30, userAccepted: false });
  });

  it("'Volver' from the result saves a new discount as declined too; one already decided is not saved again", async () => {
    const api = serve({ ...WON_TODAY, [API.decision]: { discount: '30%', userAccepted: false } });
    const first = renderQuiz();
    await spinToResult();
    fireEvent.click(screen.getByRole('link', { name: 'Volver' }));
    expect(await where()).toBe('/app');
    expect(api.bodyOf(API.decision)).toEqual({ discount: 30, userAccepted: false });
    first.unmount();

    const again = serve({ ...WON_TODAY, [API.last]: { discount: { discount: '30%', userAccepted: false } } });
    renderQuiz();
    await spinToResult();
    fireEvent.click(button('Ahora no'));
    expect(await where()).toBe('/app');
    expect(again.requests()).not.toContain(API.decision);
  });

  it('declining with no attempts left ends at max-attempts-reached', async () => {
    serve({
      [API.evaluations]: [[evaluation(daysAgo(3), false), evaluation(daysAgo(2), false), evaluation(daysAgo(1), true)]],
      [API.last]: { discount: { discount: '50%', userAccepted: null } },
      [API.decision]: { discount: '50%', userAccepted: false },
    });
    renderQuiz();
    expect(await screen.findByText('Sin intentos')).toBeTruthy();
    await spinToResult();
    fireEvent.click(button('Ahora no'));
    expect(await h1('Has agotado todos tus intentos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('plays a right answer through to the result', async () => {
    serve({ [API.evaluations]: [[]], [API.last]: { discount: null }, [API.save]: answerResponse(true, 80, 2) });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Labetalol/ }));
    fireEvent.click(button('Responder'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ir a la ruleta' }));
    await spinToResult();
    expect(screen.getByTestId('roulette-status').textContent).toBe('¡Ganaste 80% de descuento!');
    expect(screen.getByTestId('prize-conditions').textContent).toBe(
      'Un solo uso en planes de 6 meses, 1 año o de por vida (individual o grupal), solo para tu cuenta.',
    );
    expect(button('Usar mi descuento')).toBeTruthy();
  });

  it('after a wrong answer, says when the next attempt is and offers going back to studying', async () => {
    serve({
      [API.evaluations]: [[]],
      [API.last]: { discount: null },
      // 06:30 UTC on 11 June is already Thursday 11 in Mexico City: next day there is Friday 12.
      [API.save]: { ...answerResponse(false, null, 2), evaluation: evaluation('2026-06-11T06:30:00.000Z', false) },
    });
    renderQuiz();
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Enalapril/ }));
    fireEvent.click(button('Responder'));
    expect(await h1('Respuesta incorrecta')).toBeTruthy();
    expect(screen.getByTestId('next-attempt').textContent).toBe('Tu siguiente intento: mañana, viernes 12 de junio.');
    expect(button('Intentar de nuevo mañana')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a estudiar' }).getAttribute('href')).toBe('/app');
    expect(screen.queryByRole('link', { name: 'Probar 5 minutos gratis' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Crear mi cuenta gratis' })).toBeNull();
  });
});

describe('trial discount quiz', () => {
  it('has no speciality/topic header', async () => {
    serve({ [API.evaluations]: [[]], [API.last]: { discount: null } });
    renderQuiz(trialUser(new Date(Date.now() + 300_000).toISOString()));
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByRole('group', { name: QUESTION.question })).toBeTruthy();
    expect(screen.queryByText('Ginecología y Obstetricia · Preeclampsia')).toBeNull();
  });

  it('offers to claim the prize by e-mail, as a trial has no account to pay with', async () => {
    serve(WON_TODAY);
    renderQuiz(trialUser(new Date(Date.now() + 300_000).toISOString()));
    await spinToResult();
    expect(screen.queryByRole('button', { name: 'Usar mi descuento' })).toBeNull();
    expect(screen.getByTestId('prize-conditions').textContent).toMatch(/solo para la cuenta de tu correo\.$/);
    fireEvent.click(button('Reclamar mi descuento'));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('sends people to the trial-period route when attempts run out', async () => {
    serve({
      [API.evaluations]: [[evaluation(daysAgo(2), false), evaluation(daysAgo(1), false)]],
      [API.last]: { discount: null },
      [API.save]: answerResponse(false, null, 0),
    });
    renderQuiz(trialUser(new Date(Date.now() + 300_000).toISOString()));
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Enalapril/ }));
    fireEvent.click(button('Responder'));
    expect(await h1('Respuesta incorrecta')).toBeTruthy();
    expect(screen.getByTestId('next-attempt').textContent).toBe('Ya no te quedan más intentos.');
    // A trial has no account yet: it can make one, or go on studying while the trial lasts.
    expect(screen.getByRole('link', { name: 'Crear mi cuenta gratis' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Volver a estudiar' }).getAttribute('href')).toBe('/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await h1('Has agotado todos tus intentos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la prueba gratuita' }).getAttribute('href')).toBe('/trial-period');
  });
});

describe('the loader', () => {
  // Last: it ends the app's session store, which the other tests share.
  it('sends someone whose session the server no longer knows to log in, and back here afterwards', async () => {
    const api = serve({ [API.refresh]: { success: false }, [API.evaluations]: [[]], [API.last]: { discount: null } });
    renderQuiz();
    expect(await where()).toBe(`/login?redirectTo=${encodeURIComponent('/app/discount-quiz')}`);
    expect(api.requests()).not.toContain(API.evaluations);
  });
});
