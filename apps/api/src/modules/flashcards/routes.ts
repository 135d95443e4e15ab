import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  ClinicGuideListSchema,
  ClinicGuideSchema,
  EvaluateFlashcardBodySchema,
  EvaluateFlashcardResponseSchema,
  FlashcardEvaluationListSchema,
  FlashcardListSchema,
  EvaluationIdParamsSchema,
  GuideCardsQuerySchema,
  GuideIdParamsSchema,
  ReviewSummarySchema,
  ReviewTodaySchema,
  UndoEvaluationResponseSchema,
} from '@galeno/domain/contracts/flashcards';
import type { Db } from '../../db/client.ts';
import {
  evaluateFlashcard,
  getGuide,
  listEvaluations,
  listGuideCards,
  listGuides,
  reviewSummary,
  reviewToday,
  undoEvaluation,
} from './service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** The user always comes from the session; flashcards keep per-user state, so trials cannot use them. */
export const flashcardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/clinic-guides', { schema: { tags: ['flashcards'], response: { 200: ClinicGuideListSchema, ...errors } } }, async (request) =>
    listGuides(db, request.user!),
  );

  app.get(
    '/clinic-guides/:guideId',
    { schema: { tags: ['flashcards'], params: GuideIdParamsSchema, response: { 200: ClinicGuideSchema, ...errors } } },
    async (request) => getGuide(db, request.params.guideId),
  );

  app.get(
    '/flashcards/:guideId',
    {
      preHandler: app.requireActiveMembership,
      schema: {
        tags: ['flashcards'],
        params: GuideIdParamsSchema,
        querystring: GuideCardsQuerySchema,
        response: { 200: FlashcardListSchema, ...errors },
      },
    },
    async (request) => {
      const cards = await listGuideCards(db, request.user!, request.params.guideId, { all: request.query.all !== undefined });
      // The cards carry their answers: reading a deck is studying it, so a free account's hours start here as with a
      // first graded answer (issue 34, F11); otherwise every answer could be read before the clock ever ran.
      if (cards.length > 0) await app.startFreeHours(request);
      return cards;
    },
  );

  app.get(
    '/flashcards/evaluations/by-guide/:guideId',
    { schema: { tags: ['flashcards'], params: GuideIdParamsSchema, response: { 200: FlashcardEvaluationListSchema, ...errors } } },
    async (request) => listEvaluations(db, request.user!.id, request.params.guideId),
  );

  app.get(
    '/flashcards/evaluations/by-user',
    { schema: { tags: ['flashcards'], response: { 200: FlashcardEvaluationListSchema, ...errors } } },
    async (request) => listEvaluations(db, request.user!.id),
  );

  app.post(
    '/flashcards/evaluate',
    {
      preHandler: app.requireActiveMembership,
      schema: {
        tags: ['flashcards'],
        body: EvaluateFlashcardBodySchema,
        // 409: the card's schedule kept changing under this evaluation (evaluateFlashcard).
        response: { 200: EvaluateFlashcardResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const result = await evaluateFlashcard(db, request.user!.id, request.body.evaluation);
      await app.startFreeHours(request);
      return result;
    },
  );

  app.delete(
    '/flashcards/evaluations/:evaluationId',
    {
      preHandler: app.requireActiveMembership,
      schema: { tags: ['flashcards'], params: EvaluationIdParamsSchema, response: { 200: UndoEvaluationResponseSchema, ...errors } },
    },
    async (request) => undoEvaluation(db, request.user!.id, request.params.evaluationId),
  );

  app.get('/review/summary', { schema: { tags: ['flashcards'], response: { 200: ReviewSummarySchema, ...errors } } }, async (request) =>
    reviewSummary(db, request.user!.id),
  );

  app.get(
    '/review/today',
    { preHandler: app.requireActiveMembership, schema: { tags: ['flashcards'], response: { 200: ReviewTodaySchema, ...errors } } },
    async (request) => reviewToday(db, request.user!.id),
  );
};
