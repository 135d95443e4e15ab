import { get, patch, post, put, type RouteTable } from './define.ts';

/** The profile area's API routes (the route manifest, issue 36): the signed-in student's own data. */
export const profileRoutes = {
  profile: get('/api/user/profile'),
  /** «Descargar mis datos»: a JSON file (content-disposition attachment), opened by a link rather than fetched. */
  exportData: get('/api/user/export'),
  saveStudySettings: put('/api/user/study-settings'),
  confirmFallbackLogin: put('/api/user/fallback-login'),
  updateName: put('/api/user/name'),
  requestLoginDataCode: post('/api/user/login-data/code'),
  changeLoginData: put('/api/user/login-data'),
  saveExamYear: put('/api/user/exam-year'),
  updateSpeciality: patch('/api/user/update-speciality'),
} as const satisfies RouteTable;
