import { createServer, type IncomingMessage } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  /**
   * Marks a checkout session as paid, as Stripe would after the customer pays (a card, or an OXXO voucher later); with
   * `installments`, the card was paid in that many meses sin intereses (the intent's card installment plan).
   */
  pay(sessionId: string, options?: { installments?: number }): void;
  /** Completes a checkout with an OXXO voucher issued and not paid yet, as Stripe does when the customer chooses OXXO. */
  issueVoucher(sessionId: string, voucher?: { url: string; expiresAt: Date }): void;
  /** The voucher lapsed unpaid: the session stays complete and unpaid. */
  expireVoucher(sessionId: string): void;
  /** Payment intents refunded through POST /v1/refunds. */
  refunds: string[];
  /** Sessions closed through POST /v1/checkout/sessions/:id/expire. */
  expired: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * A loopback stand-in for the Stripe endpoints we call (sessions, their expiry, refunds), so the real `stripe` SDK can be exercised
 * end to end: it records each request (amount, currency, metadata) and answers like Stripe.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const refunds: string[] = [];
  const expired: string[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const vouchers = new Map<string, { hosted_voucher_url: string; expires_after: number; number: string }>();
  const installmentPlans = new Map<string, number>();
  let counter = 0;
  const server = createServer(async (request, response) => {
    const path = request.url ?? '';
    const form = new URLSearchParams(await readBody(request));
    requests.push({ method: request.method ?? '', path, form });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session = {
        id,
        object: 'checkout.session',
        url: `http://${request.headers.host}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: `pi_test_${counter}`,
        client_reference_id: form.get('client_reference_id'),
        metadata,
      };
      sessions.set(id, session);
      response.end(JSON.stringify(session));
      return;
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      refunds.push(form.get('payment_intent') ?? '');
      response.end(
        JSON.stringify({
          id: `re_test_${refunds.length}`,
          object: 'refund',
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        }),
      );
      return;
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire && sessions.has(expire[1]!)) {
      const session = sessions.get(expire[1]!)!;
      // Like Stripe: only an open session can be expired.
      if (session.status !== 'open') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } }));
        return;
      }
      session.status = 'expired';
      expired.push(expire[1]!);
      response.end(JSON.stringify(session));
      return;
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path);
    if (request.method === 'GET' && retrieve && sessions.has(retrieve[1]!)) {
      const session = sessions.get(retrieve[1]!)!;
      // `expand[]=payment_intent` answers the intent as an object, with the OXXO voucher once issued.
      if (decodeURIComponent(path).includes('expand[0]=payment_intent')) {
        const voucher = vouchers.get(retrieve[1]!);
        const intent = {
          id: session.payment_intent,
          object: 'payment_intent',
          next_action:
            voucher && session.payment_status !== 'paid' ? { type: 'oxxo_display_details', oxxo_display_details: voucher } : null,
          payment_method_options: installmentPlans.has(retrieve[1]!)
            ? {
                card: {
                  installments: {
                    enabled: true,
                    plan: { count: installmentPlans.get(retrieve[1]!), interval: 'month', type: 'fixed_count' },
                  },
                },
              }
            : {},
        };
        response.end(JSON.stringify({ ...session, payment_intent: intent }));
        return;
      }
      response.end(JSON.stringify(session));
      return;
    }
    const page = /^\/pay\/([^/?]+)$/.exec(path);
    if (request.method === 'GET' && page && sessions.has(page[1]!)) {
      // What the browser sees at the provider: the tests drive the outcome through the stand-in's methods.
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html lang="es"><title>Stripe (prueba)</title><h1>Checkout ${page[1]}</h1></html>`);
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    expired,
    pay(sessionId, options) {
      const session = sessions.get(sessionId);
      if (options?.installments) installmentPlans.set(sessionId, options.installments);
      if (session) {
        session.payment_status = 'paid';
        session.status = 'complete';
      }
    },
    issueVoucher(
      sessionId,
      voucher = { url: `https://payments.stripe.test/oxxo/voucher/${sessionId}`, expiresAt: new Date(Date.now() + 3 * 86_400_000) },
    ) {
      const session = sessions.get(sessionId);
      if (!session) return;
      session.status = 'complete';
      session.payment_status = 'unpaid';
      vouchers.set(sessionId, {
        hosted_voucher_url: voucher.url,
        expires_after: Math.floor(voucher.expiresAt.getTime() / 1000),
        number: '12345678901234567890',
      });
    },
    expireVoucher(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.payment_status = 'unpaid';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
