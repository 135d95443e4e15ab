import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { sameOriginWritesPlugin } from './plugins/same-origin-writes.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { authPlugin } from './plugins/auth.ts';
import { devicePlugin } from './plugins/device.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startOutboxWorker } from './mail/outbox.ts';
import { startJobs, type JobRunner } from './jobs/runner.ts';
import { serverJobs } from './jobs/registry.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { invoicesRoutes } from './modules/invoices/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createDraining, drainingServerFactory, type Draining } from './modules/health/draining.ts';
import { legalRoutes } from './modules/legal/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { toAuthUser } from './modules/auth/service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { quizRoutes } from './modules/quiz/routes.ts';
import { simulacroRoutes } from './modules/simulacros/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { flashcardsRoutes } from './modules/flashcards/routes.ts';
import { discountQuizRoutes } from './modules/discount-quiz/routes.ts';
import { groupInvitationRoutes, groupRoutes, paymentsRoutes } from './modules/memberships/routes.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { affiliatesRoutes } from './modules/affiliates/routes.ts';
import { createStripeProvider } from './payments/stripe-provider.ts';
import { createLocalProvider } from './payments/local-provider.ts';
import { payments } from './db/schema/memberships.ts';
import { eq } from 'drizzle-orm';
import { staffMetricsRoutes, visitsRoutes } from './modules/visits/routes.ts';
import { contentReviewRoutes } from './modules/content/review-routes.ts';
import { mirNoticeRoutes } from './modules/content/notice-routes.ts';
import { figureRoutes } from './modules/content/figure-routes.ts';
import { changesRoutes } from './modules/content/changes-routes.ts';
import { digestConfigOf, planRoutes } from './modules/plan/routes.ts';
import { canonicalUrl } from './lib/canonical-url.ts';
import { createResponseSerializerCompiler } from './lib/response-serializer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Begun by server.ts at SIGTERM/SIGINT: readiness fails and new requests get 503 while in-flight ones finish. */
    draining: Draining;
    /** The background jobs (jobs/registry.ts); `runNow` lets a test, or an operator's script, run one at once. */
    jobs: JobRunner;
  }
}

// Validation messages reach people: zod's defaults in Spanish, custom messages from the domain schemas.
z.config(z.locales.es());

export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * The database's notifications (PostgreSQL): with them, each instance keeps the sessions it resolved and hears
   * when one changes (decision 024); without them, every request reads its session.
   */
  listen?: Listen | undefined;
  /** Defaults to SMTP_URL, or the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** Every response also serialized by Zod and compared (lib/response-serializer.ts): the tests' proof, at twice the cost. */
  verifyResponses?: boolean;
}

/** Stripe when its keys are set; otherwise the local test-mode checkout (decisions: payments). */
function paymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return createLocalProvider({
    appOrigin: config.APP_ORIGIN,
    async lookup(sessionId) {
      const [row] = await db
        .select({
          paymentId: payments.id,
          status: payments.status,
          voucherUrl: payments.voucherUrl,
          voucherExpiresAt: payments.voucherExpiresAt,
        })
        .from(payments)
        .where(eq(payments.checkoutSessionId, sessionId))
        .limit(1);
      return row ?? null;
    },
  });
}

/**
 * Trusts the `hops` proxies nearest to us (the socket's peer is hop 0). Only safe when clients cannot
 * reach the app except through those proxies (docs/deployment.md).
 */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole app without listening, so tests can `inject` against a real database. */
