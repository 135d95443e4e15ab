import { fireEvent, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegalInfo } from '@galeno/domain/contracts/legal';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as contactRoute from './contact-route';
import { LOAD_FAILED_NOTICE, LOADING_NOTICE, PLACEHOLDER_NOTICE } from './legal-page';
import * as privacyRoute from './privacy-route';
import * as refundsRoute from './refunds-route';
import * as termsRoute from './terms-route';

const LEGAL = 'GET /api/legal';

const INFO: LegalInfo = {
  operatorName: 'Estudio Médico Galeno, S.A. de C.V.',
  address: 'Av. Insurgentes Sur 1234, Col. Del Valle, 03100, Ciudad de México',
  contactEmail: 'privacidad@galeno.example',
  noticeVersion: '2026-11-24',
  placeholders: false,
};

const PAGES = [
  { path: '/privacidad', module: privacyRoute, heading: 'Aviso de privacidad integral' },
  { path: '/terminos', module: termsRoute, heading: 'Términos y condiciones' },
  { path: '/reembolsos', module: refundsRoute, heading: 'Política de reembolsos' },
  { path: '/contacto', module: contactRoute, heading: 'Contacto' },
] as const;

/** The legal data the API answers with: the route is not in the typed map yet, hence the cast. */
function mockLegal(answer: LegalInfo | Response | (LegalInfo | Response)[]) {
  return mockApi({ [LEGAL]: answer } as never);
}

function renderPage(path: string, module: Omit<RouteObject, 'path' | 'index' | 'children'>) {
  return renderRoutes([{ path, HydrateFallback: () => null, ...module } as RouteObject], { path });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('legal pages', () => {
  it.each(PAGES)('$path shows one h1, the operator data from the API and links among the four pages', async ({ path, module, heading }) => {
    mockLegal(INFO);
    renderPage(path, module);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The text is there at once; only the operator data wait for the API.
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe(LOADING_NOTICE);

    const email = await screen.findAllByRole('link', { name: INFO.contactEmail });
    expect(email[0]!.getAttribute('href')).toMatch(/^mailto:privacidad@galeno\.example/);
    if (path !== '/reembolsos') {
      expect(screen.getAllByText(INFO.operatorName).length).toBeGreaterThan(0);
      expect(screen.getAllByText(INFO.address, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();
    expect(screen.queryByText(PLACEHOLDER_NOTICE)).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Documentos legales' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/privacidad', '/terminos', '/reembolsos', '/contacto']);
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(path);
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(document.title).toContain(path === '/privacidad' ? 'Aviso de privacidad' : heading);
  });

  it.each(PAGES)('$path warns at the top while the operator data are placeholders', async ({ path, module }) => {
    mockLegal({
      ...INFO,
      operatorName: 'Razón social por configurar (LEGAL_NAME)',
      address: 'Domicilio por configurar (LEGAL_ADDRESS)',
      placeholders: true,
    });
    renderPage(path, module);
    const notice = await screen.findByText(PLACEHOLDER_NOTICE);
    // At the top: right after the heading, before the page's sections.
    const heading = screen.getByRole('heading', { level: 1 });
    const firstSection = screen.getAllByRole('heading', { level: 2 })[0]!;
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([PAGES[0], PAGES[1]])('$path shows the version in force', async ({ path, module }) => {
    mockLegal(INFO);
    renderPage(path, module);
    expect(await screen.findByText('Versión vigente: 24 de noviembre de 2026')).toBeTruthy();
  });

  it('the privacy notice gives the ARCO ways, the cookies and no secondary purposes', async () => {
    mockLegal(INFO);
    renderPage('/privacidad', privacyRoute);
    await screen.findAllByRole('link', { name: INFO.contactEmail });

    const rights = screen.getByRole('region', { name: 'Tus derechos ARCO y cómo revocar tu consentimiento' });
    expect(within(rights).getByText('«Descargar mis datos»')).toBeTruthy();
    expect(within(rights).getByText('«Eliminar mi cuenta»')).toBeTruthy();
    expect(within(rights).getByText('20 días hábiles')).toBeTruthy();
    expect(within(rights).getByRole('link', { name: INFO.contactEmail }).getAttribute('href')).toContain('subject=Derechos%20ARCO');

    const cookies = screen.getByRole('region', { name: 'Cookies y almacenamiento en tu navegador' });
    for (const name of ['Cookie de sesión', 'Cookie de dispositivo', 'Cookie de recomendación', 'Almacenamiento local del navegador']) {
      expect(within(cookies).getByText(name)).toBeTruthy();
    }
    expect(cookies.textContent).toContain('400 días');
    expect(cookies.textContent).toContain('30 días');
    expect(within(cookies).getByText('No usamos cookies de publicidad')).toBeTruthy();

    const purposes = screen.getByRole('region', { name: 'Para qué usamos tus datos' });
    expect(purposes.textContent).toContain('No usamos tus datos para publicidad');

    const responsible = screen.getByRole('region', { name: 'Quién es responsable de tus datos' });
    expect(within(responsible).getByText(INFO.operatorName)).toBeTruthy();
    expect(within(responsible).getByText(INFO.address)).toBeTruthy();
  });

  it('the refunds page states the 7 natural days and where to write', async () => {
    mockLegal(INFO);
    renderPage('/reembolsos', refundsRoute);
    const request = screen.getByRole('region', { name: 'Pedir un reembolso' });
    expect(within(request).getByText('7 días naturales')).toBeTruthy();
    const email = await within(request).findByRole('link', { name: INFO.contactEmail });
    expect(email.getAttribute('href')).toBe('mailto:privacidad@galeno.example?subject=Solicitud%20de%20reembolso');
    expect(request.textContent).toContain('«Mi perfil», en la sección «Pagos»');
    expect(screen.getByRole('region', { name: 'Reembolsos automáticos' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fichas de OXXO sin pagar' }).textContent).toContain('no se te cobra nada');
  });

  it('the contact page links the support chat when one is configured and writes no phone number', async () => {
    mockLegal(INFO);
    renderPage('/contacto', contactRoute);
    await screen.findAllByRole('link', { name: INFO.contactEmail });
    const chat = screen.getByRole('region', { name: 'Chat de soporte' });
    // The test setup configures SUPPORT_URL as a deployment would.
    expect(
      within(chat)
        .getByRole('link', { name: /chat de soporte/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/5215512345678');
    expect(document.body.textContent).not.toMatch(/\d{10}/);
  });

  it.each(PAGES)('$path still shows its text when the operator data cannot be loaded, and retries', async ({ path, module, heading }) => {
    const api = mockLegal([apiError(503, 'UNAVAILABLE', 'El servicio no está disponible.'), INFO]);
    renderPage(path, module);

    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(alert).getByText(LOAD_FAILED_NOTICE)).toBeTruthy();
    expect(within(alert).getByText('El servicio no está disponible.')).toBeTruthy();
    // The page's own text is all there.
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('dato no disponible por ahora').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: INFO.contactEmail })).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findAllByRole('link', { name: INFO.contactEmail })).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('main')).queryByRole('alert')).toBeNull();
    expect(api.requests()).toEqual([LEGAL, LEGAL]);
  });

  it('a network failure says so in Spanish and offers «Reintentar»', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    renderPage('/privacidad', privacyRoute);
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert.textContent).toContain('No pudimos conectar con el servidor');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tus derechos ARCO y cómo revocar tu consentimiento' }).textContent).toContain(
      '«Descargar mis datos»',
    );
  });
});
