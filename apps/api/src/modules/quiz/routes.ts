import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ExamChoiceSchema } from '@galeno/domain/contracts/quiz';
import { isKnownArea } from '@galeno/domain/taxonomy';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { drawClinicalCase, drawSingleQuestion } from '../bank/picker.ts';
import { evaluateClinicCase, evaluateQuestion, recordSessionAnswers, type Answerer } from '../sessions/answers.ts';
import { assertOwnUserId, discardQuizSession, listQuizEvaluations, saveQuizEvaluation } from '../sessions/evaluations.ts';
import { countClinicCasesBySpeciality, loadClinicCase, loadSingleQuestion } from '../bank/items.ts';
import { QUIZ_MESSAGES } from '../sessions/messages.ts';
import { createQuizSession } from '../sessions/sessions.ts';
import { listFlaggedQuestions, listFlags, sessionQuestions, sessionReview, setFlag, startReviewSession } from '../sessions/review.ts';
import { availableForExam, createExam, openSession } from './custom-exams.ts';
import { createPack } from './packs.ts';
import { bankFor, bankState, chooseBank, englishFor, markMirNoticeSeen, poolFor, unexplainedMirFor } from './banks.ts';

/** A «Crear examen» choice as validated: the bank and its options may still be left to the setting. */
type ExamChoiceBody = z.output<typeof ExamChoiceSchema>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reading or saving one's own results still works after access ends; answering does not. */
    allowExpired?: boolean;
    /** Grading: a trial's answer sent as its time ran out is still graded (requireGradingSession). */
    grading?: boolean;
  }
}

