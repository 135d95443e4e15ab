import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The few headers we need, set once per request. @fastify/helmet cost about 55% of throughput
 * here (STACK.md), so the list is short and precomputed.
 *
 * An API answer is JSON, never a document: it gets the strictest policy in a few bytes (OWASP's REST guidance: nothing
 * may load from it, nothing may frame it), not the page's policy, whose directives only a document uses. HTTP/1.1 sends
 * headers uncompressed, so on a phone every API answer is about 350 bytes lighter (issue 21), and so is each request's
 * work at the server and the client. The Swagger page under /api/docs is a document and keeps the page's headers.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    const headers: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      'content-security-policy': [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self' https://checkout.stripe.com",
      ].join('; '),
    };
    const apiHeaders: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    };
    if (options.https) {
      headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
      apiHeaders['strict-transport-security'] = headers['strict-transport-security'];
    }
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** JSON from the API: everything under /api/ but the Swagger page. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
