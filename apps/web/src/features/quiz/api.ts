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
  FlaggedQuestions,
  FlaggedQuestionList,
  QuestionFlag,
  CreateExamBody,
  ExamAvailable,
  ExamChoice,
  OpenSessionResponse,
} from '@galeno/domain/contracts/quiz';
import { apiFetch } from '../../lib/api-client';

/*
 * The quiz calls (spec section 7). Types come from the shared contract; `import type` keeps zod out of
 * the page chunks, and the server validates and serialises every response with the same schemas.
 */

/** The server opens each quiz session; answers and the final save carry its id. */
export function createQuizSession(body: {
  kind: QuizSessionKind;
  configuration?: Record<string, string | number | boolean | null>;
}): Promise<QuizSession> {
  return apiFetch<QuizSession>('/api/quiz/sessions', { method: 'POST', json: body });
}

/** With the quiz session's id, the server avoids the cases already answered in it while others remain. */
export function fetchRandomClinicCase(signal?: AbortSignal, quizSessionId?: string): Promise<ClinicCase> {
  const query = quizSessionId ? `?${new URLSearchParams({ quizSessionId }).toString()}` : '';
  return apiFetch<ClinicCase>(`/api/quiz/clinic-case/random${query}`, { signal });
}

/** 404 with code NO_CASES_FOR_SPECIALITY when the bank has no case for that area (and sub-speciality). */
export function fetchClinicCaseBySpeciality(body: RandomBySpecialityBody, signal?: AbortSignal): Promise<ClinicCase> {
  return apiFetch<ClinicCase>('/api/quiz/clinic-case/random-by-speciality', { method: 'POST', json: body, signal });
}

/** The student's bank setting (kept by the server for the account) and how many questions each bank serves. */
export function fetchBankState(signal?: AbortSignal): Promise<BankState> {
  return apiFetch<BankState>('/api/quiz/bank', { signal });
}

/** Changes the bank setting: the bank, and whichever options the change names. */
export function chooseBank(choice: BankChoiceBody): Promise<BankState> {
  return apiFetch<BankState>('/api/quiz/bank', { method: 'PUT', json: choice });
}

/** The line on what MIR items are was shown: the server does not ask for it again for this account. */
export function markMirNoticeSeen(): Promise<BankState> {
  return apiFetch<BankState>('/api/quiz/bank/mir-notice', { method: 'POST' });
}

/** The areas and sub-specialities that have clinical cases in the student's bank, with how many; 403 MEMBERSHIP_EXPIRED once access ended. */
export function fetchSpecialityCaseCounts(signal?: AbortSignal): Promise<SpecialityCaseCount[]> {
  return apiFetch<SpecialityCaseCount[]>('/api/quiz/clinic-case/specialities', { signal });
}

export function fetchRandomQuestion(signal?: AbortSignal): Promise<Question> {
  return apiFetch<Question>('/api/quiz/question/random', { signal });
}

export function evaluateQuestion(body: {
  questionId: string;
  selectedOption: number;
  quizSessionId: string;
  elapsedMs?: number;
}): Promise<QuestionEvaluation> {
  return apiFetch<QuestionEvaluation>('/api/quiz/evaluate/question', { method: 'POST', json: body });
}

/** Every question of the case must be answered; one evaluation per question comes back. */
export function evaluateClinicCase(body: EvaluateClinicCaseBody & { quizSessionId: string }): Promise<QuestionEvaluation[]> {
  return apiFetch<QuestionEvaluation[]>('/api/quiz/evaluate/clinic-case', { method: 'POST', json: body });
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
  return apiFetch<SavedQuickQuizEvaluation>('/api/quiz/evaluate/save-quick-quiz-evaluation', { method: 'POST', json: body });
}

/** A saved session's answers beside their keys and explanations. */
export function fetchSessionReview(quizSessionId: string, signal?: AbortSignal): Promise<SessionReview> {
  return apiFetch<SessionReview>(`/api/quiz/sessions/${encodeURIComponent(quizSessionId)}/review`, { signal });
}

/** "Repasar incorrectas" / "Repasar marcadas": the server opens a session over exactly those questions. */
export function startReviewSession(body: StartReviewSessionBody): Promise<QuizSession> {
  return apiFetch<QuizSession>('/api/quiz/review-sessions', { method: 'POST', json: body });
}

/** The questions of a review session, in order and without their keys. */
export function fetchSessionQuestions(quizSessionId: string, signal?: AbortSignal): Promise<SessionQuestions> {
  return apiFetch<SessionQuestions>(`/api/quiz/sessions/${encodeURIComponent(quizSessionId)}/questions`, { signal });
}

export function fetchFlags(signal?: AbortSignal): Promise<FlaggedQuestions> {
  return apiFetch<FlaggedQuestions>('/api/quiz/flags', { signal });
}

/** The flagged list page: each flagged question, newest first. */
export function fetchFlaggedQuestions(signal?: AbortSignal): Promise<FlaggedQuestionList> {
  return apiFetch<FlaggedQuestionList>('/api/quiz/flags/questions', { signal });
}

export function putFlag(questionId: string, flagged: boolean): Promise<QuestionFlag> {
  return apiFetch<QuestionFlag>(`/api/quiz/flags/${encodeURIComponent(questionId)}`, { method: 'PUT', json: { flagged } });
}

/** 'examen' mode: the answers are recorded in the session without revealing their key. */
export function recordSessionAnswers(
  quizSessionId: string,
  /** Each with its own time so far (an exam-mode exam keeps each question's time across visits). */
  answers: { questionId: string; optionSelectedIndex: number; elapsedMs?: number }[],
  elapsedMs?: number,
): Promise<{ recorded: number; answeredInSession: number }> {
  return apiFetch(`/api/quiz/sessions/${encodeURIComponent(quizSessionId)}/answers`, {
    method: 'POST',
    json: { answers, ...(elapsedMs !== undefined ? { elapsedMs } : {}) },
  });
}

/** "Crear examen": how many questions the current choice offers. */
export function fetchExamAvailable(choice: ExamChoice, signal?: AbortSignal): Promise<ExamAvailable> {
  return apiFetch<ExamAvailable>('/api/quiz/exams/available', { method: 'POST', json: choice, signal });
}

/** The exam, drawn once by the server. */
export function createExam(body: CreateExamBody): Promise<QuizSession> {
  return apiFetch<QuizSession>('/api/quiz/exams', { method: 'POST', json: body });
}

/** The latest unfinished exam or review, for "Continuar". */
export function fetchOpenSession(signal?: AbortSignal): Promise<OpenSessionResponse> {
  return apiFetch<OpenSessionResponse>('/api/quiz/sessions/open', { signal });
}