export const quizRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Every quiz call needs an account or a live trial; answering also needs access that has not ended.
  app.addHook('preHandler', (request) => {
    const { allowExpired, grading } = request.routeOptions.config;
    if (allowExpired) return app.requireSession(request);
    return grading ? app.requireGradingSession(request) : app.requireActiveMembership(request);
  });
  // A trial's answers wait on its session for an account created on the same device (issue 19).
  const answerer = (request: FastifyRequest): Answerer => ({
    user: request.user,
    trialSessionId: request.user ? null : (request.auth?.session.id ?? null),
  });
  const userId = (user: { id: string } | null) => user?.id ?? null;
  const account = (user: User | null): User => {
    if (!user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
    return user;
  };
  // «Crear examen»: what the page left unnamed is the student's bank setting (issue 37).
  const examChoiceFor = <Choice extends ExamChoiceBody>(user: User, choice: Choice) => ({
    ...choice,
    bank: bankFor(user, choice.bank),
    includeEnglish: choice.includeEnglish ?? englishFor(user),
    includeUnexplainedMir: choice.includeUnexplainedMir ?? unexplainedMirFor(user),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'randomQuestion'),
    handler: async (request) => {
      const drawn = await drawSingleQuestion(db, userId(request.user), poolFor(request.user, request.query.bank));
      const question = drawn.id ? await loadSingleQuestion(db, drawn.id) : null;
      if (!question) throw notFound(QUIZ_MESSAGES.noQuestions);
      return drawn.repeated ? { ...question, repeated: true } : question;
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'randomClinicCase'),
    handler: async (request) => {
      const drawn = await drawClinicalCase(db, {
        userId: userId(request.user),
        quizSessionId: request.query.quizSessionId,
        ...poolFor(request.user, request.query.bank),
      });
      const clinicCase = drawn.id ? await loadClinicCase(db, drawn.id) : null;
      if (!clinicCase) throw notFound(QUIZ_MESSAGES.noCases);
      // The cached case is shared: the flag goes on a copy.
      return drawn.repeated ? { ...clinicCase, repeated: true } : clinicCase;
    },
  });

  // Which areas and sub-specialities have cases, for the speciality picker. Behind the quiz access check on
  // purpose: an expired user entering the speciality quiz gets MEMBERSHIP_EXPIRED (the page's modal) at once.
  app.route({
    ...apiRoute(app, 'quiz', 'specialities'),
    handler: async (request) => countClinicCasesBySpeciality(db, poolFor(request.user, request.query.bank)),
  });

  // The bank setting (Galeno ENARM / MIR España / ambos, and the MIR items without an explanation), one per account
  // and honoured by every mode (issue 37); a trial sees only ours.
  app.route({
    ...apiRoute(app, 'quiz', 'bank'),
    config: { allowExpired: true },
    handler: async (request) => bankState(db, request.user),
  });
  app.route({
    ...apiRoute(app, 'quiz', 'chooseBank'),
    config: { allowExpired: true },
    handler: async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialOwnBankOnly);
      return chooseBank(db, request.user, request.body);
    },
  });
  // The page showed the line on what MIR items are: once per account.
  app.route({
    ...apiRoute(app, 'quiz', 'mirNoticeSeen'),
    config: { allowExpired: true },
    handler: async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialOwnBankOnly);
      return markMirNoticeSeen(db, request.user);
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'randomClinicCaseBySpeciality'),
    handler: async (request) => {
      const { speciality, subSpeciality, quizSessionId, bank } = request.body;
      // The page sends an area with an optional sub-speciality; a bare sub-speciality name works too.
      const filter = isKnownArea(speciality)
        ? { especialidad: speciality, ...(subSpeciality ? { subEspecialidad: subSpeciality } : {}) }
        : { subEspecialidad: speciality };
      const drawn = await drawClinicalCase(db, { userId: userId(request.user), quizSessionId, ...poolFor(request.user, bank) }, filter);
      const clinicCase = drawn.id ? await loadClinicCase(db, drawn.id) : null;
      if (!clinicCase) throw new AppError('NO_CASES_FOR_SPECIALITY', 404, QUIZ_MESSAGES.noCases);
      return drawn.repeated ? { ...clinicCase, repeated: true } : clinicCase;
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'evaluateQuestion'),
    config: { grading: true },
    handler: async (request) => {
      const { questionId, selectedOption, optionSelectedIndex, quizSessionId, elapsedMs } = request.body;
      const evaluation = await evaluateQuestion(db, answerer(request), {
        questionId,
        selected: (selectedOption ?? optionSelectedIndex)!,
        quizSessionId,
        elapsedMs,
      });
      await app.startFreeHours(request);
      return evaluation;
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'evaluateClinicCase'),
    config: { grading: true },
    handler: async (request) => {
      const evaluations = await evaluateClinicCase(db, answerer(request), request.body);
      await app.startFreeHours(request);
      return evaluations;
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'saveEvaluation'),
    config: { allowExpired: true },
    handler: async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      assertOwnUserId(request.user, request.body.userId);
      return saveQuizEvaluation(db, request.user, request.body.quizSessionId, new Date(), {
        by: 'quiz',
        skippedTimeMs: request.body.skippedTimeMs,
      });
    },
  });

  // The server opens every quiz session; a trial gets one too (its answers are never recorded).
  app.route({
    ...apiRoute(app, 'quiz', 'startSession'),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    // The contract lets through only the kinds a page opens bare (drawn as they go), which keep nothing at first.
    handler: async (request) => createQuizSession(db, request.user, { kind: request.body.kind, configuration: {} }),
  });

  // «Salir sin guardar»: the session ends unsaved, so a closed-tab save (saveEveryLeftSession) never picks it up.
  app.route({
    ...apiRoute(app, 'quiz', 'discardSession'),
    handler: async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      await discardQuizSession(db, request.user, request.params.quizSessionId);
      return { success: true };
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'recordAnswers'),
    handler: async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      const recorded = await recordSessionAnswers(db, request.user, request.params.quizSessionId, request.body.answers, new Date(), {
        by: 'quiz',
        elapsedMs: request.body.elapsedMs,
      });
      await app.startFreeHours(request);
      return recorded;
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'evaluations'),
    config: { allowExpired: true },
    handler: async (request) => {
      if (!request.user) return [];
      assertOwnUserId(request.user, request.body.userId);
      return listQuizEvaluations(db, request.user.id);
    },
  });

  // The study loop: a saved session's review, review sessions over a fixed list, and the flags. A trial has no
  // history to review or flags to keep.

  app.route({
    ...apiRoute(app, 'quiz', 'sessionReview'),
    config: { allowExpired: true },
    handler: async (request) => sessionReview(db, account(request.user), request.params.quizSessionId),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'startReviewSession'),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => startReviewSession(db, account(request.user), request.body),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'sessionQuestions'),
    handler: async (request) => sessionQuestions(db, account(request.user), request.params.quizSessionId),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'flags'),
    config: { allowExpired: true },
    handler: async (request) => (request.user ? listFlags(db, request.user) : { total: 0, questionIds: [] }),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'flaggedQuestions'),
    config: { allowExpired: true },
    handler: async (request) => listFlaggedQuestions(db, account(request.user)),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'setFlag'),
    config: { allowExpired: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => setFlag(db, account(request.user), request.params.questionId, request.body.flagged),
  });

  // "Crear examen": the live count of the current choice, the exam drawn once, and "Continuar" on the home page.
  app.route({
    ...apiRoute(app, 'quiz', 'examAvailable'),
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => {
      const user = account(request.user);
      return availableForExam(db, user, examChoiceFor(user, request.body));
    },
  });

  app.route({
    ...apiRoute(app, 'quiz', 'createExam'),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      const user = account(request.user);
      return createExam(db, user, examChoiceFor(user, request.body));
    },
  });

  // A pack for offline study (issue 41): an account with access; a few a minute at most (each is up to 50 cases).
  app.route({
    ...apiRoute(app, 'quiz', 'createPack'),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => createPack(db, account(request.user), request.body),
  });

  app.route({
    ...apiRoute(app, 'quiz', 'openSession'),
    config: { allowExpired: true },
    handler: async (request) => (request.user ? openSession(db, request.user) : { session: null }),
  });
};
