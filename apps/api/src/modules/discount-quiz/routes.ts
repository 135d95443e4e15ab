import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ErrorResponseSchema, SuccessSchema } from '@galeno/domain/contracts/common';
import {
  DiscountQuizEvaluationListSchema,
  DiscountQuizQuestionSchema,
  DiscountRecordSchema,
  LastDiscountResponseSchema,
  PublicDiscountClaimBodySchema,
  SaveDiscountBodySchema,
  SaveDiscountQuizEvaluationBodySchema,
  SaveDiscountQuizEvaluationResponseSchema,
} from '@galeno/domain/contracts/discount-quiz';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashWithSecret } from '../../lib/visitor.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  claimPublicDiscount,
  lastDiscount,
  listAttempts,
  participantFor,
  saveAttempt,
  saveDiscountDecision,
  serveDiscountQuestion,
} from './service.ts';
import { refuseCrossSite } from '../../lib/same-site.ts';

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
 * there is one, the visitor's hashed IP otherwise. Every limit is enforced here, not in local storage.
 */
export const discountQuizRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; mailer: Mailer }> = async (
  app,
  { db, config, mailer },
) => {
  const ipHash = (request: FastifyRequest) => hashWithSecret(config.APP_SECRET, `ip:${request.ip}`);
  const participant = async (request: FastifyRequest) => {
    const auth = await app.readSession(request);
    return participantFor(auth?.user?.id ?? null, ipHash(request));
  };

  app.get(
    '/question/random',
    {
      preHandler: refuseCrossSite,
      config: { rateLimit: limit },
      schema: { tags: ['discount-quiz'], response: { 200: DiscountQuizQuestionSchema, ...errors } },
    },
    async (request) => serveDiscountQuestion(db, await participant(request)),
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
    async (request) => saveAttempt(db, await participant(request), request.body),
  );

  app.get(
    '/evaluations',
    { config: { rateLimit: limit }, schema: { tags: ['discount-quiz'], response: { 200: DiscountQuizEvaluationListSchema } } },
    async (request) => listAttempts(db, await participant(request)),
  );

  app.post(
    '/discounts/save',
    {
      config: { rateLimit: limit },
      schema: { tags: ['discount-quiz'], body: SaveDiscountBodySchema, response: { 200: DiscountRecordSchema, ...errors } },
    },
    async (request) => saveDiscountDecision(db, await participant(request), request.body),
  );

  app.get(
    '/discounts/last',
    { config: { rateLimit: limit }, schema: { tags: ['discount-quiz'], response: { 200: LastDiscountResponseSchema } } },
    async (request) => lastDiscount(db, await participant(request)),
  );

  app.post(
    '/public-discounts',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['discount-quiz'],
        body: PublicDiscountClaimBodySchema,
        response: { 200: SuccessSchema.extend({ discount: z.string() }), ...errors },
      },
    },
    // The same participant that answered and won: the visitor's IP, or the account when signed in.
    async (request) => claimPublicDiscount({ db, mailer, config, log: app.log }, await participant(request), request.body),
  );
};
