import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export const CROSS_SITE_WRITE_MESSAGE = 'Esta acción solo puede hacerse desde la aplicación.';
export const JSON_REQUIRED_MESSAGE = 'La solicitud debe enviarse en formato JSON.';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that cannot follow the rule: Stripe signs its own posts and sends no Origin. */
const EXEMPT = new Set(['/api/payments/stripe-webhook']);
/** Same-origin HTML forms (the local test checkout page), which post `application/x-www-form-urlencoded`. */
const FORM_POSTS = ['/api/payments/local-checkout/'];

function declaresJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Every state-changing API request comes from our own pages (issue 34, F13; ASVS 3.5.1). SameSite=Lax keeps the
 * session cookie off cross-site posts in today's browsers, but not off a sibling subdomain's (same-site) nor in a
 * browser without SameSite, and a body-less POST (logout-all, delete-code…) would take a `text/plain` or form post
 * from any page. So, before anything is parsed:
 * - fetch metadata that says another site (or a sibling subdomain) sent it, or an Origin other than APP_ORIGIN and
 *   other than the address the request itself was sent to (a phone on the LAN, 127.0.0.1 for localhost): 403. A page
 *   elsewhere cannot make a browser send an Origin equal to the host it posts to;
 * - a content type other than JSON, body or not: 415. A page can only send JSON cross-origin after a CORS preflight,
 *   which we never grant. A request with no body and no content type is let through only from outside a browser
 *   (no Origin and no fetch metadata: a script, a test), where no cookie can be borrowed; our pages always send JSON.
 */
export const sameOriginWritesPlugin = fp(
  async (app: FastifyInstance, options: { appOrigin: string }) => {
    const appOrigin = new URL(options.appOrigin).origin;
    // A callback hook rather than an async one: it runs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      if (READS.has(request.method) || !route?.startsWith('/api/') || EXEMPT.has(route)) return done();
      const { origin, 'sec-fetch-site': site, 'content-type': contentType } = request.headers;
      const foreign = origin !== undefined && origin !== appOrigin && origin !== `${request.protocol}://${request.host}`;
      if (site === 'cross-site' || site === 'same-site' || foreign) {
        return done(new AppError('CROSS_SITE_REQUEST', 403, CROSS_SITE_WRITE_MESSAGE));
      }
      const bodyless = request.headers['transfer-encoding'] === undefined && !Number(request.headers['content-length'] ?? 0);
      if (declaresJson(contentType)) {
        // Declaring JSON is required of a request without a body too, where Fastify's parser would refuse the empty
        // body: with nothing to parse, the declaration has done its job.
        if (bodyless) delete request.headers['content-type'];
        return done();
      }
      if (contentType !== undefined && FORM_POSTS.some((prefix) => route.startsWith(prefix))) return done();
      if (bodyless && contentType === undefined && origin === undefined && site === undefined) return done();
      done(new AppError('JSON_REQUIRED', 415, JSON_REQUIRED_MESSAGE));
    });
  },
  { name: 'same-origin-writes' },
);
