import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMXN } from '@galeno/domain/format';
import { LISTED_PLANS } from '@galeno/domain/plans';
import { LandingPage } from './landing-page';

const sendBeaconMock = vi.fn((_url: string, _data?: BodyInit | null) => true);
const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderLanding(initialEntry = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
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

beforeEach(() => {
  sendBeaconMock.mockClear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ students: 1000, flashcards: 1050 }));
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeaconMock, configurable: true, writable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
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

  it('lists every plan from LISTED_PLANS with its price, group price and a link to /signup', () => {
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
      expect(link.getAttribute('href')).toBe('/signup');
      expect(link.getAttribute('data-cta')).toBe(`pricing-${plan.id}`);
    });
  });

  it('links the main call to action, trial, discount quiz, video and support as the spec says', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Comienza gratis' }).getAttribute('href')).toBe('/signup');
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
    fireEvent.click(screen.getByRole('link', { name: 'Comienza gratis' }));
    expect(await beaconsTo('/api/visits/cta')).toEqual([{ buttonClicked: 'hero-signup' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
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
    expect(screen.getByText('1,050+ flashcards de GPC')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/visits/public-counts', expect.objectContaining({ credentials: 'include' }));
  });

  it('counts our own ENARM questions and the MIR questions apart, with the MIR sources', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ students: 0, flashcards: 1000, ownQuestions: 1074, mirQuestions: 588 }));
    renderLanding();
    expect(await screen.findByText('1,074 preguntas propias ENARM · 588 preguntas MIR España')).toBeTruthy();
    expect(screen.getByText(/vía HEAD-QA \(licencia MIT\) y CasiMedicos-Arg \(CC BY 4\.0\)/)).toBeTruthy();
  });

  it('hides a figure of 0', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ students: 0, flashcards: 1000 }));
    renderLanding();
    expect(await screen.findByText('1,000+ flashcards de GPC')).toBeTruthy();
    expect(screen.queryByText(/estudiantes se preparan/)).toBeNull();
  });

  it('still renders when the counts call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLanding();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('social-proof')).toBeNull();
  });
});