export async function buildApp({ config, db, listen, mailer: givenMailer, verifyResponses = false }: AppDeps): Promise<FastifyInstance> {
  const draining = createDraining();
  const app = Fastify({
    // Once a stop began, a request still arriving on an open connection is served, and its connection then closed
    // (modules/health/draining.ts), rather than answered 503; `close()` stops listening, ends idle kept-alive
    // connections and waits for the requests in flight (server.ts bounds the wait).
    serverFactory: drainingServerFactory(draining),
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Two info lines per request cost throughput; requests are logged at debug level below instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count is passed as a function: Fastify 5 treats a bare number as "trust nobody".
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Percent-escaped spellings and aliases become one canonical path before routing (limits, logs).
    rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
    bodyLimit: 100 * 1024,
    // Errors the router raises before any route runs (a malformed or overlong URL) get our error shape too.
    frameworkErrors: (error, _request, frameworkReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = frameworkReply as unknown as FastifyReply;
      void reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({
          errorMessage: tooLong ? 'La dirección es demasiado larga.' : 'La dirección no es válida.',
          code: tooLong ? 'URL_TOO_LONG' : 'BAD_URL',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('draining', draining);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: verifyResponses }));
  // Only when debug lines are wanted: at the usual levels the hook would cost every request for nothing.
  if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request');
      done();
    });
  }

  const mailer =
    givenMailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), log: app.log });
  // E-mails committed with what they announce leave through the outbox; anything left by a stopped instance goes now.
  const outbox = startOutboxWorker({ db, mailer, log: app.log });
  outbox.kick();
  // Background work (the outbox's drains, peer percentiles, sessions left open): one runner, jobs/registry.ts.
  const jobs = startJobs(serverJobs({ db, outbox, digest: digestConfigOf(config) }), app.log);
  app.decorate('jobs', jobs);
  const sessionCache = listen ? new SessionCache() : undefined;
  const sessionChanges =
    sessionCache &&
    listen!(SESSION_CHANGES_CHANNEL, {
      message: (keys) => sessionCache.invalidate(keys),
      live: (listening) => sessionCache.setListening(listening),
      warn: (message) => app.log.warn(message),
    });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await outbox.stop();
    await sessionChanges?.close();
    mailer.close();
  });
  const https = config.APP_ORIGIN.startsWith('https:');

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { https });
  await app.register(inputGuardPlugin);
  await app.register(sameOriginWritesPlugin, { appOrigin: config.APP_ORIGIN });
  await app.register(cookie);
  await app.register(devicePlugin, { https, secret: config.APP_SECRET });
  await app.register(authPlugin, { db, https, staffEmails: config.STAFF_EMAILS, freeAccessHours: config.FREE_ACCESS_HOURS, sessionCache });
  await app.register(rateLimitPlugin, {
    redisUrl: config.REDIS_URL,
    nameSpace: config.RATE_LIMIT_NAMESPACE,
    max: config.RATE_LIMIT_MAX,
    routeFactor: config.RATE_LIMIT_ROUTE_FACTOR,
  });

  // Dynamic JSON and HTML above 1 KB leave compressed (issue 21). Registered before the routes and the static files:
  // it hooks each route as it is added. Built files carry their own .br/.gz and are never compressed again (a reply
  // with Content-Encoding set is passed through); routes marked `compress: false` (health) skip it entirely;
  // text/event-stream is not compressible by default. Request bodies are not decompressed: clients send small JSON.
  // Brotli quality 2, not the plugin's 4: half the CPU for answers about 5 % larger (a case: 87 -> 39 µs, 447 -> 470 bytes),
  // and compression was a tenth of the server's CPU under the cohort's load (issue 22).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
  });

  if (config.API_DOCS) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${config.APP_NAME} API`, version: '1.0.0', description: 'API de la plataforma de preparación para el ENARM.' },
        servers: [{ url: config.APP_ORIGIN }],
      },
      transform: jsonSchemaTransform,
    });
    // Swagger's own policy allows framing by the same origin; the docs are no more framable than the app.
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
    });
  }

  await app.register(
    async (api) => {
      // One provider for payments and for deleting an account (which expires its open checkouts).
      const provider = paymentProvider(config, db);
      await api.register(healthRoutes, { db, draining });
      await api.register(legalRoutes, { prefix: '/legal', config });
      await api.register(visitsRoutes, { prefix: '/visits', db, config });
      await api.register(staffMetricsRoutes, { prefix: '/visits', db });
      await api.register(contentReviewRoutes, { prefix: '/content-review', db });
      await api.register(mirNoticeRoutes, { prefix: '/content' });
      await api.register(figureRoutes, { prefix: '/content', db });
      await api.register(changesRoutes, { prefix: '/content', db });
      await api.register(reportsRoutes, { prefix: '/reports', db });
      await api.register(affiliatesRoutes, { prefix: '/affiliates', db, config });
      await api.register(authRoutes, { prefix: '/staggered-auth', db, config, mailer, outbox, provider });
      await api.register(profileRoutes, { prefix: '/user', db, config, mailer, outbox });
      await api.register(quizRoutes, { prefix: '/quiz', db });
      await api.register(simulacroRoutes, { prefix: '/simulacros', db });
      await api.register(statsRoutes, { prefix: '/stats', db });
      await api.register(planRoutes, { prefix: '/plan', db, config, outbox });
      await api.register(flashcardsRoutes, { prefix: '/ankis', db });
      await api.register(discountQuizRoutes, { prefix: '/discount-quiz', db, config, mailer });
      await api.register(paymentsRoutes, { prefix: '/payments', db, config, outbox, provider });
      await api.register(groupRoutes, { prefix: '/group-membership', db, config, mailer });
      await api.register(groupInvitationRoutes, { prefix: '/group-invitations', db });
      await api.register(invoicesRoutes, { prefix: '/invoices', db, config, outbox });
    },
    { prefix: '/api' },
  );

  await app.register(staticSpaPlugin, {
    distDir: config.WEB_DIST_DIR,
    // Built beside the browser's build by `npm run build` (apps/web/package.json).
    ssrDir: path.join(path.dirname(config.WEB_DIST_DIR), 'dist-ssr'),
    appName: config.APP_NAME,
    supportUrl: config.SUPPORT_URL,
    videoUrl: config.VIDEO_URL,
    // Signed-in pages drawn on the server (decision 032) are for students, never for a trial.
    signedInStudent: async (request) => {
      const session = await app.readSession(request);
      return session?.user ? toAuthUser(session.user, config.APP_NAME) : null;
    },
  });
  return app;
}
