import type {
  BankChoiceBody,
  BankState,
  ClinicCase,
  EvaluateClinicCaseBody,
  Question,
  QuestionEvaluation,
  QuizSession,
  QuizSessionKind,
  RandomBySpecialityBody,
  SavedQuickQuizEvaluation,
  SessionQuestions,
  SessionReview,
  SpecialityCaseCount,
  StartReviewSessionBody,
  FlaggedQuestionList,
  QuestionFlag,
  CreateExamBody,
  ExamAvailable,
  ExamChoice,
  OpenSessionResponse,
} from '@galeno/domain/contracts/quiz';
import { api } from '../../lib/api';

/*
 * The quiz calls (spec section 7). Types come from the shared contract; `import type` keeps zod out of
 * the page chunks, and the server validates and serialises every response with the same schemas.
 */

/** The server opens each quiz session; answers and the final save carry its id. */
export function createQuizSession(body: { kind: QuizSessionKind }): Promise<QuizSession> {
  return api.quiz.startSession({ body });
}

/** With the quiz session's id, the server avoids the cases already answered in it while others remain. */
export function fetchRandomClinicCase(signal?: AbortSignal, quizSessionId?: string): Promise<ClinicCase> {
  return api.quiz.randomClinicCase({ query: { quizSessionId }, signal });
}

/** 404 with code NO_CASES_FOR_SPECIALITY when the bank has no case for that area (and sub-speciality). */
export function fetchClinicCaseBySpeciality(body: RandomBySpecialityBody, signal?: AbortSignal): Promise<ClinicCase> {
  return api.quiz.randomClinicCaseBySpeciality({ body, signal });
}

/** The student's bank setting (kept by the server for the account) and how many questions each bank serves. */
export function fetchBankState(signal?: AbortSignal): Promise<BankState> {
  return api.quiz.bank({ signal });
}

/** Changes the bank setting: the bank, and whichever options the change names. */
export function chooseBank(choice: BankChoiceBody): Promise<BankState> {
  return api.quiz.chooseBank({ body: choice });
}

/** The line on what MIR items are was shown: the server does not ask for it again for this account. */
export function markMirNoticeSeen(): Promise<BankState> {
  return api.quiz.mirNoticeSeen();
}

/** The areas and sub-specialities that have clinical cases in the student's bank, with how many; 403 MEMBERSHIP_EXPIRED once access ended. */
export function fetchSpecialityCaseCounts(signal?: AbortSignal): Promise<SpecialityCaseCount[]> {
  return api.quiz.specialities({ query: {}, signal });
}

export function fetchRandomQuestion(signal?: AbortSignal): Promise<Question> {
  return api.quiz.randomQuestion({ query: {}, signal });
}

export function evaluateQuestion(body: {
  questionId: string;
  selectedOption: number;
  quizSessionId: string;
  elapsedMs?: number;
}): Promise<QuestionEvaluation> {
  return api.quiz.evaluateQuestion({ body });
}

/** Every question of the case must be answered; one evaluation per question comes back. */
export function evaluateClinicCase(body: EvaluateClinicCaseBody & { quizSessionId: string }): Promise<QuestionEvaluation[]> {
  return api.quiz.evaluateClinicCase({ body });
}

/**
 * Saves the quiz session. The server recomputes the summary from the answers it recorded under
 * quizSessionId, so the page sends no numbers of its own and shows the summary that comes back.
 */
export function saveQuickQuizEvaluation(body: {
  userId: string;
  quizSessionId: string;
  skippedTimeMs?: number;
}): Promise<SavedQuickQuizEvaluation> {
  return api.quiz.saveEvaluation({ body });
}

/** A saved session's answers beside their keys and explanations. */
export function fetchSessionReview(quizSessionId: string, signal?: AbortSignal): Promise<SessionReview> {
  return api.quiz.sessionReview({ params: { quizSessionId }, signal });
}

/** "Repasar incorrectas" / "Repasar marcadas": the server opens a session over exactly those questions. */
export function startReviewSession(body: StartReviewSessionBody): Promise<QuizSession> {
  return api.quiz.startReviewSession({ body });
}

/** The questions of a review session, in order and without their keys. */
export function fetchSessionQuestions(quizSessionId: string, signal?: AbortSignal): Promise<SessionQuestions> {
  return api.quiz.sessionQuestions({ params: { quizSessionId }, signal });
}

/** The flagged list page: each flagged question, newest first. */
export function fetchFlaggedQuestions(signal?: AbortSignal): Promise<FlaggedQuestionList> {
  return api.quiz.flaggedQuestions({ signal });
}

export function putFlag(questionId: string, flagged: boolean): Promise<QuestionFlag> {
  return api.quiz.setFlag({ params: { questionId }, body: { flagged } });
}

/** 'examen' mode: the answers are recorded in the session without revealing their key. */
export function recordSessionAnswers(
  quizSessionId: string,
  /** Each with its own time so far (an exam-mode exam keeps each question's time across visits). */
  answers: { questionId: string; optionSelectedIndex: number; elapsedMs?: number }[],
  elapsedMs?: number,
): Promise<{ recorded: number; answeredInSession: number }> {
  return api.quiz.recordAnswers({ params: { quizSessionId }, body: { answers, ...(elapsedMs !== undefined ? { elapsedMs } : {}) } });
}

/** "Crear examen": how many questions the current choice offers. */
export function fetchExamAvailable(choice: ExamChoice, signal?: AbortSignal): Promise<ExamAvailable> {
  return api.quiz.examAvailable({ body: choice, signal });
}

/** The exam, drawn once by the server. */
export function createExam(body: CreateExamBody): Promise<QuizSession> {
  return api.quiz.createExam({ body });
}

/** The latest unfinished exam or review, for "Continuar". */
export function fetchOpenSession(signal?: AbortSignal): Promise<OpenSessionResponse> {
  return api.quiz.openSession({ signal });
}
