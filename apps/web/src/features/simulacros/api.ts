import type {
  SimulacroClock,
  SimulacroForms,
  SimulacroResults,
  SimulacroSitting,
  StartSimulacroBody,
} from '@galeno/domain/contracts/simulacros';
import type { QuestionFlag, QuizSession } from '@galeno/domain/contracts/quiz';
import { apiFetch } from '../../lib/api-client';

/* The simulacro calls (decision 017); types from the shared contract, `import type` keeps zod out of the chunk. */

export function fetchSimulacros(signal?: AbortSignal): Promise<SimulacroForms> {
  return apiFetch<SimulacroForms>('/api/simulacros', { signal });
}

/** Starts a sitting of the form, or returns the one still open (on this or another device). */
export function startSimulacro(body: StartSimulacroBody): Promise<{ quizSessionId: string }> {
  return apiFetch<{ quizSessionId: string }>('/api/simulacros', { method: 'POST', json: body });
}

/** «Repasar incorrectas» of a finished sitting: the server opens a review session over the questions missed in it. */
export function startMissedReview(quizSessionId: string): Promise<QuizSession> {
  return apiFetch<QuizSession>('/api/quiz/review-sessions', { method: 'POST', json: { source: 'incorrectas', quizSessionId } });
}

export function fetchSitting(quizSessionId: string, signal?: AbortSignal): Promise<SimulacroSitting> {
  return apiFetch<SimulacroSitting>(`/api/simulacros/${encodeURIComponent(quizSessionId)}`, { signal });
}

/** Autosave: the answers not yet confirmed; the server answers with its clock. */
export function saveSimulacroAnswers(
  quizSessionId: string,
  answers: { questionId: string; optionSelectedIndex: number }[],
  position: number,
): Promise<SimulacroClock> {
  return apiFetch<SimulacroClock>(`/api/simulacros/${encodeURIComponent(quizSessionId)}/answers`, {
    method: 'PUT',
    json: { answers, position },
  });
}

export function endSimulacroPart(quizSessionId: string): Promise<SimulacroClock> {
  return apiFetch<SimulacroClock>(`/api/simulacros/${encodeURIComponent(quizSessionId)}/pause`, { method: 'POST' });
}

export function resumeSimulacro(quizSessionId: string): Promise<SimulacroClock> {
  return apiFetch<SimulacroClock>(`/api/simulacros/${encodeURIComponent(quizSessionId)}/resume`, { method: 'POST' });
}

export function finishSimulacro(quizSessionId: string): Promise<SimulacroResults> {
  return apiFetch<SimulacroResults>(`/api/simulacros/${encodeURIComponent(quizSessionId)}/finish`, { method: 'POST' });
}

export function fetchSimulacroResults(quizSessionId: string, signal?: AbortSignal): Promise<SimulacroResults> {
  return apiFetch<SimulacroResults>(`/api/simulacros/${encodeURIComponent(quizSessionId)}/results`, { signal });
}

/** "Marcar para repasar": the same flags as every quiz. */
export function putFlag(questionId: string, flagged: boolean): Promise<QuestionFlag> {
  return apiFetch<QuestionFlag>(`/api/quiz/flags/${encodeURIComponent(questionId)}`, { method: 'PUT', json: { flagged } });
}
