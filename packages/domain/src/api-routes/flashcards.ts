import { del, get, post, type RouteTable } from './define.ts';

/** Flashcards («ankis»): the clinic guides, their cards, evaluations on the spaced-repetition schedule and the day's review. */
export const flashcardsRoutes = {
  guides: get('/api/ankis/clinic-guides'),
  guide: get('/api/ankis/clinic-guides/:guideId'),
  guideCards: get('/api/ankis/flashcards/:guideId'),
  guideEvaluations: get('/api/ankis/flashcards/evaluations/by-guide/:guideId'),
  evaluations: get('/api/ankis/flashcards/evaluations/by-user'),
  evaluate: post('/api/ankis/flashcards/evaluate'),
  undoEvaluation: del('/api/ankis/flashcards/evaluations/:evaluationId'),
  reviewSummary: get('/api/ankis/review/summary'),
  reviewToday: get('/api/ankis/review/today'),
} as const satisfies RouteTable;
