import { get, post, put, type RouteTable } from './define.ts';

/** «Simulacro ENARM» and «Mini simulacro»: forms and sittings (decision 017). */
export const simulacrosRoutes = {
  list: get('/api/simulacros'),
  start: post('/api/simulacros'),
  sitting: get('/api/simulacros/:quizSessionId'),
  saveAnswers: put('/api/simulacros/:quizSessionId/answers'),
  endPart: post('/api/simulacros/:quizSessionId/pause'),
  resume: post('/api/simulacros/:quizSessionId/resume'),
  finish: post('/api/simulacros/:quizSessionId/finish'),
  results: get('/api/simulacros/:quizSessionId/results'),
} as const satisfies RouteTable;
