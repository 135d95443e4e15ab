import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '@galeno/domain/contracts/profile';
import { clearProfileCache, writeCachedProfile } from '../../lib/profile-cache';
import { supportChatUrl } from '../../lib/external-links';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { apiError, mockApi, profileFor, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { HomePage } from './home-page';

const DAY = 86_400_000;

function renderHome({ profile, user = STUDENT }: { profile?: ProfileResponse; user?: typeof STUDENT } = {}) {
  if (profile) writeCachedProfile(user.id, profile);
  return renderRoutes([{ path: '/app', element: <HomePage /> }], { path: '/app', user });
}

const header = () => screen.getByRole('banner');
const accountNav = () => within(header()).getByRole('navigation', { name: 'Tu cuenta' });
const linkNames = () =>
  within(accountNav())
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(' (se abre en una pestaña nueva)', ''));

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
  mockApi({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('greets, and lists the four exam modes, statistics and the invite link exactly as the spec says', () => {
    renderHome({ profile: profileFor('lifetime', null) });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['¡Hola, Ana!']);
    const modes = within(screen.getByRole('region', { name: 'Modos de examen' })).getAllByRole('link');
    expect(modes.map((link) => [link.querySelector('span > span')?.textContent, link.getAttribute('href')])).toEqual([
      ['Pruebas Rápidas', '/app/quick-quiz'],
      ['Preguntas sueltas', '/app/quick-quiz/pregunta'],
      ['Cronómetro', '/app/timed-quiz'],
      ['Especialidades', '/app/speciality-quiz'],
      ['Guías de Práctica Clínica', '/app/flashcards'],
    ]);
    expect(screen.getByRole('link', { name: 'Ver mis estadísticas' }).getAttribute('href')).toBe('/app/estadisticas');
    expect((screen.getByLabelText('Enlace de registro') as HTMLInputElement).value).toBe(`${window.location.origin}/signup`);
  });

  it('a free account: badge, «Hazte miembro», profile and help icons; countdown; the promotions one at a time, each dismissible', async () => {
    renderHome({ profile: profileFor('free', 2 * 3_600_000) });
    expect(within(header()).getByText('Gratis')).toBeTruthy();
    expect(linkNames()).toEqual(['Hazte miembro', 'Mi perfil', 'Ayuda por chat']);
    expect(within(accountNav()).getByRole('link', { name: 'Hazte miembro' }).getAttribute('href')).toBe('/app/membership-pay');
    expect(within(accountNav()).getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/app/profile');
    const help = within(accountNav()).getByRole('link', { name: /Ayuda por chat/ });
    expect(help.getAttribute('href')).toBe(supportChatUrl());
    expect(help.getAttribute('href')).toBe('https://wa.me/5215512345678');
    expect(help.getAttribute('target')).toBe('_blank');

    expect(screen.getByRole('heading', { name: 'Tus horas gratis terminan en' })).toBeTruthy();
    // One promotion at a time: the 19 MXN week first, the discount quiz only once it is put away.
    expect(screen.getByRole('link', { name: 'Aprovechar oferta' }).getAttribute('href')).toBe('/app/membership-pay/one-dollar');
    expect(screen.queryByRole('button', { name: /80% de descuento/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'No me interesa' }));
    expect(screen.queryByRole('link', { name: 'Aprovechar oferta' })).toBeNull();

    const toggle = screen.getByRole('button', { name: /80% de descuento/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Jugar ahora' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Jugar ahora' }).getAttribute('href')).toBe('/app/discount-quiz');
    fireEvent.click(toggle);
    expect(screen.queryByRole('link', { name: 'Jugar ahora' })).toBeNull();

    // Put away on this device for this account: the next visit starts at the next promotion.
    fireEvent.click(screen.getByRole('button', { name: 'No me interesa' }));
    expect(screen.getByRole('heading', { name: 'Estudien en grupo y paguen menos' })).toBeTruthy();
    cleanup();
    renderHome({ profile: profileFor('free', 2 * 3_600_000) });
    expect(screen.getByRole('heading', { name: 'Estudien en grupo y paguen menos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Aprovechar oferta' })).toBeNull();
  });

  it('hides the help link when no support chat is configured', () => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="galeno:support-url"]')!;
    const configured = meta.content;
    meta.content = '';
    try {
      renderHome({ profile: profileFor('lifetime', null) });
      expect(linkNames()).toEqual(['Mi perfil']);
    } finally {
      meta.content = configured;
    }
  });

  it('says on every mode, before a tap, that it waits for a membership once the free hours ended', () => {
    const { unmount } = renderHome({ profile: profileFor('free', -60_000) });
    const modes = within(screen.getByRole('region', { name: 'Modos de examen' }));
    expect(modes.getAllByText('Disponible con tu membresía')).toHaveLength(5);
    unmount();
    clearProfileCache();
    renderHome({ profile: profileFor('free', 60 * 60_000) });
    expect(screen.queryByText('Disponible con tu membresía')).toBeNull();
  });

  it('once access ended, every study card says so and offers one thing, never a live button (issue 35, N4)', async () => {
    mockApi({
      'GET /api/quiz/sessions/open': {
        session: { quizSessionId: 's-1', kind: 'review', total: 8, answered: 0, startedAt: '2026-12-01T10:00:00.000Z' },
      },
      'GET /api/ankis/review/summary': { dueNow: 4, topGuide: { id: 'g-1', guideName: 'Bronquiolitis', due: 4 } },
      'GET /api/stats/summary': summaryWith([
        { speciality: 'Cirugía', subSpeciality: 'Urología', accuracy: 20, answered: 5, preliminary: false, hasCases: true },
      ]),
    });
    renderHome({ profile: profileFor('free', -60_000) });
    const due = await screen.findByRole('region', { name: 'Tienes 4 flashcards para repasar ahora' });
    const weakest = await screen.findByRole('region', { name: 'Refuerza Urología' });
    const unfinished = await screen.findByRole('region', { name: 'Tienes un repaso sin terminar' });
    for (const card of [due, weakest, unfinished]) {
      expect(within(card).getByText('Disponible con tu membresía')).toBeTruthy();
      expect(
        within(card)
          .getByRole('link', { name: /^1 semana por/ })
          .getAttribute('href'),
      ).toBe('/app/membership-pay/one-dollar');
    }
    for (const live of ['Continuar', 'Crear examen', 'Simulacro ENARM', 'Repasar ahora', 'Practicar Urología']) {
      expect(screen.queryByRole('link', { name: live })).toBeNull();
    }
    expect(screen.getByRole('heading', { name: 'Tus horas gratis terminaron' })).toBeTruthy();
    expect(screen.queryByText(/prueba/)).toBeNull();
  });

  it('an unfinished review can be discarded from the home (issue 35, N23)', async () => {
    const api = mockApi({
      'GET /api/quiz/sessions/open': {
        session: { quizSessionId: 's-7', kind: 'review', total: 8, answered: 0, startedAt: '2026-12-01T10:00:00.000Z' },
      },
    });
    renderHome({ profile: profileFor('free', 2 * 3_600_000) });
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar repaso' }));
    expect(await screen.findByRole('heading', { name: 'Arma tu propio examen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continuar' })).toBeNull();
    expect(api.requests()).toContain('POST /api/quiz/sessions/s-7/discard');
  });

  it('a won discount comes first, with «Usar ahora»', async () => {
    mockApi({
      'GET /api/payments/quotes': {
        quotes: [],
        discountPercent: 30,
        currentAccessUntil: null,
        hasLifetimeAccess: false,
        pendingVouchers: [],
      },
    });
    renderHome({ profile: profileFor('free', 2 * 3_600_000) });
    expect(await screen.findByRole('heading', { name: 'Tienes 30% de descuento en tu membresía' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Usar ahora' }).getAttribute('href')).toBe('/app/membership-pay?discount=30');
    expect(screen.queryByRole('button', { name: /80% de descuento/ })).toBeNull();
  });

  it('a paying member sees the date the membership is active until, not a ticking clock, and «Extender» only in its last 30 days', () => {
    const { unmount } = renderHome({ profile: profileFor('monthly', 200 * DAY) });
    expect(screen.getByRole('heading', { name: /^Tu membresía está activa hasta el \d{1,2} de [a-z]+ de \d{4}$/ })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('link', { name: /Extender membresía/ })).toBeNull();
    expect(linkNames()).toEqual(['Mi perfil', 'Ayuda por chat']);
    unmount();
    clearProfileCache();
    renderHome({ profile: profileFor('monthly', 10 * DAY) });
    expect(linkNames()).toEqual(['Extender membresía', 'Mi perfil', 'Ayuda por chat']);
    expect(screen.getAllByRole('link', { name: 'Extender membresía' })).toHaveLength(2);
  });

  it('counts the weeks left before the student’s ENARM', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00Z') });
    try {
      renderHome({ profile: { ...profileFor('lifetime', null), examYear: 2027 } });
      expect(screen.getByText('Faltan unas 40 semanas para el ENARM 2027')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an ended membership offers «Renovar membresía»; lifetime has no countdown and no discount banner', () => {
    const { unmount } = renderHome({ profile: profileFor('one_week', -DAY) });
    expect(linkNames()).toEqual(['Renovar membresía', 'Mi perfil', 'Ayuda por chat']);
    expect(screen.getByRole('heading', { name: 'El tiempo de tu membresía ha terminado' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /descuento/ })).toBeTruthy();
    unmount();

    clearProfileCache();
    renderHome({ profile: profileFor('lifetime', null) });
    expect(within(header()).getByText('De por vida')).toBeTruthy();
    // Nothing to renew: the server refuses another individual plan to lifetime access.
    expect(linkNames()).toEqual(['Mi perfil', 'Ayuda por chat']);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: /descuento/ })).toBeNull();
  });

  it('puts studying first: the weakest area with a start button, then the membership, then the promotions; and the goal', async () => {
    mockApi({
      'GET /api/stats/summary': summaryWith([
        { speciality: 'Cirugía', subSpeciality: 'Urología', accuracy: 20, answered: 5, preliminary: false, hasCases: true },
      ]),
    });
    renderHome({ profile: { ...profileFor('free', 2 * 3_600_000), examYear: 2027, speciality: 'Pediatría' } });
    const weakest = await screen.findByRole('region', { name: 'Refuerza Urología' });
    expect(within(weakest).getByRole('link', { name: 'Practicar Urología' }).getAttribute('href')).toBe(
      '/app/speciality-quiz?area=Cirug%C3%ADa&sub=Urolog%C3%ADa',
    );
    expect(screen.getByText('ENARM 2027 · Pediatría')).toBeTruthy();
    const order = ['Refuerza Urología', 'Tus horas gratis terminan en', 'Modos de examen', '1 semana de acceso completo por $19 MXN'].map(
      (name) => screen.getByRole('heading', { name }),
    );
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('a trial: no profile request, a trial badge, no profile or renew icons, help kept', () => {
    const api = mockApi({});
    renderHome({ user: trialUser(null) });
    expect(within(header()).getByText('Prueba gratuita')).toBeTruthy();
    expect(linkNames()).toEqual(['Ayuda por chat']);
    expect(screen.getByRole('button', { name: /descuento/ })).toBeTruthy();
    expect(api.requests()).toEqual([]);
    // Before any tap, the mode that needs an account says so (and only that one).
    const modes = within(screen.getByRole('region', { name: 'Modos de examen' }));
    expect(modes.getAllByText('Disponible con tu cuenta')).toHaveLength(1);
    expect(modes.getByRole('link', { name: /Guías de Práctica Clínica/ }).textContent).toContain('Disponible con tu cuenta');
  });

  it('says so when the membership cannot be loaded, and retries', async () => {
    const api = mockApi({ 'GET /api/user/profile': [apiError(500, 'INTERNAL', 'Servidor no disponible'), profileFor('free', DAY)] });
    renderHome();
    expect(await screen.findByText(/No pudimos cargar tu membresía/)).toBeTruthy();
    expect(screen.getByText(/Servidor no disponible/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Tus horas gratis terminan en' })).toBeTruthy();
    expect(api.requests().filter((request) => request === 'GET /api/user/profile')).toHaveLength(2);
  });

  it('reminds of the flashcards due now, with «Repasar ahora» starting at the guide with the most', async () => {
    mockApi({
      'GET /api/user/profile': profileFor('monthly', 30 * DAY),
      'GET /api/ankis/review/summary': { dueNow: 7, topGuide: { id: 'gpc-hta', guideName: 'Hipertensión arterial', due: 5 } },
    });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Tienes 7 flashcards para repasar ahora' })).toBeTruthy();
    expect(screen.getByText('Empieza por Hipertensión arterial.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Repasar ahora' }).getAttribute('href')).toBe('/app/flashcards/gpc-hta');
  });

  it('says nothing about flashcards when none is due', async () => {
    mockApi({ 'GET /api/user/profile': profileFor('monthly', 30 * DAY), 'GET /api/ankis/review/summary': { dueNow: 0, topGuide: null } });
    renderHome();
    await screen.findByText(/Premium/);
    expect(screen.queryByRole('link', { name: 'Repasar ahora' })).toBeNull();
  });
});

function summaryWith(recommendations: StatsSummary['recommendations']): StatsSummary {
  return {
    recentEvaluations: [],
    specialities: [],
    accuracyOverTime: [],
    recommendations,
    totals: { answered: 5, correct: 1, accuracy: 20 },
    percentiles: [],
    areaDetails: [],
  };
}
