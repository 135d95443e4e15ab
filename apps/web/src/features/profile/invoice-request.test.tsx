import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRequest } from '@galeno/domain/contracts/invoices';
import type { PaymentRecord } from '@galeno/domain/contracts/payments';
import { INVOICE_MESSAGES } from '@galeno/domain/invoices';
import { clearToasts } from '../../components/ui/toast';
import { apiError, jsonResponse, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { PaymentsBlock } from './payments-block';

const PAID_ID = '6f1c2d3e-0000-4000-8000-000000000001';
const SECOND_ID = '6f1c2d3e-0000-4000-8000-000000000002';

function payment(id: string, overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id,
    reference: `GAL-${id.slice(-10).toUpperCase()}`,
    planId: '1-year',
    membershipMode: 'single',
    amountPaid: 1275,
    discountPercent: 0,
    status: 'paid',
    paymentMethod: 'card',
    voucherUrl: null,
    voucherExpiresAt: null,
    createdAt: '2026-11-20T18:00:00.000Z',
    paidAt: '2026-11-20T18:01:00.000Z',
    ...overrides,
  };
}

function invoice(paymentId: string, overrides: Partial<InvoiceRequest> = {}): InvoiceRequest {
  return {
    id: `inv-${paymentId.slice(-1)}`,
    paymentId,
    reference: `GAL-${paymentId.slice(-10).toUpperCase()}`,
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
    ...overrides,
  };
}

