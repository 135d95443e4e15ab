import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import type { InvoiceQueue, InvoiceQueueItem } from '@galeno/domain/contracts/invoices';
import { clearToasts } from '../../components/ui/toast';
import { createSessionStore } from '../../lib/session';
import { apiError, jsonResponse, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component, createInvoicesLoader } from './invoices-queue-route';

const STAFF: AuthUser = { id: 'staff-1', name: 'Equipo', email: 'equipo@example.com', isTrial: false, trialEndsAt: null };
const SLOW = { timeout: 5000 };

function item(id: string, overrides: Partial<InvoiceQueueItem> = {}): InvoiceQueueItem {
  return {
    id,
    paymentId: `pay-${id}`,
    reference: `GAL-${id.toUpperCase()}`,
    rfc: 'GODE561231GR8',
    legalName: 'EMILIA GÓMEZ DÍAZ',
    taxRegime: '612',
    postalCode: '06700',
    cfdiUse: 'G03',
    email: 'emilia@example.com',
    status: 'requested',
    createdAt: '2026-11-21T18:00:00.000Z',
    updatedAt: '2026-11-21T18:00:00.000Z',
    issuedAt: null,
    planId: '1-year',
    membershipMode: 'single',
    amountPaid: 1275,
    paidAt: '2026-11-20T18:00:00.000Z',
    ...overrides,
  };
}

const QUEUE: InvoiceQueue = {
  totalOpen: 2,
  items: [
    item('aaaa000001'),
    item('bbbb000002', {
      rfc: 'EKU9003173C9',
      legalName: 'ESCUELA KEMPER URGATE',
      taxRegime: '601',
      membershipMode: 'group',
      planId: 'lifetime',
      amountPaid: 3000,
      updatedAt: '2026-11-22T18:00:00.000Z',
    }),
    item('cccc000003', { status: 'issued', issuedAt: '2026-11-19T18:00:00.000Z' }),
  ],
};

function renderQueue(user: AuthUser | null = STAFF) {
  const store = createSessionStore({ initialUser: user });
  return renderRoutes(
    [
      { path: '/metrics/facturas', loader: createInvoicesLoader(store), Component, HydrateFallback: () => null },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
    ],
    { path: '/metrics/facturas', store },
  );
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('the factura queue page', () => {
  it('lists the open requests with the fiscal data and what was paid, and marks one issued', async () => {
    const api = mockApi({
      'GET /api/invoices/queue': jsonResponse(QUEUE),
      'POST /api/invoices/aaaa000001/issued': jsonResponse({
        ...item('aaaa000001'),
        status: 'issued',
        issuedAt: '2026-11-23T18:00:00.000Z',
      }),
      'POST /api/invoices/bbbb000002/issued': apiError(404, 'NOT_FOUND', 'No encontramos esa solicitud de factura.'),
    });
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturas solicitadas' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/2 facturas por emitir\./)).toBeTruthy();

    const open = screen.getByRole('region', { name: 'Por emitir' });
    const first = within(open).getByRole('article', { name: 'GAL-AAAA000001 · $1,275 MXN' });
    for (const text of [
      'GODE561231GR8',
      'EMILIA GÓMEZ DÍAZ',
      '612 Personas Físicas con Actividades Empresariales y Profesionales',
      'G03 Gastos en general',
      '06700',
      'emilia@example.com',
      '1 Año',
    ]) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    const second = within(open).getByRole('article', { name: 'GAL-BBBB000002 · $3,000 MXN' });
    expect(within(second).getByText('De por vida (grupal)')).toBeTruthy();
    expect(within(second).getByText('Datos corregidos el')).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Marcar como emitida' }));
    expect((await within(first).findByRole('status')).textContent).toMatch(/^Emitida el \d{1,2} de \S+ de 2026\.$/);
    expect(api.requests()).toContain('POST /api/invoices/aaaa000001/issued');
    expect(screen.getByText(/1 factura por emitir\./)).toBeTruthy();

    fireEvent.click(within(second).getByRole('button', { name: 'Marcar como emitida' }));
    expect((await within(second).findByRole('alert')).textContent).toBe('No encontramos esa solicitud de factura.');

    const issued = screen.getByRole('region', { name: 'Emitidas recientemente' });
    const done = within(issued).getByRole('article', { name: /GAL-CCCC000003/ });
    expect(within(done).queryByRole('button')).toBeNull();
    expect(within(done).getByRole('status').textContent).toMatch(/^Emitida el/);
  });

  it('says when nothing is waiting', async () => {
    mockApi({ 'GET /api/invoices/queue': jsonResponse({ totalOpen: 0, items: [] }) });
    renderQueue();
    expect(await screen.findByText(/No hay facturas por emitir\./, {}, SLOW)).toBeTruthy();
  });

  it('tells other accounts they may not see it', async () => {
    mockApi({ 'GET /api/invoices/queue': apiError(403, 'STAFF_ONLY', 'Esta sección es solo para el equipo.') });
    renderQueue();
    expect(await screen.findByText('No tienes permiso para ver esta página', {}, SLOW)).toBeTruthy();
  });

  it('sends visitors to log in and back', async () => {
    mockApi({});
    const { router } = renderQueue(null);
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, SLOW);
    expect(router.state.location.search).toBe('?redirectTo=%2Fmetrics%2Ffacturas');
  });
});
