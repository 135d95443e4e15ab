import { vi } from 'vitest';
import type {
  DiscountQuizEvaluation,
  DiscountQuizQuestion,
  SaveDiscountQuizEvaluationResponse,
} from '@galeno/domain/contracts/discount-quiz';

/**
 * Shared data for the route tests. mockApi reads an array as answers given in turn, so a list the
 * server sends goes inside one: `[[evaluation(...)]]`.
 */

export const QUESTION: DiscountQuizQuestion = {
  id: 'dq-1',
  question: '¿Antihipertensivo de elección en preeclampsia con datos de severidad?',
  options: [
    { type: 'text', text: 'Labetalol' },
    { type: 'text', text: 'Enalapril' },
    { type: 'image', text: 'Estructura química del losartán', imageURL: '/img/losartan.png' },
  ],
  tags: { Especialidad: 'Ginecología y Obstetricia', Tema: 'Preeclampsia', Dificultad: 'Fácil' },
};

export const API = {
  question: 'GET /api/discount-quiz/question/random',
  evaluations: 'GET /api/discount-quiz/evaluations',
  last: 'GET /api/discount-quiz/discounts/last',
  save: 'POST /api/discount-quiz/evaluations/save',
  decision: 'POST /api/discount-quiz/discounts/save',
  claim: 'POST /api/discount-quiz/public-discounts',
  refresh: 'GET /api/staggered-auth/token/refresh',
  me: 'GET /api/staggered-auth/user/me',
} as const;

export function evaluation(created: string, wasCorrect: boolean, answerIndexSelected = wasCorrect ? 0 : 1): DiscountQuizEvaluation {
  return { questionId: QUESTION.id, difficulty: 'Fácil', answerIndexSelected, wasCorrect, created };
}

export function answerResponse(correct: boolean, prize: number | null, attemptsRemaining: number): SaveDiscountQuizEvaluationResponse {
  return {
    evaluation: evaluation(new Date().toISOString(), correct),
    correct,
    correctAnswer: 0,
    feedback: 'El labetalol es seguro en el embarazo; IECA y ARA II están contraindicados.',
    prize,
    attemptsRemaining,
  };
}

/** jsdom has no matchMedia; the quiz asks it about reduced motion. */
export function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** An ISO time yesterday / earlier today, as the server would send. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
