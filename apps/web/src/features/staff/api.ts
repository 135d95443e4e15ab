import type { HeldItemsResponse, ResolveHeldItemBody } from '@galeno/domain/contracts/content-review';
import type { InvoiceQueue, InvoiceRequest } from '@galeno/domain/contracts/invoices';
import type { ReportQueue, ResolveReportsBody } from '@galeno/domain/contracts/reports';
import type { ReportItemKind } from '@galeno/domain/reports';
import { api } from '../../lib/api';

/** GET /api/content-review/held: the staff queue (403 for anyone else). */
export function fetchHeldItems(signal?: AbortSignal): Promise<HeldItemsResponse> {
  return api.content.heldItems({ signal });
}

/** POST /api/content-review/held/:id: publish (the key stands) or retire; 404 NOT_HELD once resolved. */
export function resolveHeldItem(
  itemId: string,
  action: ResolveHeldItemBody['action'],
): Promise<{ id: string; status: 'published' | 'retired' }> {
  return api.content.resolveHeldItem({ params: { itemId }, body: { action } });
}

/** GET /api/reports: students' error reports, grouped by item (staff only). */
export function fetchReportQueue(signal?: AbortSignal): Promise<ReportQueue> {
  return api.reports.queue({ signal });
}

/** POST /api/reports/:kind/:id/resolve: closes every open report of the item. */
export function resolveReports(
  itemKind: ReportItemKind,
  itemId: string,
  resolution: ResolveReportsBody['resolution'],
): Promise<{ resolved: number }> {
  return api.reports.resolve({ params: { itemKind, itemId }, body: { resolution } });
}

/** GET /api/invoices/queue: the factura requests, open ones first (staff only). */
export function fetchInvoiceQueue(signal?: AbortSignal): Promise<InvoiceQueue> {
  return api.invoices.queue({ signal });
}

/** POST /api/invoices/:id/issued: the CFDI was stamped and sent; marking it again changes nothing. */
export function markInvoiceIssued(id: string): Promise<InvoiceRequest> {
  return api.invoices.markIssued({ params: { id } });
}
