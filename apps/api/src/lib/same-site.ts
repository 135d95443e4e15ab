import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/**
 * For the few GETs that write (starting a trial, serving a discount question): another site could fire
 * them with an <img> and spend a visitor's daily trials or replace their question. Browsers say where a
 * request comes from in Sec-Fetch-Site; our own pages send 'same-origin'. Clients that send no such
 * header (older browsers, tools) are let through; the per-IP limits still hold for them.
 */
export async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw forbidden('Abre esta página desde la aplicación.', 'CROSS_SITE_REQUEST');
}
