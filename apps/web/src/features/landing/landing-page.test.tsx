import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMXN } from '@galeno/domain/format';
import { LISTED_PLANS } from '@galeno/domain/plans';
import { QUIZ_AREAS } from '@galeno/domain/taxonomy';
import { LANDING_AREAS } from './features-section';
import { Component as LandingRoute } from './landing-route';

const sendBeaconMock = vi.fn((_url: string, _data?: BodyInit | null) => true);
const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The landing as the app's route renders it: its links are the router's. */
function renderLanding(initialEntry = '/') {
  // The visit is recorded with the document's address (the landing also runs without the router).
  window.history.replaceState(null, '', initialEntry);
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingRoute },
      { path: '*', element: <p>Otra página</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function beaconsTo(path: string): Promise<unknown[]> {
  const bodies = sendBeaconMock.mock.calls.filter(([url]) => url === path).map(([, data]) => (data as Blob).text());
  return (await Promise.all(bodies)).map((text) => JSON.parse(text) as unknown);
}

/** True when the element or an ancestor (up to `root`) carries `hidden`: not shown below the `md:` breakpoint. */
function hiddenOnPhones(element: Element, root: Element): boolean {
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    if (node.classList.contains('hidden')) return true;
  }
  return false;
}

/** Each hero figure as it reads: "1,000+ flashcards de las GPC". */
function figureTexts(): string[] {
  return within(screen.getByTestId('social-proof'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

beforeEach(() => {
  sendBeaconMock.mockClear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ students: 1000, flashcards: 1000 }));
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeaconMock, configurable: true, writable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  it('links the aviso de privacidad, terms, refunds and contact from the footer (issue 20)', () => {
    renderLanding();
    const legal = screen.getByRole('navigation', { name: 'Información legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Aviso de privacidad', '/privacidad'],
      ['Términos y condiciones', '/terminos'],
      ['Política de reembolsos', '/reembolsos'],
    ]);
    expect(screen.getByRole('link', { name: 'Contacto' }).getAttribute('href')).toBe('/contacto');
  });

  it('fits one row on phones: the header shows only the logo and «Entrar»; sections and signup wait for wider screens', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    // jsdom applies no CSS, so read the markup: a link under a `hidden` class (without its `md:` twin) is not on a phone.
    const onPhones = within(header)
      .getAllByRole('link')
      .filter((link) => !hiddenOnPhones(link, header));
    expect(onPhones.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Galeno, página principal', '/'],
      ['Entrar', '/login'],
    ]);
    expect(within(header).queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    // Wider screens keep signup in the header, and every page keeps it in the hero and the footer.
    const signup = within(header).getByRole('link', { name: 'Regístrate' });
    expect(signup.getAttribute('href')).toBe('/signup');
    expect(hiddenOnPhones(signup, header)).toBe(true);
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' }).getAttribute('href')).toBe('/signup');
  });

  it('has one h1 and a section for each of the four anchors, linked from the header', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Secciones de la página' });
    for (const id of ['features', 'demo', 'pricing', 'faq']) {
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      expect(
        within(nav)
          .getAllByRole('link')
          .some((link) => link.getAttribute('href') === `#${id}`),
      ).toBe(true);
    }
  });

  it('lists every plan from LISTED_PLANS with its price, group price and a signup link that keeps the plan', () => {
    renderLanding();
    const pricing = document.getElementById('pricing') as HTMLElement;
    const cards = within(pricing).getAllByRole('article');
    expect(cards).toHaveLength(LISTED_PLANS.length);
    LISTED_PLANS.forEach((plan, index) => {
      const card = within(cards[index] as HTMLElement);
      card.getByRole('heading', { name: plan.title });
      card.getByText(formatMXN(plan.basePrice));
      card.getByText(new RegExp(`Plan grupal: ${formatMXN(plan.groupPrice).replace('$', '\\$')}`));
      card.getByText(/5 membresías al precio de 2/);
      const link = card.getByRole('link', { name: `Elegir ${plan.title}` });
      expect(link.getAttribute('href')).toBe(`/signup?redirectTo=${encodeURIComponent(`/app/membership-pay?plan=${plan.id}`)}`);
      expect(link.getAttribute('data-cta')).toBe(`pricing-${plan.id}`);
    });
  });

  it('offers the $19 week beside the plans, once per account, through signup (ux N19)', () => {
    renderLanding();
    const week = within(within(document.getElementById('pricing') as HTMLElement).getByRole('region', { name: '1 semana por $19' }));
    week.getByText(/una sola vez por cuenta/);
    const link = week.getByRole('link', { name: 'Empezar con 1 semana' });
    expect(link.getAttribute('href')).toBe(`/signup?redirectTo=${encodeURIComponent('/app/membership-pay/one-dollar')}`);
    expect(link.getAttribute('data-cta')).toBe('pricing-1-week');
  });

  it('says what the app has: simulacros, «Crear examen» and «Repasar incorrectas» (ux N19)', () => {
    renderLanding();
    const features = within(document.getElementById('features') as HTMLElement);
    for (const name of ['Simulacros del ENARM', 'Crear examen', 'Repasar incorrectas']) features.getByRole('heading', { level: 3, name });
    features.getByText(/280 preguntas en 5 horas/);
  });

  it('answers how to pay: card with meses sin intereses, or cash at OXXO (ux N19)', () => {
    renderLanding();
    const answer = screen.getByText('¿Cómo se paga? ¿Los precios están en pesos?').closest('details')?.querySelector('p')?.textContent;
    expect(answer).toContain('3, 6, 9 o 12 meses sin intereses');
    expect(answer).toContain('en efectivo en OXXO');
    expect(answer).toContain('3 días');
  });

  it('shows no testimonials it cannot source (ux N19)', () => {
    renderLanding();
    expect(screen.queryByRole('region', { name: /Lo que dicen/ })).toBeNull();
    expect(screen.queryByText(/Mariana López/)).toBeNull();
    expect(document.querySelector('blockquote')).toBeNull();
  });

  it("makes the no-signup trial the hero's main call to action and account creation the second one", () => {
    renderLanding();
    const hero = within(screen.getByRole('region', { name: /Practica para el ENARM/ }));
    const trial = hero.getByRole('link', { name: 'Probar 5 minutos sin registro' });
    const signup = hero.getByRole('link', { name: 'Crear cuenta gratis' });
    // The same door as the free-trial card further down.
    expect(trial.getAttribute('href')).toBe('/trial-period');
    expect(trial.getAttribute('href')).toBe(screen.getByRole('link', { name: 'Empezar prueba gratis' }).getAttribute('href'));
    expect(signup.getAttribute('href')).toBe('/signup');
    expect(trial.className).toMatch(/\bbg-brand-700\b/);
    expect(signup.className).not.toMatch(/\bbg-brand-700\b/);
    expect(trial.compareDocumentPosition(signup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(hero.queryByRole('link', { name: 'Comienza gratis' })).toBeNull();
  });

  it('links the main call to action, trial, discount quiz, video and support as the spec says', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Probar 5 minutos sin registro' }).getAttribute('href')).toBe('/trial-period');
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Empezar prueba gratis' }).getAttribute('href')).toBe('/trial-period');
    expect(screen.getByRole('link', { name: 'Jugar por mi descuento' }).getAttribute('href')).toBe('/discount-quiz');
    expect(screen.getByText(/hasta 80% de descuento/i)).toBeTruthy();
    const support = screen.getByRole('link', { name: /Chat de soporte/ });
    expect(support.getAttribute('target')).toBe('_blank');
    expect(support.getAttribute('rel')).toBe('noopener noreferrer');
    for (const href of ['/', '/login', '/signup', '/app']) {
      expect(
        within(screen.getByRole('contentinfo'))
          .getAllByRole('link')
          .some((link) => link.getAttribute('href') === href),
      ).toBe(true);
    }
  });

  it('gives every link a data-cta id', () => {
    renderLanding();
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(10);
    const ids = links.map((link) => link.getAttribute('data-cta'));
    expect(ids.every((id) => id && /^[a-z0-9-]+$/.test(id))).toBe(true);
  });

  it('records the visit with its origin path on mount', async () => {
    renderLanding('/?utm_source=instagram');
    expect(await beaconsTo('/api/visits/landing')).toEqual([{ originPath: '/?utm_source=instagram', referrer: null }]);
  });

  it('records a click on a tracked link through the CTA endpoint', async () => {
    const router = renderLanding();
    fireEvent.click(screen.getByRole('link', { name: 'Crear cuenta gratis' }));
    expect(await beaconsTo('/api/visits/cta')).toEqual([{ buttonClicked: 'hero-signup' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it("records a click on the hero's trial button and opens the trial", async () => {
    const router = renderLanding();
    fireEvent.click(screen.getByRole('link', { name: 'Probar 5 minutos sin registro' }));
    expect(await beaconsTo('/api/visits/cta')).toEqual([{ buttonClicked: 'hero-trial' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trial-period'));
  });

  it("names every quiz area by the app's names and promises none beyond them", () => {
    expect([...LANDING_AREAS]).toEqual([...QUIZ_AREAS]);
    renderLanding();
    const features = document.getElementById('features') as HTMLElement;
    const card = within(features).getByRole('heading', { name: 'Por especialidad' }).closest('li') as HTMLElement;
    for (const area of QUIZ_AREAS) expect(card.textContent).toContain(area);
    expect(card.textContent).not.toMatch(/y más/);
    expect(document.body.textContent).not.toMatch(/\by más\b/);
  });

  it('falls back to a keepalive fetch when sendBeacon is unavailable', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    renderLanding();
    fireEvent.click(screen.getByRole('link', { name: /Chat de soporte/ }), { button: 0 });
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/visits/cta');
      expect(call?.[1]).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify({ buttonClicked: 'footer-support' }) });
    });
  });

  it('shows the social-proof figures from the API', async () => {
    renderLanding();
    expect(await screen.findByText('Más de 1,000 estudiantes se preparan con Galeno')).toBeTruthy();
    expect(figureTexts()).toEqual(['1,000+ flashcards de las GPC']);
    expect(fetchMock).toHaveBeenCalledWith('/api/visits/public-counts', expect.objectContaining({ credentials: 'include' }));
  });

  it("shows the bank in the hero: each bank's questions exactly, as the app does, and flashcards rounded down", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ students: 0, flashcards: 1100, ownQuestions: 1074, mirQuestions: 588 }));
    renderLanding();
    await screen.findByTestId('social-proof');
    const hero = screen.getByRole('region', { name: /Practica para el ENARM/ });
    expect(within(hero).getByTestId('social-proof')).toBeTruthy();
    expect(figureTexts()).toEqual(['1,074 preguntas propias ENARM', '588 preguntas MIR España', '1,100+ flashcards de las GPC']);
    expect(screen.getByText(/vía HEAD-QA \(licencia MIT\) y CasiMedicos-Arg \(CC BY 4\.0\)/)).toBeTruthy();
  });

  it("holds the figures' place with numberless placeholders while they load", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input) =>
      input === '/api/visits/public-counts' ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(jsonResponse({})),
    );
    renderLanding();
    const placeholder = screen.getByTestId('bank-figures-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.textContent).not.toMatch(/\d/);
    expect(screen.queryByTestId('social-proof')).toBeNull();
    // The MIR note's room is held, out of sight and out of the accessibility tree.
    expect(screen.getByText(/^Preguntas MIR España:/).className).toMatch(/\binvisible\b/);
    answer(jsonResponse({ students: 0, flashcards: 300, ownQuestions: 120, mirQuestions: 0 }));
    expect(await screen.findByTestId('social-proof')).toBeTruthy();
    expect(screen.queryByTestId('bank-figures-placeholder')).toBeNull();
    expect(figureTexts()).toEqual(['120 preguntas propias ENARM', '300+ flashcards de las GPC']);
    expect(screen.queryByText(/Preguntas MIR España:/)).toBeNull();
  });

  it('hides a figure of 0', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ students: 0, flashcards: 1000 }));
    renderLanding();
    await screen.findByTestId('social-proof');
    expect(figureTexts()).toEqual(['1,000+ flashcards de las GPC']);
    expect(screen.queryByText(/estudiantes se preparan/)).toBeNull();
    expect(screen.queryByText(/Preguntas MIR España:/)).toBeNull();
  });

  it('still renders when the counts call fails, without placeholders or figures', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLanding();
    await waitFor(() => expect(screen.queryByTestId('bank-figures-placeholder')).toBeNull());
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('social-proof')).toBeNull();
  });
});
