import type { InvoiceRequest, InvoiceRequestBody, InvoiceRequests } from '@galeno/domain/contracts/invoices';
import { api } from '../../lib/api';

/** GET /api/invoices: the student's own factura requests, newest first. */
export function fetchInvoiceRequests(signal?: AbortSignal): Promise<InvoiceRequests> {
  return api.invoices.list({ signal });
}

/** POST /api/invoices: «Solicitar factura» for a paid payment, or a correction while it is not issued (409 once it is). */
export function requestInvoice(body: InvoiceRequestBody): Promise<InvoiceRequest> {
  return api.invoices.request({ body });
}
