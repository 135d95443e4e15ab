import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component, loader } from './referral-route';

/** Loaders and jsdom role queries can be slow when the whole suite runs in parallel. */
const SLOW = { timeout: 5000 };

/** What the signup route does with the path: it sends this id with the signup. */
function SignupStandIn() {
  const { affiliateShortId } = useParams();
  return (
    <>
      <h1>Crear cuenta</h1>
      <p>Afiliado enviado: {affiliateShortId}</p>
    </>
  );
}

function renderReferral(path: string) {
  return renderRoutes(
    [
      // Mounted as the router will mount it: the signup page as its index child.
      {
        path: '/a/:affiliateShortId?',
        loader,
        Component,
        HydrateFallback: () => null,
        children: [{ index: true, Component: SignupStandIn }],
      },
      { path: '/signup', element: <h1>Registro sin afiliado</h1> },
    ],
    { path },
  );
}

let beacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function beaconBodies(): Promise<unknown[]> {
  return Promise.all(beacon.mock.calls.map(async ([url, blob]) => ({ url, body: JSON.parse(await (blob as Blob).text()) as unknown })));
}

describe('/a/{affiliateShortId}', () => {
  it('shows signup with the invitation, and records one visit under the canonical path', async () => {
    const api = mockApi({ 'GET /api/affiliates/dra-paty': { shortId: 'dra-paty', name: 'Dra. Paty Ruiz' } });
    renderReferral('/a/Dra-Paty');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Te invitó/).textContent).toBe('Te invitó Dra. Paty Ruiz');
    expect(screen.getByText(/Afiliado enviado/).textContent).toBe('Afiliado enviado: Dra-Paty');
    expect(api.requests()).toEqual(['GET /api/affiliates/dra-paty']);
    expect(await beaconBodies()).toEqual([{ url: '/api/visits/landing', body: { originPath: '/a/dra-paty', referrer: null } }]);
  });

  it('sends an unknown affiliate to plain signup without recording a visit', async () => {
    mockApi({ 'GET /api/affiliates/nadie': apiError(404, 'NOT_FOUND', 'El afiliado no existe.') });
    const { router } = renderReferral('/a/nadie');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro sin afiliado' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends a malformed id to plain signup', async () => {
    mockApi({ 'GET /api/affiliates/x': apiError(400, 'VALIDATION_ERROR', 'Identificador de afiliado inválido') });
    const { router } = renderReferral('/a/x');
    await screen.findByRole('heading', { level: 1, name: 'Registro sin afiliado' }, SLOW);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('sends a missing id to plain signup without asking the server', async () => {
    const api = mockApi({});
    const { router } = renderReferral('/a');
    await screen.findByRole('heading', { level: 1, name: 'Registro sin afiliado' }, SLOW);
    expect(router.state.location.pathname).toBe('/signup');
    expect(api.requests()).toEqual([]);
  });

  it('still shows signup with the id when the lookup fails for a passing reason', async () => {
    mockApi({ 'GET /api/affiliates/dra-paty': apiError(503, 'HTTP_ERROR', 'Servicio no disponible') });
    renderReferral('/a/dra-paty');
    expect(await screen.findByText('Afiliado enviado: dra-paty', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Te invitó/)).toBeNull();
  });
});
