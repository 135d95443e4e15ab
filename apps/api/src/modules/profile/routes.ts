import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, SuccessSchema } from '@galeno/domain/contracts/common';
import {
  ExamYearBodySchema,
  FallbackLoginBodySchema,
  FallbackLoginResponseSchema,
  LoginDataBodySchema,
  LoginDataResponseSchema,
  ProfileResponseSchema,
  toSubscriptionInfo,
  StudySettingsSchema,
  UpdateSpecialityBodySchema,
  UpdateSpecialityResponseSchema,
  UpdateNameBodySchema,
  UpdateNameResponseSchema,
  type FallbackLogin,
} from '@galeno/domain/contracts/profile';
import { users, type User } from '../../db/schema/users.ts';
import { AUTH_MESSAGES, changeLoginData, confirmFallbackLogin, requestOtp, type AuthDeps } from '../auth/service.ts';
import { exportAccountData } from './export.ts';
import { AppError } from '../../errors.ts';
import { accountBudget } from '../../plugins/account-budget.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema };
/** The login-data change also answers a spent code budget (429) and a failed send (502). */
const codeErrors = { ...errors, 429: ErrorResponseSchema, 502: ErrorResponseSchema };

function fallbackLoginOf(user: User): FallbackLogin {
  return { dateOfBirth: user.dateOfBirth, phoneNumber: user.phoneNumber, confirmed: user.fallbackConfirmedAt !== null };
}

export const profileRoutes: FastifyPluginAsyncZod<Omit<AuthDeps, 'log'>> = async (app, options) => {
  const deps: AuthDeps = { ...options, log: app.log };
  const { db } = deps;
  app.get(
    '/profile',
    { preHandler: app.requireUser, schema: { tags: ['profile'], response: { 200: ProfileResponseSchema, ...errors } } },
    async (request) => {
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
  );

  // "Descargar mis datos" (issue 20): everything held about the student, as a JSON file. Each one reads all their rows,
  // so an account gets a few an hour from anywhere (issue 34, F12), besides each address's few a minute.
  const exportBudget = accountBudget(app, {
    name: 'export',
    max: 5,
    timeWindow: '1 hour',
    message: 'Ya descargaste tus datos varias veces en la última hora. Intenta nuevamente más tarde.',
  });
  app.get(
    '/export',
    {
      preHandler: [app.requireUser, exportBudget],
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], hide: true },
    },
    async (request, reply) => {
      const data = await exportAccountData(db, request.user!);
      reply.header('content-disposition', `attachment; filename="mis-datos-${new Date().toISOString().slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(data, null, 2);
    },
  );

  // The student's flashcard settings: how many new cards a day the sessions introduce.
  app.put(
    '/study-settings',
    {
      preHandler: app.requireUser,
      schema: { tags: ['profile'], body: StudySettingsSchema, response: { 200: StudySettingsSchema, ...errors } },
    },
    async (request) => {
      await db.update(users).set({ newCardsPerDay: request.body.newCardsPerDay }).where(eq(users.id, request.user!.id));
      return { newCardsPerDay: request.body.newCardsPerDay };
    },
  );

  app.put(
    '/fallback-login',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], body: FallbackLoginBodySchema, response: { 200: FallbackLoginResponseSchema, ...errors } },
    },
    async (request) => ({ fallbackLogin: fallbackLoginOf(await confirmFallbackLogin(db, request.user!, request.body)) }),
  );

  // Account rights (issue 20): the name is the student's to change; it opens nothing, so no code is asked.
  app.put(
    '/name',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], body: UpdateNameBodySchema, response: { 200: UpdateNameResponseSchema, ...errors } },
    },
    async (request) => {
      await db.update(users).set({ name: request.body.name }).where(eq(users.id, request.user!.id));
      return { name: request.body.name };
    },
  );

  // The birth date and phone are ways in: changing them takes a code e-mailed to the account for that purpose
  // (it cannot be spent on a login or a deletion, nor theirs on this; decision 020).
  app.post(
    '/login-data/code',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], response: { 200: SuccessSchema, ...codeErrors } },
    },
    async (request) => {
      const user = request.user!;
      if (!user.verified) throw new AppError('CODE_LOGIN_REQUIRED', 403, AUTH_MESSAGES.codeLoginRequired);
      await requestOtp(deps, user.email, new Date(), 'login-data');
      return { success: true };
    },
  );

  app.put(
    '/login-data',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], body: LoginDataBodySchema, response: { 200: LoginDataResponseSchema, ...codeErrors } },
    },
    async (request) => ({
      fallbackLogin: fallbackLoginOf(await changeLoginData(deps, request.user!, request.auth!.session.id, request.body)),
    }),
  );

  // The first-run screen's "¿En qué año presentas el ENARM?"; the profile can change it later.
  app.put(
    '/exam-year',
    {
      preHandler: app.requireUser,
      schema: { tags: ['profile'], body: ExamYearBodySchema, response: { 200: ExamYearBodySchema, ...errors } },
    },
    async (request) => {
      await db.update(users).set({ examYear: request.body.examYear }).where(eq(users.id, request.user!.id));
      return { examYear: request.body.examYear };
    },
  );

  app.patch(
    '/update-speciality',
    {
      preHandler: app.requireUser,
      schema: { tags: ['profile'], body: UpdateSpecialityBodySchema, response: { 200: UpdateSpecialityResponseSchema, ...errors } },
    },
    async (request) => {
      // A student may change their mind about the residency they aim for (ux N18): the last choice counts.
      await db.update(users).set({ speciality: request.body.speciality }).where(eq(users.id, request.user!.id));
      return { success: true };
    },
  );
};
