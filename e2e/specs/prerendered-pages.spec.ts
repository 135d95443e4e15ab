import type { Page } from '@playwright/test';
import { LISTED_PLANS } from '@galeno/domain/plans';
import { formatMXN } from '@galeno/domain/format';
import { test, expect } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';

/*
 * Issue 21: the public first screens arrive as HTML rendered on the server and then hydrate, so a phone on a slow
 * network paints them before the script arrives. Without JavaScript they still read; with it, React adopts the
 * server's nodes (no mismatch, nothing re-rendered from scratch) and nothing is logged as an error.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing shows its heading, plans and calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Practica para el ENARM con casos clínicos como los del examen' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Probar 5 minutos sin registro' })).toHaveAttribute('href', '/trial-period');
    await expect(page.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute('href', '/signup');
    const pricing = page.getByRole('region', { name: 'Planes y precios' });
    for (const plan of LISTED_PLANS) {
      await expect(pricing.getByRole('heading', { name: plan.title })).toBeVisible();
      await expect(pricing.getByText(formatMXN(plan.basePrice), { exact: true })).toBeVisible();
    }
    // ux N19: the $19 week and the simulacros are on the page the server sends, and no unsourced testimonial.
    await expect(pricing.getByRole('region', { name: '1 semana por $19' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Simulacros del ENARM' })).toBeVisible();
    await expect(page.getByText(/Lo que dicen quienes/)).toHaveCount(0);
    // The brand comes from the server's configuration, in the page and its title.
    await expect(page).toHaveTitle(/Preparación para el ENARM/);
    await expect(page.getByRole('banner').getByText('Galeno')).toBeVisible();
  });

  test('login, signup and the discount quiz show their first screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await page.goto('/discount-quiz');
    await expect(page.getByRole('heading', { level: 1, name: /Gana hasta \d+% de descuento/ })).toBeVisible();
    // «Novedades del banco» (issue 39): its frame and heading come from the server; the list needs the script.
    await page.goto('/novedades');
    await expect(page.getByRole('heading', { level: 1, name: 'Novedades del banco' })).toBeVisible();
  });
});

/** Errors the page logs, and uncaught exceptions, from the moment it starts loading. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Remembers the server-rendered <h1> before any script runs, to tell hydration (same node) from a fresh render. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
}

async function isHydratedServerHeading(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = document.querySelector('h1');
    const server = (window as { serverHeading?: Element | null }).serverHeading;
    return heading !== null && heading === server && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * Watches a student's page as it arrives drawn by the server (decision 032): the text of `selector` in the document as
 * it came, and whether the full-screen loading screen ever showed after it.
 */
async function watchDrawnPage(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched) => {
    const seen = window as { drawnText?: string | null; loadingShown?: boolean };
    seen.loadingShown = false;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      seen.drawnText = document.querySelector(watched)?.textContent ?? null;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-text"]')) seen.loadingShown = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
}

function drawnPage(page: Page): Promise<{ text: string | null; loadingShown: boolean }> {
  return page.evaluate(() => {
    const seen = window as { drawnText?: string | null; loadingShown?: boolean };
    return { text: seen.drawnText ?? null, loadingShown: seen.loadingShown === true };
  });
}

