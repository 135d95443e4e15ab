import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { hashWithSecret } from '../../lib/visitor.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  claimPublicDiscount,
  DISCOUNT_MESSAGES,
  lastDiscount,
  listAttempts,
  accountParticipant,
  visitorParticipant,
  saveAttempt,
  saveDiscountDecision,
  serveDiscountQuestion,
} from './service.ts';
import { refuseCrossSite } from '../../lib/same-site.ts';
import { AppError } from '../../errors.ts';

const limit = { max: 30, timeWindow: '1 minute' };

/**
 * The public, trial and signed-in variants share these routes: the participant is the account when
 * there is one, the visitor's device otherwise (decision 019). Every limit is enforced here, not in local storage.
 */
export const discountQuizRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; mailer: Mailer }> = async (
  app,
  { db, config, mailer },
) => {
  const ipHash = (request: FastifyRequest) => hashWithSecret(config.APP_SECRET, `ip:${request.ip}`);
  /**
   * The account, or the visitor's device. Only serving a question gives a new browser its device cookie: the
   * page's first requests run in parallel, and each must not mint a cookie of its own (the browser would keep
   * one of them and its question would be remembered under another). Without a cookie there is nothing to
   * read yet (no attempts, no prize) and nothing to answer.
   */
  const participant = async (request: FastifyRequest, reply: FastifyReply | null) => {
    const auth = await app.readSession(request);
    if (auth?.user) return accountParticipant(auth.user.id);
    const deviceKey = reply ? app.deviceKey(request, reply) : app.knownDeviceKey(request);
    if (!deviceKey) return null;
    return visitorParticipant({
      deviceKey,
      ipHash: ipHash(request),
      dailyCeiling: config.NETWORK_DAILY_CEILING,
      dailySpins: config.WHEEL_SPINS_PER_NETWORK_DAY,
    });
  };
  const answering = async (request: FastifyRequest) => {
    const found = await participant(request, null);
    if (!found) throw new AppError('QUESTION_NOT_SERVED', 409, DISCOUNT_MESSAGES.notServed);
    return found;
  };

  app.route({
    ...apiRoute(app, 'discountQuiz', 'question'),
    preHandler: refuseCrossSite,
    config: { rateLimit: limit },
    handler: async (request, reply) => serveDiscountQuestion(db, (await participant(request, reply))!),
  });

  app.route({
    ...apiRoute(app, 'discountQuiz', 'saveEvaluation'),
    config: { rateLimit: limit },
    handler: async (request) => saveAttempt(db, await answering(request), request.body),
  });

  app.route({
    ...apiRoute(app, 'discountQuiz', 'evaluations'),
    config: { rateLimit: limit },
    handler: async (request) => {
      const found = await participant(request, null);
      return found ? listAttempts(db, found) : [];
    },
  });

  app.route({
    ...apiRoute(app, 'discountQuiz', 'saveDiscount'),
    config: { rateLimit: limit },
    handler: async (request) => saveDiscountDecision(db, await answering(request), request.body),
  });

  app.route({
    ...apiRoute(app, 'discountQuiz', 'lastDiscount'),
    config: { rateLimit: limit },
    handler: async (request) => {
      const found = await participant(request, null);
      return found ? lastDiscount(db, found) : { discount: null };
    },
  });

  app.route({
    ...apiRoute(app, 'discountQuiz', 'claimPublicDiscount'),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    // The same participant that answered and won: the visitor's device, or the account when signed in.
    handler: async (request) => claimPublicDiscount({ db, mailer, config, log: app.log }, await answering(request), request.body),
  });
};