function renderPayments() {
  return renderRoutes([{ path: '/app/profile', element: <PaymentsBlock /> }], { path: '/app/profile', user: STUDENT });
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value)
    .filter(Boolean);

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('«Solicitar factura» in «Mi perfil › Pagos»', () => {
  it('offers it on paid payments only, and says «Factura solicitada» or «Factura emitida» once asked', async () => {
    mockApi({
      'GET /api/payments/history': {
        payments: [
          payment(PAID_ID),
          payment(SECOND_ID),
          payment('6f1c2d3e-0000-4000-8000-000000000003', { status: 'failed', paidAt: null }),
          payment('6f1c2d3e-0000-4000-8000-000000000004', { status: 'refunded' }),
        ],
      },
      'GET /api/invoices': { requests: [invoice(SECOND_ID, { status: 'issued', issuedAt: '2026-11-22T18:00:00.000Z' })] },
    });
    renderPayments();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Solicitar factura del pago GAL-0000000001' })).toBeTruthy();
    expect(within(items[1]!).getByText('Factura emitida')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(within(items[3]!).queryByRole('button')).toBeNull();
    expect(screen.getByText(/usa «Solicitar factura»/)).toBeTruthy();
  });

  it('checks the fields with the server’s rules, filters régimen and uso by the RFC, and sends the request', async () => {
    const saved = invoice(PAID_ID, { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxRegime: '601', postalCode: '42501' });
    const api = mockApi({
      'GET /api/payments/history': { payments: [payment(PAID_ID)] },
      'GET /api/invoices': { requests: [] },
      'POST /api/invoices': saved,
    });
    renderPayments();
    const open = await screen.findByRole('button', { name: /Solicitar factura/ });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Datos para tu factura' });
    // The account's e-mail is where the CFDI goes unless changed.
    expect((within(form).getByLabelText('Correo para recibir la factura') as HTMLInputElement).value).toBe(STUDENT.email);

    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByText(INVOICE_MESSAGES.rfcRequired)).toBeTruthy();
    expect(within(form).getByText(INVOICE_MESSAGES.legalNameRequired)).toBeTruthy();
    expect(within(form).getByText(INVOICE_MESSAGES.taxRegimeRequired)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('RFC'));
    expect(api.requests()).not.toContain('POST /api/invoices');

    const rfc = within(form).getByLabelText('RFC');
    const regime = within(form).getByLabelText('Régimen fiscal');
    const use = within(form).getByLabelText('Uso del CFDI');
    // A company's RFC (12 characters): only persona moral régimens, and no personal deductions.
    fireEvent.change(rfc, { target: { value: 'eku-900317-3c9' } });
    expect(optionsOf(regime)).toEqual(['601', '603', '610', '620', '622', '623', '624', '626']);
    expect(within(form).getByText(/Te mostramos los regímenes de persona moral/)).toBeTruthy();
    fireEvent.change(regime, { target: { value: '601' } });
    expect(optionsOf(use)).not.toContain('D10');
    expect(optionsOf(use)).toContain('G03');
    // A person's RFC (13): the persona física régimens.
    fireEvent.change(rfc, { target: { value: 'GODE561231GR8' } });
    expect(optionsOf(regime)).toContain('605');
    // The company régimen chosen before stays shown, and the check says why it no longer fits.
    expect((regime as HTMLSelectElement).value).toBe('601');
    fireEvent.change(within(form).getByLabelText('Nombre o razón social'), { target: { value: 'Escuela Kemper Urgate S.A. de C.V.' } });
    fireEvent.change(use, { target: { value: 'G03' } });
    fireEvent.change(within(form).getByLabelText('Código postal'), { target: { value: '42501' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByText(INVOICE_MESSAGES.taxRegimeForFisica)).toBeTruthy();
    expect(regime.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(regime);

    fireEvent.change(rfc, { target: { value: 'EKU9003173C9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByText(INVOICE_MESSAGES.legalNameCapitalRegime)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Nombre o razón social'), { target: { value: 'Escuela Kemper Urgate' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('Factura solicitada')).toBeTruthy();
    expect(api.bodyOf('POST /api/invoices')).toEqual({
      paymentId: PAID_ID,
      rfc: 'EKU9003173C9',
      legalName: 'ESCUELA KEMPER URGATE',
      taxRegime: '601',
      postalCode: '42501',
      cfdiUse: 'G03',
      email: STUDENT.email,
    });
    expect(screen.getByText(`Recibimos tu solicitud. Te enviaremos la factura a ${saved.email}.`)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    // Focus goes back to the payment's button, now «Corregir datos».
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Corregir datos/ })));
  });

  it('keeps everything typed when sending fails, and corrects a request with its data prefilled', async () => {
    const api = mockApi({
      'GET /api/payments/history': { payments: [payment(PAID_ID)] },
      'GET /api/invoices': { requests: [invoice(PAID_ID)] },
      'POST /api/invoices': [
        apiError(409, 'INVOICE_ALREADY_ISSUED', 'La factura de este pago ya se emitió.'),
        (init) => jsonResponse(invoice(PAID_ID, { postalCode: JSON.parse(String(init?.body)).postalCode as string })),
      ],
    });
    renderPayments();
    expect(await screen.findByText('Factura solicitada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Corregir datos/ }));
    const form = screen.getByRole('form', { name: 'Datos para tu factura' });
    expect((within(form).getByLabelText('RFC') as HTMLInputElement).value).toBe('GODE561231GR8');
    expect((within(form).getByLabelText('Régimen fiscal') as HTMLSelectElement).value).toBe('612');
    const postalCode = within(form).getByLabelText('Código postal') as HTMLInputElement;
    fireEvent.change(postalCode, { target: { value: '64000' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(within(form).getByRole('button', { name: 'Enviando...' })).toHaveProperty('disabled', true);
    expect(await within(form).findByText('La factura de este pago ya se emitió.')).toBeTruthy();
    expect(postalCode.value).toBe('64000');
    expect(within(form).getByRole('button', { name: 'Guardar cambios' })).toHaveProperty('disabled', false);

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Guardamos los datos corregidos de tu factura.')).toBeTruthy();
    expect(api.bodyOf('POST /api/invoices', 1)).toMatchObject({ paymentId: PAID_ID, postalCode: '64000', rfc: 'GODE561231GR8' });
  });

  it('still lists the payments when the factura requests cannot be read, without the controls', async () => {
    mockApi({
      'GET /api/payments/history': { payments: [payment(PAID_ID)] },
      'GET /api/invoices': apiError(503, 'SERVICE_UNAVAILABLE', 'No disponible.'),
    });
    renderPayments();
    expect(await screen.findByText('Membresía 1 Año')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Solicitar factura/ })).toBeNull();
    expect(screen.getByText(/Si necesitas factura, escríbenos con la referencia/)).toBeTruthy();
  });
});
