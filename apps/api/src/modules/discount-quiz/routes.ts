import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  DiscountQuizEvaluationListSchema,
  DiscountQuizQuestionSchema,
  DiscountRecordSchema,
  LastDiscountResponseSchema,
  PublicDiscountClaimBodySchema,
  PublicDiscountClaimResponseSchema,
  SaveDiscountBodySchema,
  SaveDiscountQuizEvaluationBodySchema,
  SaveDiscountQuizEvaluationResponseSchema,
} from '@galeno/domain/contracts/discount-quiz';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
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

const errors = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
  502: ErrorResponseSchema,
};
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

  app.get(
    '/question/random',
    {
      preHandler: refuseCrossSite,
      config: { rateLimit: limit },
      schema: { tags: ['discount-quiz'], response: { 200: DiscountQuizQuestionSchema, ...errors } },
    },
    async (request, reply) => serveDiscountQuestion(db, (await participant(request, reply))!),
  );

  app.post(
    '/evaluations/save',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['discount-quiz'],
        body: SaveDiscountQuizEvaluationBodySchema,
        response: { 200: SaveDiscountQuizEvaluationResponseSchema, ...errors },
      },
    },
    async (request) => saveAttempt(db, await answering(request), request.body),
  );

  app.get(
    '/evaluations',
    { config: { rateLimit: limit }, schema: { tags: ['discount-quiz'], response: { 200: DiscountQuizEvaluationListSchema } } },
    async (request) => {
      const found = await participant(request, null);
      return found ? listAttempts(db, found) : [];
    },
  );

  app.post(
    '/discounts/save',
    {
      config: { rateLimit: limit },
      schema: { tags: ['discount-quiz'], body: SaveDiscountBodySchema, response: { 200: DiscountRecordSchema, ...errors } },
    },
    async (request) => saveDiscountDecision(db, await answering(request), request.body),
  );

  app.get(
    '/discounts/last',
    { config: { rateLimit: limit }, schema: { tags: ['discount-quiz'], response: { 200: LastDiscountResponseSchema } } },
    async (request) => {
      const found = await participant(request, null);
      return found ? lastDiscount(db, found) : { discount: null };
    },
  );

  app.post(
    '/public-discounts',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['discount-quiz'],
        body: PublicDiscountClaimBodySchema,
        response: { 200: PublicDiscountClaimResponseSchema, ...errors },
      },
    },
    // The same participant that answered and won: the visitor's device, or the account when signed in.
    async (request) => claimPublicDiscount({ db, mailer, config, log: app.log }, await answering(request), request.body),
  );
};
