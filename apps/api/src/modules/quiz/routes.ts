import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorResponseSchema, SuccessSchema } from '@galeno/domain/contracts/common';
import {
  BankChoiceBodySchema,
  BankStateSchema,
  ClinicCaseSchema,
  ClinicCaseSpecialitiesResponseSchema,
  CreateQuizSessionBodySchema,
  EvaluateClinicCaseBodySchema,
  EvaluateClinicCaseResponseSchema,
  EvaluateQuestionBodySchema,
  GetQuickQuizEvaluationsBodySchema,
  GetQuickQuizEvaluationsResponseSchema,
  QuestionEvaluationSchema,
  QuestionSchema,
  QuizSessionParamsSchema,
  QuizSessionSchema,
  RandomBySpecialityBodySchema,
  RecordAnswersBodySchema,
  RecordAnswersResponseSchema,
  RandomClinicCaseQuerySchema,
  RandomQuestionQuerySchema,
  SaveQuickQuizEvaluationBodySchema,
  SpecialityCountsQuerySchema,
  SavedQuickQuizEvaluationSchema,
  FlaggedQuestionsSchema,
  FlaggedQuestionListSchema,
  QuestionFlagBodySchema,
  QuestionFlagParamsSchema,
  QuestionFlagSchema,
  SessionQuestionsSchema,
  SessionReviewSchema,
  StartReviewSessionBodySchema,
  CreateExamBodySchema,
  ExamAvailableSchema,
  ExamChoiceSchema,
  OpenSessionResponseSchema,
} from '@galeno/domain/contracts/quiz';
import { isKnownArea } from '@galeno/domain/taxonomy';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { drawClinicalCase, drawSingleQuestion } from '../bank/picker.ts';
import { evaluateClinicCase, evaluateQuestion, recordSessionAnswers, type Answerer } from '../sessions/answers.ts';
import { assertOwnUserId, discardQuizSession, listQuizEvaluations, saveQuizEvaluation } from '../sessions/evaluations.ts';
import { countClinicCasesBySpeciality, loadClinicCase, loadSingleQuestion } from '../bank/items.ts';
import { QUIZ_MESSAGES } from '../sessions/messages.ts';
import { createQuizSession } from '../sessions/sessions.ts';
import { listFlaggedQuestions, listFlags, sessionQuestions, sessionReview, setFlag, startReviewSession } from '../sessions/review.ts';
import { availableForExam, createExam, openSession } from './custom-exams.ts';
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

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

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

  app.get(
    '/question/random',
    { schema: { tags: ['quiz'], querystring: RandomQuestionQuerySchema, response: { 200: QuestionSchema, ...errors } } },
    async (request) => {
      const drawn = await drawSingleQuestion(db, userId(request.user), poolFor(request.user, request.query.bank));
      const question = drawn.id ? await loadSingleQuestion(db, drawn.id) : null;
      if (!question) throw notFound(QUIZ_MESSAGES.noQuestions);
      return drawn.repeated ? { ...question, repeated: true } : question;
    },
  );

  app.get(
    '/clinic-case/random',
    { schema: { tags: ['quiz'], querystring: RandomClinicCaseQuerySchema, response: { 200: ClinicCaseSchema, ...errors } } },
    async (request) => {
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
  );

  // Which areas and sub-specialities have cases, for the speciality picker. Behind the quiz access check on
  // purpose: an expired user entering the speciality quiz gets MEMBERSHIP_EXPIRED (the page's modal) at once.
  app.get(
    '/clinic-case/specialities',
    {
      schema: {
        tags: ['quiz'],
        querystring: SpecialityCountsQuerySchema,
        response: { 200: ClinicCaseSpecialitiesResponseSchema, ...errors },
      },
    },
    async (request) => countClinicCasesBySpeciality(db, poolFor(request.user, request.query.bank)),
  );

  // The bank setting (Galeno ENARM / MIR España / ambos, and the MIR items without an explanation), one per account
  // and honoured by every mode (issue 37); a trial sees only ours.
  app.get(
    '/bank',
    { config: { allowExpired: true }, schema: { tags: ['quiz'], response: { 200: BankStateSchema, ...errors } } },
    async (request) => bankState(db, request.user),
  );
  app.put(
    '/bank',
    {
      config: { allowExpired: true },
      schema: { tags: ['quiz'], body: BankChoiceBodySchema, response: { 200: BankStateSchema, ...errors } },
    },
    async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialOwnBankOnly);
      return chooseBank(db, request.user, request.body);
    },
  );
  // The page showed the line on what MIR items are: once per account.
  app.post(
    '/bank/mir-notice',
    { config: { allowExpired: true }, schema: { tags: ['quiz'], response: { 200: BankStateSchema, ...errors } } },
    async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialOwnBankOnly);
      return markMirNoticeSeen(db, request.user);
    },
  );

  app.post(
    '/clinic-case/random-by-speciality',
    { schema: { tags: ['quiz'], body: RandomBySpecialityBodySchema, response: { 200: ClinicCaseSchema, ...errors } } },
    async (request) => {
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
  );

  app.post(
    '/evaluate/question',
    {
      config: { grading: true },
      schema: { tags: ['quiz'], body: EvaluateQuestionBodySchema, response: { 200: QuestionEvaluationSchema, ...errors } },
    },
    async (request) => {
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
  );

  app.post(
    '/evaluate/clinic-case',
    {
      config: { grading: true },
      schema: { tags: ['quiz'], body: EvaluateClinicCaseBodySchema, response: { 200: EvaluateClinicCaseResponseSchema, ...errors } },
    },
    async (request) => {
      const evaluations = await evaluateClinicCase(db, answerer(request), request.body);
      await app.startFreeHours(request);
      return evaluations;
    },
  );

  app.post(
    '/evaluate/save-quick-quiz-evaluation',
    {
      config: { allowExpired: true },
      schema: { tags: ['quiz'], body: SaveQuickQuizEvaluationBodySchema, response: { 200: SavedQuickQuizEvaluationSchema, ...errors } },
    },
    async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      assertOwnUserId(request.user, request.body.userId);
      return saveQuizEvaluation(db, request.user, request.body.quizSessionId, new Date(), { by: 'quiz', skippedTimeMs: request.body.skippedTimeMs });
    },
  );

  // The server opens every quiz session; a trial gets one too (its answers are never recorded).
  app.post(
    '/sessions',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['quiz'], body: CreateQuizSessionBodySchema, response: { 200: QuizSessionSchema, ...errors } },
    },
    async (request) => createQuizSession(db, request.user, request.body),
  );

  // «Salir sin guardar»: the session ends unsaved, so a closed-tab save (saveEveryLeftSession) never picks it up.
  app.post(
    '/sessions/:quizSessionId/discard',
    { schema: { tags: ['quiz'], params: QuizSessionParamsSchema, response: { 200: SuccessSchema, ...errors } } },
    async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      await discardQuizSession(db, request.user, request.params.quizSessionId);
      return { success: true };
    },
  );

  app.post(
    '/sessions/:quizSessionId/answers',
    {
      schema: {
        tags: ['quiz'],
        params: QuizSessionParamsSchema,
        body: RecordAnswersBodySchema,
        response: { 200: RecordAnswersResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError('TRIAL_NOT_ALLOWED', 403, QUIZ_MESSAGES.trialCannotSave);
      const recorded = await recordSessionAnswers(db, request.user, request.params.quizSessionId, request.body.answers, new Date(), {
        by: 'quiz',
        elapsedMs: request.body.elapsedMs,
      });
      await app.startFreeHours(request);
      return recorded;
    },
  );

  app.post(
    '/evaluate/get-quick-quiz-evaluations',
    {
      config: { allowExpired: true },
      schema: {
        tags: ['quiz'],
        body: GetQuickQuizEvaluationsBodySchema,
        response: { 200: GetQuickQuizEvaluationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) return [];
      assertOwnUserId(request.user, request.body.userId);
      return listQuizEvaluations(db, request.user.id);
    },
  );

  // The study loop: a saved session's review, review sessions over a fixed list, and the flags. A trial has no
  // history to review or flags to keep.

  app.get(
    '/sessions/:quizSessionId/review',
    {
      config: { allowExpired: true },
      schema: { tags: ['quiz'], params: QuizSessionParamsSchema, response: { 200: SessionReviewSchema, ...errors } },
    },
    async (request) => sessionReview(db, account(request.user), request.params.quizSessionId),
  );

  app.post(
    '/review-sessions',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['quiz'], body: StartReviewSessionBodySchema, response: { 200: QuizSessionSchema, ...errors } },
    },
    async (request) => startReviewSession(db, account(request.user), request.body),
  );

  app.get(
    '/sessions/:quizSessionId/questions',
    { schema: { tags: ['quiz'], params: QuizSessionParamsSchema, response: { 200: SessionQuestionsSchema, ...errors } } },
    async (request) => sessionQuestions(db, account(request.user), request.params.quizSessionId),
  );

  app.get(
    '/flags',
    { config: { allowExpired: true }, schema: { tags: ['quiz'], response: { 200: FlaggedQuestionsSchema, ...errors } } },
    async (request) => (request.user ? listFlags(db, request.user) : { total: 0, questionIds: [] }),
  );

  app.get(
    '/flags/questions',
    { config: { allowExpired: true }, schema: { tags: ['quiz'], response: { 200: FlaggedQuestionListSchema, ...errors } } },
    async (request) => listFlaggedQuestions(db, account(request.user)),
  );

  app.put(
    '/flags/:questionId',
    {
      config: { allowExpired: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['quiz'],
        params: QuestionFlagParamsSchema,
        body: QuestionFlagBodySchema,
        response: { 200: QuestionFlagSchema, ...errors },
      },
    },
    async (request) => setFlag(db, account(request.user), request.params.questionId, request.body.flagged),
  );

  // "Crear examen": the live count of the current choice, the exam drawn once, and "Continuar" on the home page.
  app.post(
    '/exams/available',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['quiz'], body: ExamChoiceSchema, response: { 200: ExamAvailableSchema, ...errors } },
    },
    async (request) => {
      const user = account(request.user);
      return availableForExam(db, user, examChoiceFor(user, request.body));
    },
  );

  app.post(
    '/exams',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['quiz'], body: CreateExamBodySchema, response: { 200: QuizSessionSchema, ...errors } },
    },
    async (request) => {
      const user = account(request.user);
      return createExam(db, user, examChoiceFor(user, request.body));
    },
  );

  app.get(
    '/sessions/open',
    { config: { allowExpired: true }, schema: { tags: ['quiz'], response: { 200: OpenSessionResponseSchema, ...errors } } },
    async (request) => (request.user ? openSession(db, request.user) : { session: null }),
  );
};
