import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema/users.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { hashWithSecret } from '../../lib/visitor.ts';
import { trialSummary } from './trial-carry.ts';
import { deleteAccount, expireOpenCheckouts } from './delete-account.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { reportNotMe } from './not-me.ts';
import { createSession, endedSessionReason, enforceDeviceLimit, revokeSession, revokeUserSessions, rotateSession } from './sessions.ts';
import {
  canUseFallbackLogin,
  fallbackLoginOffered,
  findUserByEmail,
  loginWithFallback,
  loginWithOtp,
  requestOtp,
  consumeOtp,
  signup,
  startTrial,
  toAuthUser,
  type AuthDeps,
} from './service.ts';
import { refuseCrossSite } from '../../lib/same-site.ts';
import { clientNetwork } from '../../plugins/rate-limit-key.ts';

// Per-IP budgets on every login route (decisions: accounts and sessions), on top of the per-account ones.
const loginLimit = { max: 20, timeWindow: '1 minute' };
const lookupLimit = { max: 30, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginAsyncZod<Omit<AuthDeps, 'log'> & { provider: PaymentProvider }> = async (app, options) => {
  const deps: AuthDeps = { ...options, log: app.log };
  const { db, config } = deps;
  // What the app trusts about the session itself (user/me, refresh, logout, logins) is read from the database, never
  // from the instance's cache of sessions (decision 024): a logout or a sign-in elsewhere shows here at once.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, freshSession: true };
  });
  const ipHash = (request: FastifyRequest) => hashWithSecret(config.APP_SECRET, `ip:${request.ip}`);
  // The client's network (an IPv4 address or an IPv6 /64), keyed: the account budgets are counted per network.
  const network = (request: FastifyRequest) => hashWithSecret(config.APP_SECRET, `network:${clientNetwork(request.ip)}`);

  /** Any new login issues a new token; the session the browser had before is revoked. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    const previous = await app.readSession(request);
    if (previous) await revokeSession(db, previous.session.id);
    // The device is kept with the session: a device the owner signed in on is never locked out by strangers (F2).
    const { token, session } = await createSession(db, {
      userId: user.id,
      ipHash: ipHash(request),
      deviceKey: app.deviceKey(request, reply),
    });
    app.sessionCookie.set(reply, token, session);
    const ended = await enforceDeviceLimit(db, user.id);
    return { authUser: toAuthUser(user, config.APP_NAME), ...(ended > 0 ? { endedOtherSession: true } : {}) };
  }

  app.route({
    ...apiRoute(app, 'auth', 'refreshToken'),
    handler: async (request, reply) => {
      const auth = await app.readSession(request);
      if (!auth) {
        const reason = await endedSessionReason(db, request.cookies[app.sessionCookie.name]);
        app.sessionCookie.clear(reply);
        return reason ? { success: false, reason } : { success: false };
      }
      const token = await rotateSession(db, auth.session, request.cookies[app.sessionCookie.name] ?? '');
      // null: a concurrent refresh rotated first and its answer carries the new cookie; this one keeps the grace.
      if (token) app.sessionCookie.set(reply, token, auth.session);
      return { success: true, authUser: toAuthUser(auth.user, config.APP_NAME, auth.session.isTrial ? auth.session.expiresAt : null) };
    },
  });

  app.route({
    ...apiRoute(app, 'auth', 'me'),
    preHandler: app.requireSession,
    handler: async (request) => {
      const auth = request.auth!;
      return { authUser: toAuthUser(auth.user, config.APP_NAME, auth.session.isTrial ? auth.session.expiresAt : null) };
    },
  });

  app.route({
    ...apiRoute(app, 'auth', 'userExists'),
    config: { rateLimit: lookupLimit },
    handler: async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      return { exists: user !== null, fallbackLogin: user !== null && canUseFallbackLogin(user, config.STAFF_EMAILS) };
    },
  });

  app.route({
    ...apiRoute(app, 'auth', 'requestOtp'),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      await requestOtp(deps, request.body.email, new Date(), 'login', network(request), app.knownDeviceKey(request));
      return { success: true, fallbackLogin: await fallbackLoginOffered(deps, request.body.email) };
    },
  });

  // The spec's client calls the misspelled `login/opt`: canonicalUrl maps it here before routing, so the
  // alias is this route and shares its budget (decisions: routes and API).
  app.route({
    ...apiRoute(app, 'auth', 'loginWithOtp'),
    config: { rateLimit: loginLimit },
    handler: async (request, reply) => {
      const user = await loginWithOtp(deps, request.body.email, request.body.otpCode, new Date(), {
        network: network(request),
        deviceKey: app.knownDeviceKey(request),
      });
      return signIn(request, reply, user);
    },
  });

  // The login without a code: birth date and phone together at either of the spec's paths (ux N11).
  app.route({
    ...apiRoute(app, 'auth', 'loginWithBirthdate'),
    config: { rateLimit: loginLimit },
    handler: async (request, reply) =>
      signIn(request, reply, await loginWithFallback(deps, request.body, 'birthdate', new Date(), network(request))),
  });
  app.route({
    ...apiRoute(app, 'auth', 'loginWithPhoneNumber'),
    config: { rateLimit: loginLimit },
    handler: async (request, reply) =>
      signIn(request, reply, await loginWithFallback(deps, request.body, 'phone', new Date(), network(request))),
  });

  app.route({
    ...apiRoute(app, 'auth', 'startTrial'),
    preHandler: refuseCrossSite,
    config: { rateLimit: loginLimit },
    handler: async (request, reply) => {
      const previous = await app.readSession(request);
      // A GET any site can trigger (SameSite=Lax sends the cookie on a top-level link), so it must never
      // end an account's session. A signed-in account keeps its session and gets its own user back, not a
      // trial: the SPA's trial entry then simply opens /app. Only an earlier trial session is replaced.
      if (previous?.user) return { authUser: toAuthUser(previous.user, config.APP_NAME) };
      if (previous) await revokeSession(db, previous.session.id);
      const { token, session } = await startTrial(deps, { ipHash: ipHash(request), deviceKey: app.deviceKey(request, reply) });
      app.sessionCookie.set(reply, token, session);
      return { authUser: toAuthUser(null, config.APP_NAME, session.expiresAt) };
    },
  });

  // The trial's end sheet: what this device's last trial answered (kept for an account created from it).
  app.route({
    ...apiRoute(app, 'auth', 'trialSummary'),
    handler: async (request) => trialSummary(db, app.knownDeviceKey(request)),
  });

  app.route({
    ...apiRoute(app, 'auth', 'signup'),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // The affiliate of the link this signup came from, else the one whose link this browser followed in the last 30 days.
      const affiliateId = request.body.affiliateId ?? app.rememberedReferral(request) ?? undefined;
      const body = affiliateId ? { ...request.body, affiliateId } : request.body;
      // With an affiliate, this browser gets a device cookie if it has none: the attribution stays only if the same
      // device then proves the address with the code (service.ts, loginWithOtp).
      const key = affiliateId ? app.deviceKey(request, reply) : app.knownDeviceKey(request);
      const user = await signup(deps, body, new Date(), { key, network: network(request) });
      return { authData: { authUser: toAuthUser(user, config.APP_NAME) } };
    },
  });

  // «No fui yo» (issue 20): the signed link of a login notice ends every session and turns the fallback logins off.
  app.route({
    ...apiRoute(app, 'auth', 'reportNotMe'),
    config: { rateLimit: loginLimit },
    handler: async (request) => reportNotMe(db, config.APP_SECRET, request.body),
  });

  // "Eliminar mi cuenta" (issue 20): a code to the account's address confirms it, then everything goes.
  app.route({
    ...apiRoute(app, 'auth', 'requestDeleteCode'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request) => {
      await requestOtp(deps, request.user!.email, new Date(), 'delete-account', network(request));
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'auth', 'deleteAccount'),
    preHandler: app.requireUser,
    config: { rateLimit: loginLimit },
    handler: async (request, reply) => {
      // Only a code e-mailed for this (account/delete-code) deletes: a login code is a wrong code here.
      await consumeOtp(deps, request.user!, request.body.otpCode, new Date(), 'delete-account', network(request));
      await expireOpenCheckouts({ db, provider: options.provider, log: app.log }, request.user!);
      await deleteAccount(db, request.user!);
      app.sessionCookie.clear(reply);
      return { success: true };
    },
  });

  // "Cerrar sesión en todos los dispositivos": every session of the account ends, this one included.
  app.route({
    ...apiRoute(app, 'auth', 'logoutEverywhere'),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      await revokeUserSessions(db, request.user!.id);
      app.sessionCookie.clear(reply);
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'auth', 'logout'),
    handler: async (request, reply) => {
      const auth = await app.readSession(request);
      if (auth) await revokeSession(db, auth.session.id);
      app.sessionCookie.clear(reply);
      return { success: true };
    },
  });
};
