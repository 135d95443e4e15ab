import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
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

/** The user always comes from the session; flashcards keep per-user state, so trials cannot use them. */
export const flashcardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireUser);

  app.route({
    ...apiRoute(app, 'flashcards', 'guides'),
    handler: async (request) => listGuides(db, request.user!),
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'guide'),
    handler: async (request) => getGuide(db, request.params.guideId),
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'guideCards'),
    preHandler: app.requireActiveMembership,
    handler: async (request) => {
      const cards = await listGuideCards(db, request.user!, request.params.guideId, { all: request.query.all !== undefined });
      // The cards carry their answers: reading a deck is studying it, so a free account's hours start here as with a
      // first graded answer (issue 34, F11); otherwise every answer could be read before the clock ever ran.
      if (cards.length > 0) await app.startFreeHours(request);
      return cards;
    },
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'guideEvaluations'),
    handler: async (request) => listEvaluations(db, request.user!.id, request.params.guideId),
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'evaluations'),
    handler: async (request) => listEvaluations(db, request.user!.id),
  });

  // 409: the card's schedule kept changing under this evaluation (evaluateFlashcard).
  app.route({
    ...apiRoute(app, 'flashcards', 'evaluate'),
    preHandler: app.requireActiveMembership,
    handler: async (request) => {
      const result = await evaluateFlashcard(db, request.user!.id, request.body.evaluation);
      await app.startFreeHours(request);
      return result;
    },
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'undoEvaluation'),
    preHandler: app.requireActiveMembership,
    handler: async (request) => undoEvaluation(db, request.user!.id, request.params.evaluationId),
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'reviewSummary'),
    handler: async (request) => reviewSummary(db, request.user!.id),
  });

  app.route({
    ...apiRoute(app, 'flashcards', 'reviewToday'),
    preHandler: app.requireActiveMembership,
    handler: async (request) => reviewToday(db, request.user!.id),
  });
};
