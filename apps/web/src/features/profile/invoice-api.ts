import type { InvoiceRequest, InvoiceRequestBody, InvoiceRequests } from '@galeno/domain/contracts/invoices';
import { apiFetch } from '../../lib/api-client';

/** GET /api/invoices: the student's own factura requests, newest first. */
export function fetchInvoiceRequests(signal?: AbortSignal): Promise<InvoiceRequests> {
  return apiFetch<InvoiceRequests>('/api/invoices', { signal });
}

/** POST /api/invoices: «Solicitar factura» for a paid payment, or a correction while it is not issued (409 once it is). */
export function requestInvoice(body: InvoiceRequestBody): Promise<InvoiceRequest> {
  return apiFetch<InvoiceRequest>('/api/invoices', { method: 'POST', json: body });
}
