import { eq, and, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@galeno/domain/contracts/common';
import {
  ExamYearBodySchema,
  FallbackLoginBodySchema,
  FallbackLoginResponseSchema,
  ProfileResponseSchema,
  toSubscriptionInfo,
  StudySettingsSchema,
  UpdateSpecialityBodySchema,
  UpdateSpecialityResponseSchema,
  type FallbackLogin,
} from '@galeno/domain/contracts/profile';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/schema/users.ts';
import { confirmFallbackLogin } from '../auth/service.ts';
import { exportAccountData } from './export.ts';
import { AppError } from '../../errors.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema };

function fallbackLoginOf(user: User): FallbackLogin {
  return { dateOfBirth: user.dateOfBirth, phoneNumber: user.phoneNumber, confirmed: user.fallbackConfirmedAt !== null };
}

export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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

  // "Descargar mis datos" (issue 20): everything held about the student, as a JSON file.
  app.get(
    '/export',
    { preHandler: app.requireUser, config: { rateLimit: { max: 5, timeWindow: '1 minute' } }, schema: { tags: ['profile'], hide: true } },
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
      // The speciality is chosen once (the page offers the selector only while none is set).
      const updated = await db
        .update(users)
        .set({ speciality: request.body.speciality })
        .where(and(eq(users.id, request.user!.id), isNull(users.speciality)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('SPECIALITY_ALREADY_SET', 409, 'Tu especialidad ya está registrada.');
      return { success: true };
    },
  );
};
