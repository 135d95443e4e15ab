import { get, post, type RouteTable } from './define.ts';

/** The discount quiz's API routes (the route manifest, issue 36): the 1-minute quiz, its prize wheel and the public claim. */
export const discountQuizRoutes = {
  question: get('/api/discount-quiz/question/random'),
  saveEvaluation: post('/api/discount-quiz/evaluations/save'),
  evaluations: get('/api/discount-quiz/evaluations'),
  saveDiscount: post('/api/discount-quiz/discounts/save'),
  lastDiscount: get('/api/discount-quiz/discounts/last'),
  claimPublicDiscount: post('/api/discount-quiz/public-discounts'),
} as const satisfies RouteTable;
