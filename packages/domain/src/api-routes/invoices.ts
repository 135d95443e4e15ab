import { get, post, type RouteTable } from './define.ts';

/** The invoices area's API routes (the route manifest, issue 36): «Solicitar factura» and the staff queue. */
export const invoicesRoutes = {
  request: post('/api/invoices'),
  list: get('/api/invoices'),
  queue: get('/api/invoices/queue'),
  markIssued: post('/api/invoices/:id/issued'),
} as const satisfies RouteTable;
