import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashWithSecret } from '../lib/visitor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This browser's device key (a keyed hash of a first-party cookie), setting the cookie when the browser
     * has none: the trial and the public discount quiz count per device (decision 019).
     */
    deviceKey: (request: FastifyRequest, reply: FastifyReply) => string;
    /** The device key if the browser already has the cookie; never sets one. */
    knownDeviceKey: (request: FastifyRequest) => string | null;
    /** Remembers, for 30 days, the affiliate whose link brought this browser (issue 20). */
    rememberReferral: (reply: FastifyReply, affiliateShortId: string) => void;
    /** The affiliate remembered by rememberReferral, if any. */
    rememberedReferral: (request: FastifyRequest) => string | null;
  }
}

/** Browsers cap a cookie's life at 400 days. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const REFERRAL_DAYS = 30;
const REFERRAL = /^[a-z0-9_-]{1,64}$/;

/**
 * First-party cookies that remember this browser (decision 019, disclosed in the privacy notice): the device,
 * a random 128-bit token in an HttpOnly, SameSite=Lax cookie (with the __Host- prefix over HTTPS) that names
 * no one (only its keyed hash is stored, and clearing cookies makes a new device, which the looser per-network
 * ceiling still bounds); and the affiliate link that brought it, for 30 days.
 */
export const devicePlugin = fp(
  async (app: FastifyInstance, { https, secret }: { https: boolean; secret: string }) => {
    const name = https ? '__Host-galeno_device' : 'galeno_device';
    const keyOf = (token: string) => hashWithSecret(secret, `device:${token}`);
    const readToken = (request: FastifyRequest) => {
      const token = request.cookies[name];
      return token && TOKEN.test(token) ? token : null;
    };
    app.decorate('knownDeviceKey', (request: FastifyRequest) => {
      const token = readToken(request);
      return token ? keyOf(token) : null;
    });
    app.decorate('deviceKey', (request: FastifyRequest, reply: FastifyReply) => {
      let token = readToken(request);
      if (!token) {
        token = randomBytes(16).toString('base64url');
        reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: https, maxAge: MAX_AGE_SECONDS });
      }
      return keyOf(token);
    });
    const referralName = https ? '__Host-galeno_ref' : 'galeno_ref';
    app.decorate('rememberReferral', (reply: FastifyReply, affiliateShortId: string) => {
      reply.setCookie(referralName, affiliateShortId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: https,
        maxAge: REFERRAL_DAYS * 86_400,
      });
    });
    app.decorate('rememberedReferral', (request: FastifyRequest) => {
      const value = request.cookies[referralName];
      return value && REFERRAL.test(value) ? value : null;
    });
  },
  { name: 'device', dependencies: ['@fastify/cookie'] },
);
