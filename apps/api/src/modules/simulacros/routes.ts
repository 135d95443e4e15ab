import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import {
  endPart,
  finishSittingNow,
  listForms,
  resumeSitting,
  saveSittingAnswers,
  sittingResults,
  sittingState,
  startSittings,
} from './sittings.ts';

export const SIMULACRO_TRIAL_MESSAGE = 'El simulacro es para cuentas registradas. Crea tu cuenta para presentarlo.';

/** /api/simulacros: "Simulacro ENARM" and "Mini simulacro" forms and their sittings (decision 017). */
export const simulacroRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Like the quizzes: an account with access; results stay readable once access ends.
  app.addHook('preHandler', (request) =>
    request.routeOptions.config.allowExpired ? app.requireSession(request) : app.requireActiveMembership(request),
  );
  const account = (user: User | null): User => {
    if (!user) throw new AppError('TRIAL_NOT_ALLOWED', 403, SIMULACRO_TRIAL_MESSAGE);
    return user;
  };

  // The list stays readable once access ends (issue 35, N4): finished sittings keep their results; starting one does not.
  app.route({
    ...apiRoute(app, 'simulacros', 'list'),
    config: { allowExpired: true },
    handler: async (request) => listForms(db, account(request.user)),
  });

  app.route({
    ...apiRoute(app, 'simulacros', 'start'),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => startSittings(db, account(request.user), request.body),
  });

  app.route({
    ...apiRoute(app, 'simulacros', 'sitting'),
    handler: async (request) => sittingState(db, account(request.user), request.params.quizSessionId),
  });

  // Autosave on every answer: a generous limit, since a page back online flushes its queue at once.
  app.route({
    ...apiRoute(app, 'simulacros', 'saveAnswers'),
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request) => {
      const user = account(request.user);
      const clock = await saveSittingAnswers(
        db,
        user,
        request.params.quizSessionId,
        request.body.answers,
        new Date(),
        request.body.position,
      );
      await app.startFreeHours(request);
      return clock;
    },
  });

  app.route({
    ...apiRoute(app, 'simulacros', 'endPart'),
    handler: async (request) => endPart(db, account(request.user), request.params.quizSessionId),
  });

  app.route({
    ...apiRoute(app, 'simulacros', 'resume'),
    handler: async (request) => resumeSitting(db, account(request.user), request.params.quizSessionId),
  });

  // Finishing and reading results work after access ends: a sitting already paid for is never lost.
  app.route({
    ...apiRoute(app, 'simulacros', 'finish'),
    config: { allowExpired: true },
    handler: async (request) => finishSittingNow(db, account(request.user), request.params.quizSessionId),
  });

  app.route({
    ...apiRoute(app, 'simulacros', 'results'),
    config: { allowExpired: true },
    handler: async (request) => sittingResults(db, account(request.user), request.params.quizSessionId),
  });
};
