import type {
  SimulacroClock,
  SimulacroForms,
  SimulacroResults,
  SimulacroSitting,
  StartSimulacroBody,
} from '@galeno/domain/contracts/simulacros';
import type { QuizSession } from '@galeno/domain/contracts/quiz';
import { api } from '../../lib/api';

/* The simulacro calls (decision 017); types from the shared contract, `import type` keeps zod out of the chunk. */

export function fetchSimulacros(signal?: AbortSignal): Promise<SimulacroForms> {
  return api.simulacros.list({ signal });
}

/** Starts a sitting of the form, or returns the one still open (on this or another device). */
export function startSimulacro(body: StartSimulacroBody): Promise<{ quizSessionId: string }> {
  return api.simulacros.start({ body });
}

/** «Repasar incorrectas» of a finished sitting: the server opens a review session over the questions missed in it. */
export function startMissedReview(quizSessionId: string): Promise<QuizSession> {
  return api.quiz.startReviewSession({ body: { source: 'incorrectas', quizSessionId } });
}

export function fetchSitting(quizSessionId: string, signal?: AbortSignal): Promise<SimulacroSitting> {
  return api.simulacros.sitting({ params: { quizSessionId }, signal });
}

/** Autosave: the answers not yet confirmed; the server answers with its clock. */
export function saveSimulacroAnswers(
  quizSessionId: string,
  answers: { questionId: string; optionSelectedIndex: number }[],
  position: number,
): Promise<SimulacroClock> {
  return api.simulacros.saveAnswers({ params: { quizSessionId }, body: { answers, position } });
}

export function endSimulacroPart(quizSessionId: string): Promise<SimulacroClock> {
  return api.simulacros.endPart({ params: { quizSessionId } });
}

export function resumeSimulacro(quizSessionId: string): Promise<SimulacroClock> {
  return api.simulacros.resume({ params: { quizSessionId } });
}

export function finishSimulacro(quizSessionId: string): Promise<SimulacroResults> {
  return api.simulacros.finish({ params: { quizSessionId } });
}

export function fetchSimulacroResults(quizSessionId: string, signal?: AbortSignal): Promise<SimulacroResults> {
  return api.simulacros.results({ params: { quizSessionId }, signal });
}
