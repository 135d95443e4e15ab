// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LISTED_PLANS } from '@galeno/domain/plans';
import { formatMXN } from '@galeno/domain/format';
import { PRERENDERED_PAGES, renderPage, renderSignedInPage } from './prerender';
import { makeCard, makeGuide, toGuide } from './features/flashcards/flashcards-test-helpers';
import { makeCase } from './features/quiz/quiz-test-helpers';

/*
 * The server-side entry renders the public first screens without a document (issue 21). The API's half (serving
 * them) is tested in apps/api; hydration without a mismatch, in a real browser, by e2e/specs/prerendered-pages.spec.ts.
 */

const configured = {
  'application-name': 'Medicina & Co',
  'galeno:support-url': 'https://wa.me/5215512345678',
  'galeno:video-url': '',
};

describe('pre-rendering', () => {
  it('renders the landing with its heading, plans and calls to action, under the configured brand', async () => {
    const { html, start } = await renderPage('/', configured);
    expect(html).toContain('Practica para el ENARM con casos clínicos como los del examen');
    expect(html).toContain('href="/trial-period"');
    expect(html).toContain('Crear cuenta gratis');
    for (const plan of LISTED_PLANS) expect(html).toContain(formatMXN(plan.basePrice));
    expect(html).toContain('Medicina &amp; Co');
    // Links follow the configuration: the support chat is set, the video channel is not.
    expect(html).toContain('https://wa.me/5215512345678');
    expect(html).not.toContain('youtube');
    // No inline script (the CSP allows none): the router's data travels beside the markup.
    expect(html).not.toContain('<script');
    // The landing starts on its own, without the router (app/landing-island.tsx).
    expect(start).toEqual({ island: 'landing' });
    expect(html).toContain('Saltar al contenido principal');
  });

  it('renders login and signup as their first step', async () => {
    expect((await renderPage('/login', configured)).html).toMatch(/<input[^>]+type="email"/);
    expect((await renderPage('/signup', configured)).html).toMatch(/<input[^>]+type="email"/);
  });

  it('renders the discount quiz as its welcome frame, leaving its data to the browser', async () => {
    const { html, start } = await renderPage('/discount-quiz', configured);
    expect(html).toContain('Comenzar');
    expect(html).toMatch(/<button[^>]*disabled/);
    // No loader data: the browser's router runs the loader and renders the same frame meanwhile.
    expect(start).toEqual({ router: expect.objectContaining({ loaderData: {} }) });
  });

  it('renders «Novedades del banco» with its heading, leaving the list to the browser (issue 39)', async () => {
    const { html } = await renderPage('/novedades', configured);
    expect(html).toContain('Novedades del banco</h1>');
    expect(html).toContain('Cargando novedades...');
  });

  it('lists each page once, with the modules it runs: the landing its island, the others the router and their route', () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual(['/', '/login', '/signup', '/discount-quiz', '/novedades', '/app']);
    expect(PRERENDERED_PAGES[0]!.modules).toEqual(['src/app/landing-island.tsx']);
    for (const page of PRERENDERED_PAGES.slice(1)) {
      expect(page.modules[0]).toBe('src/app/start.tsx');
      expect(page.modules.at(-1)).toMatch(/^src\/features\/.+-route\.tsx$/);
    }
    // Only the home's first frame is for signed-in students, and it runs the /app guard before the home.
    expect(PRERENDERED_PAGES.filter((page) => page.signedIn).map((page) => page.path)).toEqual(['/app']);
    expect(PRERENDERED_PAGES.at(-1)!.modules).toContain('src/app/app-guard-route.tsx');
  });

  it("renders the signed-in home's first frame: its sections loading, the study modes, a greeting without a name (issue 41)", async () => {
    const { html, start } = await renderPage('/app', configured);
    expect(start).toEqual({ shell: 'app' });
    expect(html).toContain('¡Hola!</h1>');
    expect(html).toContain('¿Qué vas a practicar hoy?');
    // The sections wait for the student's data in the same loading frames the app first shows.
    expect(html).toContain('Cargando tu plan de hoy...');
    expect(html).toContain('Cargando tu membresía...');
    // The study modes are links that work before the script arrives.
    expect(html).toContain('href="/app/crear-examen"');
    expect(html).toContain('href="/app/quick-quiz"');
    expect(html).toContain('Medicina &amp; Co');
    expect(html).not.toContain('<script');
  });

  describe('a signed-in page drawn with the student’s data (issue 41, decision 032)', () => {
    const student = { id: 'u-1', name: 'Ana López', email: 'ana@example.com', isTrial: false, trialEndsAt: null };
    const guide = makeGuide({ id: 'gpc-asma', guideName: 'Asma en el adulto', dueToday: 2, newToday: 0 });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    /** The API's answers for the request being drawn, and what the page asked for. */
    function apiFor(answers: Record<string, Response | (() => Response)>) {
      const asked: string[] = [];
      const fetch = (async (input: RequestInfo | URL) => {
        const path = String(input);
        asked.push(path.split('?')[0]!);
        const answer = answers[path.split('?')[0]!];
        if (!answer) return json({ errorMessage: 'No encontrado.', code: 'NOT_FOUND' }, 404);
        return typeof answer === 'function' ? answer() : answer.clone();
      }) as typeof globalThis.fetch;
      return { fetch, asked };
    }

    it('draws a flashcard guide with its first card, from the loaders run against the API, and sends their data with it', async () => {
      const api = apiFor({
        '/api/ankis/clinic-guides/gpc-asma': json(toGuide(guide)),
        '/api/ankis/flashcards/gpc-asma': json([makeCard('asma-01', 'gpc-asma'), makeCard('asma-02', 'gpc-asma')]),
        '/api/ankis/clinic-guides': json([guide]),
      });
      const page = await renderSignedInPage('/app/flashcards/gpc-asma', configured, { user: student, fetch: api.fetch });
      expect(page).not.toBeNull();
      const { html, start } = page!;
      expect(html).toContain('Asma en el adulto</h1>');
      // For reading until the app takes it over: its controls are disabled meanwhile.
      expect(html).toMatch(/^<fieldset disabled="" class="min-w-0">/);
      // The card the student studies first is on the page before any script runs: the first of the order the loader
      // drew, which travels with the page so that the app shows the same one.
      expect('signedIn' in start).toBe(true);
      const loaderData = (start as { signedIn: { loaderData: Record<string, { order?: string[] } | null> } }).signedIn.loaderData;
      const order = Object.values(loaderData).find((data) => data?.order)?.order ?? [];
      expect([...order].sort()).toEqual(['asma-01', 'asma-02']);
      expect(html).toContain(`Pregunta de ${order[0]}</p>`);
      expect(html).not.toContain(`Pregunta de ${order[1]}</p>`);
      expect(html).toContain('Mostrar respuesta');
      expect(html).not.toContain('<script');
      // Only reads, each once; never the session check (the API already knows who she is).
      expect([...api.asked].sort()).toEqual([
        '/api/ankis/clinic-guides',
        '/api/ankis/clinic-guides/gpc-asma',
        '/api/ankis/flashcards/gpc-asma',
      ]);
      expect(Object.values(loaderData)).toContainEqual(
        expect.objectContaining({ cards: expect.arrayContaining([expect.objectContaining({ id: 'asma-01' })]) }),
      );
    });

    it('draws the quick quiz on the first case the server drew for her, and on its loading frame when none could be', async () => {
      const clinicCase = makeCase('asma-1');
      const api = apiFor({ '/api/quiz/clinic-case/random': json(clinicCase) });
      const page = await renderSignedInPage('/app/quick-quiz', configured, { user: student, fetch: api.fetch });
      expect(page!.html).toContain('Niño de 4 años con fiebre de 39 °C y tos de 3 días (asma-1).');
      expect(page!.html).toMatch(/<input[^>]+type="radio"/);
      // Only the draw (a read): the session opens, and answers go, from the app.
      expect(api.asked).toEqual(['/api/quiz/clinic-case/random']);

      const none = apiFor({});
      const frame = await renderSignedInPage('/app/quick-quiz', configured, { user: student, fetch: none.fetch });
      expect(frame!.html).toContain('Pruebas Rápidas');
      expect(frame!.html).not.toMatch(/<input[^>]+type="radio"/);
    });

    it('draws nothing when the data fails, the session is refused, or the page is not one it draws', async () => {
      const missing = apiFor({});
      expect(await renderSignedInPage('/app/flashcards/gpc-nada', configured, { user: student, fetch: missing.fetch })).toBeNull();
      const refused = apiFor({
        '/api/ankis/clinic-guides/gpc-asma': json({ errorMessage: 'Inicia sesión.', code: 'UNAUTHORIZED' }, 401),
        '/api/ankis/flashcards/gpc-asma': json({ errorMessage: 'Inicia sesión.', code: 'UNAUTHORIZED' }, 401),
        '/api/ankis/clinic-guides': json({ errorMessage: 'Inicia sesión.', code: 'UNAUTHORIZED' }, 401),
      });
      expect(await renderSignedInPage('/app/flashcards/gpc-asma', configured, { user: student, fetch: refused.fetch })).toBeNull();
      for (const other of ['/app/flashcards/repaso', '/app/timed-quiz', '/app/flashcards', '/app/quick-quiz/pregunta']) {
        const api = apiFor({});
        expect(await renderSignedInPage(other, configured, { user: student, fetch: api.fetch }), other).toBeNull();
        expect(api.asked, other).toEqual([]);
      }
    });
  });
});
