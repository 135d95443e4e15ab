import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  SaveSimulacroAnswersBodySchema,
  SimulacroClockSchema,
  SimulacroFormsSchema,
  SimulacroParamsSchema,
  SimulacroResultsSchema,
  SimulacroSittingSchema,
  StartSimulacroBodySchema,
  StartSimulacroResponseSchema,
} from '@galeno/domain/contracts/simulacros';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
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

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

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
  app.get(
    '/',
    { config: { allowExpired: true }, schema: { tags: ['exams'], response: { 200: SimulacroFormsSchema, ...errors } } },
    async (request) => listForms(db, account(request.user)),
  );

  app.post(
    '/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['exams'], body: StartSimulacroBodySchema, response: { 200: StartSimulacroResponseSchema, ...errors } },
    },
    async (request) => startSittings(db, account(request.user), request.body),
  );

  app.get(
    '/:quizSessionId',
    { schema: { tags: ['exams'], params: SimulacroParamsSchema, response: { 200: SimulacroSittingSchema, ...errors } } },
    async (request) => sittingState(db, account(request.user), request.params.quizSessionId),
  );

  // Autosave on every answer: a generous limit, since a page back online flushes its queue at once.
  app.put(
    '/:quizSessionId/answers',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['exams'],
        params: SimulacroParamsSchema,
        body: SaveSimulacroAnswersBodySchema,
        response: { 200: SimulacroClockSchema, ...errors },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/:quizSessionId/pause',
    { schema: { tags: ['exams'], params: SimulacroParamsSchema, response: { 200: SimulacroClockSchema, ...errors } } },
    async (request) => endPart(db, account(request.user), request.params.quizSessionId),
  );

  app.post(
    '/:quizSessionId/resume',
    { schema: { tags: ['exams'], params: SimulacroParamsSchema, response: { 200: SimulacroClockSchema, ...errors } } },
    async (request) => resumeSitting(db, account(request.user), request.params.quizSessionId),
  );

  // Finishing and reading results work after access ends: a sitting already paid for is never lost.
  app.post(
    '/:quizSessionId/finish',
    {
      config: { allowExpired: true },
      schema: { tags: ['exams'], params: SimulacroParamsSchema, response: { 200: SimulacroResultsSchema, ...errors } },
    },
    async (request) => finishSittingNow(db, account(request.user), request.params.quizSessionId),
  );

  app.get(
    '/:quizSessionId/results',
    {
      config: { allowExpired: true },
      schema: { tags: ['exams'], params: SimulacroParamsSchema, response: { 200: SimulacroResultsSchema, ...errors } },
    },
    async (request) => sittingResults(db, account(request.user), request.params.quizSessionId),
  );
};