test.describe('with JavaScript', () => {
  test('the landing hydrates the server’s markup without an error and then works', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberServerHeading(page);
    await page.goto('/');
    await expect.poll(() => isHydratedServerHeading(page)).toBe(true);
    // The start data was read and removed; the figures from the database replace their placeholders.
    await expect(page.locator('#galeno-page-start')).toHaveCount(0);
    await expect(page.getByTestId('bank-figures-placeholder')).toHaveCount(0);
    // The landing ran without the router (decision 021): none of its code was fetched.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.some((name) => /\/assets\/start-[^/]+\.js$/.test(name))).toBe(false);
    // Its links load the next page, itself pre-rendered, which then hydrates with the router.
    await rememberServerHeading(page);
    await page.getByRole('link', { name: 'Crear cuenta gratis' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect.poll(() => isHydratedServerHeading(page)).toBe(true);
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    // And back to the landing inside the app: the router renders it, and its links are the router's.
    await page
      .getByRole('link', { name: /página principal/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /ENARM/ })).toBeVisible();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Crear cuenta gratis' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  for (const path of ['/login', '/signup']) {
    test(`${path} hydrates without an error and its form responds`, async ({ page }) => {
      const errors = collectErrors(page);
      await rememberServerHeading(page);
      await page.goto(path);
      await expect.poll(() => isHydratedServerHeading(page)).toBe(true);
      const email = page.getByLabel('Correo electrónico');
      await email.fill('ana@example.com');
      await expect(email).toHaveValue('ana@example.com');
      await expect(page.getByRole('button', { name: /Enviar código|Continuar|Crear/ }).first()).toBeEnabled();
      expect(errors).toEqual([]);
    });
  }

  test('an e-mail typed on /login before the script arrives is kept, and the code can be requested with it', async ({ page }) => {
    const errors = collectErrors(page);
    // The script waits until the visitor has typed, as on a slow phone.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/login');
    const email = page.getByLabel('Correo electrónico');
    await email.fill('nadie@example.com');
    const send = page.getByRole('button', { name: 'Enviar código' });
    await expect(send).toBeDisabled();
    release();
    // Hydrated, the form has the typed address: the button enables and the server answers about that address.
    await expect(send).toBeEnabled();
    await expect(email).toHaveValue('nadie@example.com');
    await send.click();
    await expect(page.getByText('Este correo aun no está registrado, por favor registrate para poder iniciar sesión')).toBeVisible();
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  });

  test('a signup step sent before the script arrives is held and goes on once the app is there, with what was typed', async ({ page }) => {
    const errors = collectErrors(page);
    let release!: () => void;
    const sent = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await sent;
      await route.continue();
    });
    await page.goto('/signup');
    await page.getByLabel('Correo electrónico').fill('rapida@example.com');
    await page.getByLabel('Nombre completo').fill('Lucía Rápida');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Not sent natively: no reload, no address in the URL.
    await expect(page).toHaveURL(/\/signup$/);
    release();
    await expect(page.getByLabel('Fecha de nacimiento', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /Volver|Atrás|Regresar/ })
      .first()
      .click();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('rapida@example.com');
    expect(errors).toEqual([]);
  });

  test('a tracked link tapped before the script arrives is counted, once, and so is one tapped after hydration', async ({
    page,
    database,
  }) => {
    const clicks = async () =>
      (await database.pool.query<{ n: number }>("select count(*)::int as n from cta_clicks where button_clicked = 'header-signup'"))
        .rows[0]!.n;
    const before = await clicks();
    // The app's script never arrives: the tap navigates natively, and only the loader can record it.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.locator('header').getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL(/\/signup$/);
    await expect.poll(clicks).toBe(before + 1);

    // Hydrated, the app records the tap and the loader no longer does: one more, not two.
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await rememberServerHeading(page);
    await page.goto('/');
    await expect.poll(() => isHydratedServerHeading(page)).toBe(true);
    await page.locator('header').getByRole('link', { name: 'Regístrate' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect.poll(clicks).toBe(before + 2);
    await page.waitForTimeout(500);
    expect(await clicks()).toBe(before + 2);
  });

  test('the discount quiz paints its frame, then its welcome screen with the visitor’s attempts', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/discount-quiz');
    await expect(page.getByTestId('attempts-counter')).toHaveText('3/3 intentos restantes');
    await expect(page.getByRole('button', { name: 'Comenzar' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('a page that reads its address is rendered in the browser when it carries a query', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login?email=ana%40example.com');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@example.com');
    expect(errors).toEqual([]);
  });

  test('the signed-in home paints from the server, and the app swaps in her own without «Cargando...» between (issue 41)', async ({
    page,
    database,
  }) => {
    const errors = collectErrors(page);
    await watchDrawnPage(page, 'h1');
    await signedInStudentFromFactory(page, database, 'marco');
    // The server sent the home's frame (the same for every student), and the app replaced it with hers.
    expect((await drawnPage(page)).text).toBe('¡Hola!');
    await expect(page.getByRole('heading', { level: 1, name: '¡Hola, Mariana!' })).toBeVisible();
    await expect(page.locator('#galeno-page-start')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect((await drawnPage(page)).loadingShown).toBe(false);
    // It is the app now: a study mode opens inside it, without loading the document again.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('link', { name: /Guías de Práctica Clínica/ }).click();
    await expect(page).toHaveURL(/\/app\/flashcards$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a flashcard guide arrives drawn with her first card, and the app takes it over on the same card (issue 41)', async ({
    page,
    database,
  }) => {
    const errors = collectErrors(page);
    await signedInStudentFromFactory(page, database, 'lucia');
    const guides = (await (await page.request.get('/api/ankis/clinic-guides')).json()) as { id: string; guideName: string }[];
    const guide = guides[0]!;
    await watchDrawnPage(page, 'article[aria-label="Tarjeta"] p');
    const response = await page.goto(`/app/flashcards/${guide.id}`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const firstCard = (await drawnPage(page)).text;
    expect(firstCard).toMatch(/^¿Dato \d+ de la guía/);
    // The app shows the same card, now its own: it answers a tap and saves a grade.
    await expect(page.getByRole('heading', { level: 1, name: guide.guideName })).toBeVisible();
    await page.getByRole('button', { name: 'Mostrar respuesta' }).click();
    await expect(page.locator('article[aria-label="Tarjeta"] p').first()).toHaveText(firstCard!);
    const graded = page.waitForResponse((answer) => answer.url().includes('/api/ankis/flashcards/evaluate') && answer.ok());
    await page.getByRole('group', { name: '¿Qué tan bien la sabías?' }).getByRole('button', { name: /^Bien/ }).click();
    await graded;
    expect((await drawnPage(page)).loadingShown).toBe(false);
    expect(errors).toEqual([]);
  });

  test('the quick quiz arrives drawn on her first case, and the app takes it over on the same case (issue 41)', async ({
    page,
    database,
  }) => {
    const errors = collectErrors(page);
    await signedInStudentFromFactory(page, database, 'ines');
    await watchDrawnPage(page, 'section[aria-labelledby="case-heading"] .whitespace-pre-line');
    const drawn = page
      .waitForResponse((answer) => answer.url().includes('/api/quiz/clinic-case/random'), { timeout: 3_000 })
      .catch(() => null);
    const response = await page.goto('/app/quick-quiz');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const firstCase = (await drawnPage(page)).text;
    expect(firstCase).toMatch(/^Caso e2e-cc-\d+/);
    await expect(page.getByText(firstCase!, { exact: true })).toBeVisible();
    // The app did not draw another case: it took over the one the page came with, and answers it in a session.
    expect(await drawn).toBeNull();
    // Its options wait for the app (disabled until it takes the page over), then answer a tap.
    await expect(page.getByRole('radio').first()).toBeEnabled();
    // Each «A» answers the question open and moves to the next, until every question has its answer.
    const grade = page.getByRole('button', { name: 'Calificar', exact: true });
    await expect(async () => {
      await page.keyboard.press('a');
      await expect(grade).toBeEnabled({ timeout: 300 });
    }).toPass();
    const graded = page.waitForResponse((answer) => answer.url().includes('/api/quiz/evaluate/clinic-case') && answer.ok());
    await grade.click();
    await graded;
    await expect(page.getByText(firstCase!, { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('when the session check cannot reach the server, the home’s frame gives way at once to «Sin conexión» (issue 41)', async ({
    page,
    database,
  }) => {
    await signedInStudentFromFactory(page, database, 'sinsenal');
    // The document arrives; the check that follows does not.
    await page.route('**/api/staggered-auth/token/refresh', (route) => route.abort('internetdisconnected'));
    await page.goto('/app');
    // At once: not after the 8 s the frame would otherwise wait for the app.
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible({ timeout: 4_000 });
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    // The frame is gone: no second page of study modes under the notice.
    await expect(page.getByText('¿Qué vas a practicar hoy?')).toHaveCount(0);
  });
});
