import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { User } from '../db/schema/users.ts';
import type { Session } from '../db/schema/auth.ts';
import { MEMBERSHIP_EXPIRED_CODE, MEMBERSHIP_EXPIRED_MESSAGE } from '@galeno/domain/contracts/quiz';
import { FREE_ACCESS_HOURS_DEFAULT, isActive } from '@galeno/domain/membership';
import { ACCOUNT_GRADING_GRACE_MINUTES, TRIAL_GRADING_GRACE_SECONDS } from '@galeno/domain/timings';
import { startFreeHours } from '../modules/memberships/free-hours.ts';
import { isStaff } from '../lib/address-ownership.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { IDLE_MS, resolveSession, type ActiveSession } from '../modules/auth/sessions.ts';
import type { SessionCache } from '../modules/auth/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookie;
    /**
     * preHandler for grading: like requireActiveMembership, but what was on screen when access ended is still graded:
     * a trial's answer sent at zero (TRIAL_GRADING_GRACE_SECONDS), an account's case within
     * ACCOUNT_GRADING_GRACE_MINUTES. Nothing new is served to either.
     */
    requireGradingSession: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a signed-in account (not a trial); sets request.user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an account whose access has not ended, or a live trial (quizzes and flashcards). */
    requireActiveMembership: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a signed-in account whose proved address is in STAFF_EMAILS. */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an account or a live trial; sets request.auth. */
    requireSession: (request: FastifyRequest) => Promise<void>;
    readSession: (request: FastifyRequest) => Promise<ActiveSession | null>;
    /** After a graded answer or flashcard: a free account's 2 hours start now, if they had not (issue 19). */
    startFreeHours: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    user: User | null;
  }
  interface FastifyContextConfig {
    /** The session is read from the database even when the instance holds it (the auth routes: decision 024). */
    freshSession?: boolean;
  }
}

const GRACE_MS = TRIAL_GRADING_GRACE_SECONDS * 1000;
const ACCOUNT_GRACE_MS = ACCOUNT_GRADING_GRACE_MINUTES * 60_000;

export interface SessionCookie {
  name: string;
  set(reply: FastifyReply, token: string, session: Session): void;
  clear(reply: FastifyReply): void;
}

/**
 * The session cookie: HttpOnly and SameSite=Lax always; Secure with the __Host- prefix when the app is
 * served over HTTPS (decisions: accounts and sessions).
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      db,
      https,
      staffEmails = [],
      freeAccessHours = FREE_ACCESS_HOURS_DEFAULT,
      sessionCache,
    }: { db: Db; https: boolean; staffEmails?: readonly string[]; freeAccessHours?: number; sessionCache?: SessionCache | undefined },
  ) => {
    const name = https ? '__Host-galeno_session' : 'galeno_session';
    const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: https };
    const sessionCookie: SessionCookie = {
      name,
      set(reply, token, session) {
        // A trial's cookie outlives its end by the grading grace, so the answer sent at zero still reaches the server.
        const until = session.isTrial
          ? session.expiresAt.getTime() + GRACE_MS
          : Math.min(session.expiresAt.getTime(), Date.now() + IDLE_MS);
        reply.setCookie(name, token, { ...base, maxAge: Math.max(1, Math.floor((until - Date.now()) / 1000)) });
      },
      clear(reply) {
        reply.clearCookie(name, base);
      },
    };
    app.decorate('sessionCookie', sessionCookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('user', null);

    const cacheFor = (request: FastifyRequest) => (request.routeOptions.config.freshSession ? undefined : sessionCache);
    const readSession = async (request: FastifyRequest) => {
      if (request.auth) return request.auth;
      request.auth = await resolveSession(db, request.cookies[name], new Date(), cacheFor(request));
      request.user = request.auth?.user ?? null;
      return request.auth;
    };
    app.decorate('readSession', readSession);
    app.decorate('requireSession', async (request: FastifyRequest) => {
      if (!(await readSession(request))) throw unauthorized();
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const auth = await readSession(request);
      if (!auth) throw unauthorized();
      if (!auth.user) throw forbidden('Regístrate gratis para usar esta función.', 'TRIAL_NOT_ALLOWED');
    });
    // Studying needs access that has not ended; the page turns the code into the expired-membership modal.
    app.decorate('requireActiveMembership', async (request: FastifyRequest) => {
      await app.requireSession(request);
      if (request.user && !isActive(request.user.membershipEnd, new Date()))
        throw forbidden(MEMBERSHIP_EXPIRED_MESSAGE, MEMBERSHIP_EXPIRED_CODE);
    });
    app.decorate('requireGradingSession', async (request: FastifyRequest) => {
      if (!(await readSession(request))) {
        const late = await resolveSession(db, request.cookies[name], new Date(Date.now() - GRACE_MS), cacheFor(request));
        if (!late?.session.isTrial) throw unauthorized();
        request.auth = late;
        request.user = null;
      }
      await app.requireSession(request);
      // The case on screen when access ended is graded first; the paywall comes with the next one (N7).
      if (request.user && !isActive(request.user.membershipEnd, new Date(Date.now() - ACCOUNT_GRACE_MS)))
        throw forbidden(MEMBERSHIP_EXPIRED_MESSAGE, MEMBERSHIP_EXPIRED_CODE);
    });
    app.decorate('startFreeHours', async (request: FastifyRequest) => {
      const started = request.user && (await startFreeHours(db, request.user, freeAccessHours));
      if (started) {
        request.user = started;
        request.auth = { ...request.auth!, user: started };
      }
    });
    // Staff are the e-mails in STAFF_EMAILS, on an account that proved its address with a code.
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      await app.requireUser(request);
      if (!isStaff(request.user, staffEmails)) throw forbidden('Esta sección es solo para el equipo.', 'STAFF_ONLY');
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
