import { get, post, put, type RouteTable } from './define.ts';

/** The quizzes: draws, grading, sessions, the bank setting, flags, review sessions and custom exams («Crear examen»). */
export const quizRoutes = {
  randomQuestion: get('/api/quiz/question/random'),
  randomClinicCase: get('/api/quiz/clinic-case/random'),
  specialities: get('/api/quiz/clinic-case/specialities'),
  bank: get('/api/quiz/bank'),
  chooseBank: put('/api/quiz/bank'),
  mirNoticeSeen: post('/api/quiz/bank/mir-notice'),
  randomClinicCaseBySpeciality: post('/api/quiz/clinic-case/random-by-speciality'),
  evaluateQuestion: post('/api/quiz/evaluate/question'),
  evaluateClinicCase: post('/api/quiz/evaluate/clinic-case'),
  saveEvaluation: post('/api/quiz/evaluate/save-quick-quiz-evaluation'),
  startSession: post('/api/quiz/sessions'),
  discardSession: post('/api/quiz/sessions/:quizSessionId/discard'),
  recordAnswers: post('/api/quiz/sessions/:quizSessionId/answers'),
  evaluations: post('/api/quiz/evaluate/get-quick-quiz-evaluations'),
  sessionReview: get('/api/quiz/sessions/:quizSessionId/review'),
  startReviewSession: post('/api/quiz/review-sessions'),
  sessionQuestions: get('/api/quiz/sessions/:quizSessionId/questions'),
  flags: get('/api/quiz/flags'),
  flaggedQuestions: get('/api/quiz/flags/questions'),
  setFlag: put('/api/quiz/flags/:questionId'),
  examAvailable: post('/api/quiz/exams/available'),
  createExam: post('/api/quiz/exams'),
  openSession: get('/api/quiz/sessions/open'),
  createPack: post('/api/quiz/packs'),
} as const satisfies RouteTable;
