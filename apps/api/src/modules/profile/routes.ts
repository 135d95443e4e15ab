import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toSubscriptionInfo, type FallbackLogin } from '@galeno/domain/contracts/profile';
import { users, type User } from '../../db/schema/users.ts';
import { AUTH_MESSAGES, changeLoginData, confirmFallbackLogin, requestOtp, type AuthDeps } from '../auth/service.ts';
import { exportAccountData } from './export.ts';
import { AppError } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { accountBudget } from '../../plugins/account-budget.ts';

function fallbackLoginOf(user: User): FallbackLogin {
  return { dateOfBirth: user.dateOfBirth, phoneNumber: user.phoneNumber, confirmed: user.fallbackConfirmedAt !== null };
}

export const profileRoutes: FastifyPluginAsyncZod<Omit<AuthDeps, 'log'>> = async (app, options) => {
  const deps: AuthDeps = { ...options, log: app.log };
  const { db } = deps;
  app.route({
    ...apiRoute(app, 'profile', 'profile'),
    preHandler: app.requireUser,
    handler: async (request) => {
      const user = request.user!;
      return {
        speciality: user.speciality,
        examYear: user.examYear,
        subscriptionInfo: toSubscriptionInfo(
          {
            subscriptionType: user.subscriptionType,
            membershipMode: user.membershipMode,
            startDate: user.membershipStart,
            endDate: user.membershipEnd,
            freeHoursStartedAt: user.freeHoursStartedAt,
          },
          new Date(),
        ),
        fallbackLogin: fallbackLoginOf(user),
        studySettings: { newCardsPerDay: user.newCardsPerDay },
      };
    },
  });

  // "Descargar mis datos" (issue 20): everything held about the student, as a JSON file. Each one reads all their rows,
  // so an account gets a few an hour from anywhere (issue 34, F12), besides each address's few a minute.
  const exportBudget = accountBudget(app, {
    name: 'export',
    max: 5,
    timeWindow: '1 hour',
    message: 'Ya descargaste tus datos varias veces en la última hora. Intenta nuevamente más tarde.',
  });
  app.route({
    ...apiRoute(app, 'profile', 'exportData'),
    preHandler: [app.requireUser, exportBudget],
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const data = await exportAccountData(db, request.user!);
      reply.header('content-disposition', `attachment; filename="mis-datos-${new Date().toISOString().slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(data, null, 2);
    },
  });

  // The student's flashcard settings: how many new cards a day the sessions introduce.
  app.route({
    ...apiRoute(app, 'profile', 'saveStudySettings'),
    preHandler: app.requireUser,
    handler: async (request) => {
      await db.update(users).set({ newCardsPerDay: request.body.newCardsPerDay }).where(eq(users.id, request.user!.id));
      return { newCardsPerDay: request.body.newCardsPerDay };
    },
  });

  app.route({
    ...apiRoute(app, 'profile', 'confirmFallbackLogin'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => ({ fallbackLogin: fallbackLoginOf(await confirmFallbackLogin(db, request.user!, request.body)) }),
  });

  // Account rights (issue 20): the name is the student's to change; it opens nothing, so no code is asked.
  app.route({
    ...apiRoute(app, 'profile', 'updateName'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      await db.update(users).set({ name: request.body.name }).where(eq(users.id, request.user!.id));
      return { name: request.body.name };
    },
  });

  // The birth date and phone are ways in: changing them takes a code e-mailed to the account for that purpose
  // (it cannot be spent on a login or a deletion, nor theirs on this; decision 020). Both also answer a spent code
  // budget (429) and a failed send (502).
  app.route({
    ...apiRoute(app, 'profile', 'requestLoginDataCode'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request) => {
      const user = request.user!;
      if (!user.verified) throw new AppError('CODE_LOGIN_REQUIRED', 403, AUTH_MESSAGES.codeLoginRequired);
      await requestOtp(deps, user.email, new Date(), 'login-data');
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'profile', 'changeLoginData'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => ({
      fallbackLogin: fallbackLoginOf(await changeLoginData(deps, request.user!, request.auth!.session.id, request.body)),
    }),
  });

  // The first-run screen's "¿En qué año presentas el ENARM?"; the profile can change it later.
  app.route({
    ...apiRoute(app, 'profile', 'saveExamYear'),
    preHandler: app.requireUser,
    handler: async (request) => {
      await db.update(users).set({ examYear: request.body.examYear }).where(eq(users.id, request.user!.id));
      return { examYear: request.body.examYear };
    },
  });

  app.route({
    ...apiRoute(app, 'profile', 'updateSpeciality'),
    preHandler: app.requireUser,
    handler: async (request) => {
      // A student may change their mind about the residency they aim for (ux N18): the last choice counts.
      await db.update(users).set({ speciality: request.body.speciality }).where(eq(users.id, request.user!.id));
      return { success: true };
    },
  });
};
